//! The command line's arguments and help: every command's help text lives here, once.

pub const USAGE: &str = "cubehint: Rubik's cube solver (2x2 optimal, 3x3 two-phase and optimal)

usage: cubehint <command> [options]

commands:
  apply     print the sticker string after a move sequence
  check     validate sticker strings (given as arguments, else read from standard input)
  solve     solve sticker strings (given as arguments, else read from standard input)
  scramble  print random-state scrambles
  bench     measure table build and solve times
  tables    write the 2x2 distance tables and 3x3 pruning tables to a folder
  patterns  list the named patterns and stages 'solve --to' takes

'cubehint <command> --help' describes each command.
Sticker strings: 54 letters (3x3) or 24 letters (2x2), faces in the order U R F D L B.";

pub const APPLY_HELP: &str = "usage: cubehint apply [--size 2|3] [--from FACELETS] MOVES...

Prints the sticker string after MOVES, starting from solved or from --from.
MOVES in WCA notation: U R F D L B with ' or 2, Kociemba's U1 U2 U3, rotations x y z,
and on the 3x3 wide turns (Rw, r) and slices M E S. The size defaults to that of --from,
else 3.";

pub const CHECK_HELP: &str = "usage: cubehint check STATE...   or   cubehint check < states.txt

Checks each sticker string given, else each line of standard input, and prints 'ok' or every
problem found, as
error[CODE]: message, joined by '; '. Codes: length letter center count piece duplicate
twist flip parity. Exits 1 if any line failed.";

pub const SOLVE_HELP: &str = "usage: cubehint solve [--metric htm|qtm] [--all N] [--max-length N] [--tables DIR]
                     [--optimal [--table SIZE] [--threads N] [--progress]] [--to TARGET]
                     [--prefer short|easy] [--method beginner|cfop-2look|cfop [--fewest]]
                     STATE...   (or, with no STATE, < states.txt)

Solves each sticker string given (24 letters: 2x2, 54: 3x3), else each line of standard input,
and prints one line each: the
solution, an empty line for a solved cube, or error[CODE]: message. Exits 1 if any line failed.
  --metric htm|qtm  2x2: count half turns as 1 (htm, default) or 2 (qtm); solutions are optimal
  --all N           2x2: up to N different optimal solutions, separated by ' | '
  --max-length N    3x3: never longer than N moves (default 20)
  --max-time S      3x3: how long a hard cube's search for a solution within the length
                    limit may go on (default 300 seconds). A hard cube gets a solution of any
                    length at once (its length on standard error); the two-phase search then
                    looks for shorter ones for up to 10 s (a quarter of S, if less), and after
                    that the optimal solver's tables search every sequence of the limit's length
                    and then of each shorter one (built and kept the first time, as for
                    --optimal). If none within the limit is found in time, the one in hand is
                    the answer, or, when --max-length was given, the line is error[stopped]; if
                    every length up to the limit was searched, it is error[too-long]
  --extra-nodes N   3x3: after the first solution, search N more nodes for shorter (default 0)
  --optimal         3x3: the shortest solution (IDA* over a flip table or h0; seconds to
                    minutes)
  --table SIZE      for --optimal: the flip table h6 (1.9 GB), h5 (971 MB), h4 (485 MB) or h3
                    (243 MB), or h0 (59 MB) or h0-2bit (h0 at 2 bits, 29 MB); the bigger
                    the table, the faster. Default: the
                    biggest flip table already in DIR (or the cache), else h6 with 6 GB of
                    memory available, h5 with 3 GB, else h4 (small, medium, large and huge
                    are read as h0-2bit, h0, h3 and h4)
  --threads N       for --optimal: search with N threads sharing the tables (default: one a
                    core)
  --tables DIR      read tables written by 'cubehint tables' instead of building them:
                    DIR/phase1.bin (3x3; otherwise built, about 7 s, when a state is not solved
                    within 1.5 million nodes by the small tables, and always for --optimal) and,
                    for --optimal, DIR/optimal-hN.bin for a size with flip table hN (otherwise
                    built, one to three minutes), or DIR/optimal-h0.bin or
                    DIR/optimal-h0-2bit.bin (otherwise built, about 6 s). Without --tables, tables built are
                    kept for the next run in $CUBEHINT_CACHE, else $XDG_CACHE_HOME/cubehint, else
                    ~/.cache/cubehint (CUBEHINT_CACHE=off keeps nothing)
  --progress        for --optimal: print each finished depth to standard error, and at the
                    end the nodes of each depth searched and whether the two-phase try found
                    the answer
  --prefer easy     a solution easy to turn: of 37 two-phase solutions (the search's own, and
                    one starting and one ending with each face turn), the one of least turning
                    cost at most 2 moves longer than the shortest; the 2x2: of its optimal
                    solutions. Its length and cost go to standard error (docs/targets.md
                    gives the cost model)
  --to TARGET       solve to TARGET instead of solved: a pattern or a stage by name
                    ('cubehint patterns' lists them), or a sticker string in which * is any
                    colour. A full target is reached exactly: the 3x3 as asked (two-phase, or
                    --optimal), the 2x2 as painted, in the fewest face turns of all six faces.
                    A partial one in the fewest moves that show every known sticker (searched
                    up to 300 million nodes, then by way of the solved cube, said on standard
                    error; with --optimal, without a limit)
  --method NAME     3x3: solve stage by stage as a learner of the method does, a line a stage:
                    stage<TAB>case<TAB>moves (the case empty for a stage without cases, 'skip'
                    when a turn of the top is all it needs). The cross and the first two layers
                    in the fewest moves; each last-layer case with the algorithm learners are
                    taught, the top turned first and after as needed. beginner: top cross, top
                    face (the Sune), top corners, top edges, a few algorithms done once or more;
                    cfop-2look: 2-look OLL and PLL (16 algorithms); cfop: full OLL (57) and PLL
                    (21). Several cubes: a block each, an empty line between (docs/methods.md)
  --fewest          with --method: each stage in the fewest moves found instead (last-layer
                    stages searched up to 30 million nodes, else the algorithm)";

