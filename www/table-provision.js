// How the worker gets a table: the core's provisioning (`src/tables/provision.rs`), driven from
// here because the browser's storage answers asynchronously. The kept copy (IndexedDB), then a
// served file, are asked while the build goes on in steps; a copy that checks out ends the build
// (the solver checks it: a refused one is never used), and a table that did not come from the
// cache is handed back to be kept. The solvers take the same five calls for every table:
// `table_step`, `table_offer`, `table_waits`, `table_ready`, `table_bytes` (docs/worker.md).
import { dbGet, dbPut, servedFile } from './table-store.js';

// The stored copies of a table, best first: the cache, then the file served beside the page.
async function* storedCopies(key, served) {
  const cached = await dbGet(key).catch(() => null);
  if (cached) yield { from: 'cache', bytes: cached };
  const file = served ? await servedFile(served) : null;
  if (file) yield { from: 'file', bytes: file };
}

// Gets table `name` into `solver`. Build steps run in slices of about `sliceMs` (one step at
// least), with `report(fraction)` after each and `pause()` between them, so that requests are
// answered meanwhile. Resolves to `source` ('cache', 'file', 'built', or either of the last two
// with the refusal of a cached copy said) and `keep`, a function that writes the table to the
// cache (null when it came from there).
export async function provide(solver, name, { key = name, served = null, sliceMs = 0, report = () => {}, pause }) {
  const copies = storedCopies(key, served);
  let next = null; // the store's next answer, while one is awaited
  let answered = false;
  const ask = () => {
    answered = false;
    next = copies.next();
    next.then(() => (answered = true), () => (answered = true));
  };
  ask();
  let from = null;
  let refused = false;
  while (!solver.table_ready(name)) {
    // The store's answer is taken when it is there, or awaited where the next step is work a
    // stored copy would save.
    if (next && (answered || solver.table_waits(name))) {
      const copy = await next.catch(() => ({ done: true }));
      next = null;
      if (copy.done) continue;
      try {
        solver.table_offer(name, new Uint8Array(copy.value.bytes));
        from = copy.value.from;
        break;
      } catch {
        refused ||= copy.value.from === 'cache'; // never trusted: the next copy, or the build
        ask();
      }
      continue;
    }
    const t0 = performance.now();
    let fraction;
    do fraction = solver.table_step(name);
    while (fraction < 1 && performance.now() - t0 < sliceMs);
    report(Math.min(fraction, 0.999));
    if (fraction < 1) await pause();
  }
  const source = refused
    ? from
      ? `${from} (the cached copy failed its check)`
      : 'rebuilt (the cached copy failed its check)'
    : (from ?? 'built');
  const keep = from === 'cache' ? null : () => dbPut(key, solver.table_bytes(name).buffer);
  return { source, keep };
}
