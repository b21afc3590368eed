// cubehint: a Rubik's cube solver in WebAssembly (the 2x2 and the 3x3), for browsers and Node.

/** A puzzle: 2 or 3 (also written '2x2', '3x3'). */
export type Puzzle = 2 | 3 | '2x2' | '3x3';

/** The optimal tables' sizes, smallest first (h0-2bit 29 MB to h6 1.9 GB). */
export type TableSize = 'h0-2bit' | 'h0' | 'h3' | 'h4' | 'h5' | 'h6';

/** The codes of CubehintError: the sticker codes as the CLI prints them, then the rest. */
export type ErrorCode =
  | 'length' | 'letter' | 'center' | 'count' | 'piece' | 'duplicate' | 'twist' | 'flip' | 'parity'
  | 'target' | 'puzzle' | 'metric' | 'size' | 'method' | 'not-found' | 'stopped' | 'internal'
  | (string & {});

/** One problem of a sticker string, with the stickers involved by name (`'U9'`). */
export interface Problem {
  code: ErrorCode;
  message: string;
  stickers: string[];
}

export declare class CubehintError extends Error {
  readonly name: 'CubehintError';
  readonly code: ErrorCode;
  /** Bad stickers: every problem found. */
  problems?: Problem[];
  /** `not-found`: the shortest solution found, longer than `maxLength`. */
  best?: Solution;
}

/** What a solve reports while it works. */
export type ProgressEvent =
  | { type: 'tables'; table: 'pocket' | 'two-phase' | 'phase1' | 'optimal'; fraction: number; source?: string }
  | { type: 'search'; lower: number; depth: number | null; nodes: number; upper: number; workers: number }
  | { type: 'longer'; moves: string[]; length: number; target: number };

export interface SolveOptions {
  /** Checked against the state's length (24 stickers: 2x2, 54: 3x3). */
  puzzle?: Puzzle;
  /** The longest 3x3 solution wanted (default 20: every cube has one). */
  maxLength?: number;
  /** A target instead of solved: a pattern's or stage's name, or a sticker string with `*` for any colour. */
  to?: string;
  /** The shortest 3x3 solution, proven: `true` for the tables the memory allows, or their size. */
  optimal?: boolean | TableSize;
  /** `short` (default); `easy`: of several solutions, the easiest to turn; `fewest` with `method`: each stage in the fewest moves. */
  prefer?: 'short' | 'easy' | 'fewest';
  /** The metric of 2x2 solutions and targets (default `htm`). */
  metric?: 'htm' | 'qtm';
  /** The next stage of a method, by its cases' algorithms: `beginner`, `cfop-2look`, `cfop`. */
  method?: 'beginner' | 'cfop-2look' | 'cfop';
  /** Aborting rejects with the signal's reason and ends the search at once. */
  signal?: AbortSignal;
  onProgress?: (event: ProgressEvent) => void;
}

export interface CaseInfo {
  /** The case's name (`Sune`, `T perm`, `OLL 45`), or `skip`. */
  name: string;
  look: string;
  /** The algorithm as learners write it (`(R U R' U') …`). */
  alg: string;
  /** Turns of the top before and after the algorithm. */
  before: string;
  after: string;
  /** 21 face letters: the top face, then the top rows of F, R, B, L (after `before`). */
  view: string;
  algLength: number;
}

export interface Solution {
  puzzle: 2 | 3;
  /** The moves in WCA notation, one a string: `["R", "U2", "F'"]`. */
  moves: string[];
  /** The same, joined by spaces. */
  text: string;
  length: number;
  /** Proven the fewest (in `metric`). */
  optimal: boolean;
  metric?: 'htm' | 'qtm';
  /** A target's moves found by way of the solved cube (the search for the fewest stopped). */
  throughSolved?: boolean;
  /** The stickers a target or stage fixes. */
  stickers?: string[];
  /** With `method`: the stage solved (null when every stage is done). */
  stage?: { index: number; count: number; name: string; goal: string; case: CaseInfo | null } | null;
  /** With `prefer: 'easy'`. */
  cost?: number;
  shortest?: { length: number; cost: number };
  candidates?: number;
  /** With `optimal`: the tables' size used. */
  tables?: TableSize;
}

export interface Scramble extends Solution {
  /** The scrambled state's sticker string. */
  state: string;
}

export interface Validation {
  ok: boolean;
  /** 2 or 3 when the length says which; null otherwise. */
  puzzle: 2 | 3 | null;
  problems: Problem[];
}

export interface SolverOptions {
  /** Where table files are read from first: a URL in browsers, a folder in Node (`cubehint tables --out DIR`). */
  tables?: string | URL | null;
  /** Node: the folder tables are kept in (default the CLI's cache), or false for none. */
  cache?: string | false | null;
  /** The optimal search's tables (default: by memory). */
  tableSize?: TableSize | null;
  /** The optimal search's workers (default: one a core, at most four, within memory). */
  workers?: number | null;
}

/** A solver with workers of its own. */
export declare class Cubehint {
  solve(state: string, options?: SolveOptions): Promise<Solution>;
  scramble(options?: { puzzle?: Puzzle; signal?: AbortSignal }): Promise<Scramble>;
  validate(state: string): Promise<Validation>;
  applyMoves(moves: string | string[], options?: { puzzle?: Puzzle; from?: string }): Promise<string>;
  prepare(puzzle?: Puzzle | 'phase1', options?: { signal?: AbortSignal; onProgress?: (event: ProgressEvent) => void }): Promise<unknown>;
  /** Ends its workers; tables stay kept. */
  terminate(): Promise<void>;
}

export declare function createSolver(options?: SolverOptions): Cubehint;

/** Solves a sticker string (54 letters URFDLB for a 3x3, 24 for a 2x2, faces in the order U R F D L B). */
export declare function solve(state: string, options?: SolveOptions): Promise<Solution>;
/** A random-state scramble (default 3x3). */
export declare function scramble(options?: { puzzle?: Puzzle; signal?: AbortSignal }): Promise<Scramble>;
/** Every problem of a sticker string, with the stickers involved. */
export declare function validate(state: string): Promise<Validation>;
/** The state after `moves` from `from` (default: solved). */
export declare function applyMoves(moves: string | string[], options?: { puzzle?: Puzzle; from?: string }): Promise<string>;
/** Builds or loads a puzzle's tables before the first solve. */
export declare function prepare(puzzle?: Puzzle | 'phase1', options?: { signal?: AbortSignal; onProgress?: (event: ProgressEvent) => void }): Promise<unknown>;