pub const PATTERNS_HELP: &str = "usage: cubehint patterns [2x2|3x3]

Lists the named patterns (name, the moves that make it, its sticker string, what it looks
like) and the named partial targets (stages) that 'solve --to' takes.";

pub const SCRAMBLE_HELP: &str = "usage: cubehint scramble 2x2|3x3 [--count N] [--seed S] [--facelets]

Prints random-state scrambles, one per line: the 2x2 as an optimal sequence in U R F (at least
4 moves), the 3x3 in at most 20 moves. --facelets adds the state's sticker string after a tab.";

pub const BENCH_HELP: &str =
    "usage: cubehint bench 2x2|3x3|optimal|easy|stages [--count N] [--seed S] [--states FILE] [--fewest]
                     [--small-tables] [--extra-nodes N] [--table SIZE] [--tables DIR]
                     [--threads N]

Builds the tables, then solves N random states (default 1000; 5 for optimal) or the states in
FILE (one sticker string per line) and prints build time, median / p95 / max solve time and
lengths. '3x3' uses the exact phase-1 table (built, or read from --tables DIR) unless
--small-tables. 'optimal' solves 3x3 states optimally and also prints each state's time, its
nodes, the nodes of each depth and whether the two-phase try found the answer (with
--threads N, N threads share each search; default 1). --table as for solve. 'easy'
compares the mean length and turning cost of solve and solve --prefer easy (default 200
states). 'stages' runs each method's stages in turn from random cubes (default 20; --nodes N
for the search for the fewest moves, default 30 million; --fewest: last-layer stages in the
fewest moves too, not by their algorithms) and prints per stage the time, the length, how many
were proven the fewest and how many of its cases came up (a skip counts as one).";

pub const TABLES_HELP: &str = "usage: cubehint tables --out DIR [--optimal [--table SIZE]]

Writes the 2x2 distance tables (pocket-htm.bin, pocket-qtm.bin), the 3x3 two-phase pruning
tables (two-phase.bin) and the exact phase-1 table (phase1.bin, 35 MB) in cubehint's table
format; with --optimal, the optimal solver's tables instead: optimal-h0.bin (59 MB) and
optimal-h0-2bit.bin (29 MB), the flip tables optimal-h3.bin (243 MB) and optimal-h4.bin
(485 MB), or with --table SIZE only that size's (h5: optimal-h5.bin, 971 MB; h6:
optimal-h6.bin, 1.9 GB; a flip table needs no h0 beside it), and phase1.bin, which the
optimal search also reads. Files are written whole or not at all.";

pub struct Args {
    pub items: Vec<String>,
}

impl Args {
    pub fn flag(&mut self, name: &str) -> bool {
        match self.items.iter().position(|a| a == name) {
            Some(i) => {
                self.items.remove(i);
                true
            }
            None => false,
        }
    }
    pub fn value(&mut self, name: &str) -> Result<Option<String>, String> {
        let prefix = format!("{name}=");
        if let Some(i) = self.items.iter().position(|a| a.starts_with(&prefix)) {
            return Ok(Some(self.items.remove(i)[prefix.len()..].to_string()));
        }
        match self.items.iter().position(|a| a == name) {
            Some(i) if i + 1 < self.items.len() => {
                self.items.remove(i);
                Ok(Some(self.items.remove(i)))
            }
            Some(_) => Err(format!("{name} needs a value")),
            None => Ok(None),
        }
    }
    pub fn number<T: std::str::FromStr>(&mut self, name: &str) -> Result<Option<T>, String> {
        match self.value(name)? {
            Some(v) => v.parse().map(Some).map_err(|_| format!("{name} takes a number, not '{v}'")),
            None => Ok(None),
        }
    }
    pub fn no_options_left(&self) -> Result<(), String> {
        match self.items.iter().find(|a| a.starts_with("--")) {
            Some(a) => Err(format!("unknown option {a}")),
            None => Ok(()),
        }
    }
}
