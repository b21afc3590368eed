// The command-line binary for the JavaScript tests, and cubing.js's KPuzzle as the independent
// judge of solutions: a scramble, then a solution, must leave the cube solved.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { Alg } from 'cubing/alg';
import { cube2x2x2, cube3x3x3 } from 'cubing/puzzles';

// The binary `cargo test` (run first by `./build.sh test`) or a release build left behind,
// whichever is newer; built when there is neither.
function cli() {
  const found = ['target/debug/cubehint', 'target/release/cubehint'].filter(existsSync);
  if (found.length === 0) {
    execFileSync('cargo', ['build', '--bin', 'cubehint'], { stdio: 'inherit' });
    return 'target/debug/cubehint';
  }
  return found.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
}
let bin = null;
export const run = (args, input) => execFileSync((bin ??= cli()), args, { input, encoding: 'utf8', maxBuffer: 1 << 26 });

// `cubehint scramble` lines are "moves<TAB>facelets".
export const scrambles = (size, count, seed) =>
  run(['scramble', size, '--count', String(count), '--seed', String(seed), '--facelets'])
    .trim()
    .split('\n')
    .map((line) => {
      const [moves, facelets] = line.split('\t');
      return { moves, facelets };
    });

export const count = (moves) => (moves.trim() ? moves.trim().split(/\s+/).length : 0);

// Whether `solution` after `scramble` leaves the cube solved, as cubing.js applies them: a 3x3
// exactly, a 2x2 in any orientation (our 2x2 solutions keep one corner in place, so the cube may
// end up turned as a whole).
export async function solves(size, scramble, solution) {
  const k = await (size === 2 ? cube2x2x2 : cube3x3x3).kpuzzle();
  const after = k.defaultPattern().applyAlg(new Alg(scramble)).applyAlg(new Alg(solution));
  return size === 2 ? after.experimentalIsSolved({ ignorePuzzleOrientation: true, ignoreCenterOrientation: true }) : after.isIdentical(k.defaultPattern());
}
