// The solver worker: owns the wasm Solver and its tables, builds them in steps (reporting
// progress) and answers requests between steps, so the page never waits on a build.
import init, { Solver } from './pkg/cubehint.js';

let solver = null;
const ready = init().then(() => {
  solver = new Solver();
  const seed = new Uint32Array(2);
  crypto.getRandomValues(seed);
  solver.seed(seed[0], seed[1]);
});

const pause = () => new Promise((r) => setTimeout(r, 0));
const builds = {};

// Builds the tables of one puzzle step by step; the same Promise serves every caller.
function prepare(puzzle) {
  builds[puzzle] ??= (async () => {
    await ready;
    const started = performance.now();
    for (;;) {
      const fraction = puzzle === 2 ? solver.build_2x2_step('htm') : solver.build_3x3_step();
      postMessage({ progress: { puzzle, fraction } });
      if (fraction >= 1) break;
      await pause();
    }
    return { ms: performance.now() - started };
  })();
  return builds[puzzle];
}

const handlers = {
  prepare: (puzzle) => prepare(puzzle),
  solve2: ({ facelets, metric = 'htm' }) => JSON.parse(solver.solve_2x2(facelets, metric)),
  solve3: async ({ facelets, maxLength = 20 }) => {
    await prepare(3);
    return { moves: solver.solve_3x3(facelets, maxLength, 2e8) };
  },
  invert: (moves) => solver.invert(moves),
  scramble2: async () => {
    await prepare(2);
    return JSON.parse(solver.scramble_2x2());
  },
  scramble3: async () => {
    await prepare(3);
    return JSON.parse(solver.scramble_3x3());
  },
};

onmessage = async (e) => {
  const { id, cmd, arg } = e.data;
  try {
    await ready;
    const t0 = performance.now();
    const result = await handlers[cmd](arg);
    postMessage({ id, ok: true, result, ms: performance.now() - t0 });
  } catch (err) {
    postMessage({ id, ok: false, error: String(err?.message ?? err) });
  }
};
