// Unit tests (run in Node) for SharedOptimal, the page's coordinator of an optimal search shared
// by several workers, against fake workers whose shares hold solutions of given lengths.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SharedOptimal } from '../../www/solver-client.js';

const tick = () => new Promise((r) => setTimeout(r, 1));

// A fake worker. `shares[which]` is the length of the shortest solution in that share (Infinity
// for none); a share searches one length a tick from 1 up and ends at its solution, or once it
// reaches the cap or the known upper bound. `noCache` fails a helper's cache-only load;
// `crashAt` fails its search. A first worker asked to build with `shares: 2` waits for the
// page's word on the other half (`mergeOptimalEnd`); `shareFails` fails the helper's half;
// `loadTicks` slows a helper's cache-only load. `stuck` {share, depth, ticks} has that share,
// once it has reported the depth as proven, spend `ticks` ticks deaf to caps (as a real worker
// inside its two-phase try). A first worker that merged the second's half hands the whole flip
// table back (a progress message). A first worker that built its tables takes `keepTicks` ticks
// after its answer to write them, reporting 'keeping' progress, while it searches.
// `log.order` lists when each worker began searching and when its tables were kept.
function fakeWorld({ shares, noCache = 0, crashAt = null, quick = null, buildTicks = 0, shareFails = false, loadTicks = 0, stuck = null, keepTicks = 0 }) {
  const log = { caps: [], searched: [], made: 0, merged: [], ends: [], stuckEnded: 0, handed: [], order: [] };
  const make = async (onProgress) => {
    const id = log.made++;
    let cap = Infinity;
    let alive = true;
    let cacheMisses = noCache;
    let kept = Promise.resolve();
    return {
      id,
      terminate() {
        alive = false;
      },
      async call(cmd, arg) {
        await tick();
        if (!alive) throw new Error('stopped');
        if (cmd === 'prepareOptimal') {
          if (arg.handed) {
            log.handed.push([id, arg.handed.pieces.length]);
            return { source: 'built' };
          }
          if (arg.cacheOnly && cacheMisses-- > 0) throw new Error('the optimal tables are not in the cache');
          for (let i = 0; i < loadTicks && arg.cacheOnly; i++) await tick();
          for (let i = 0; i < buildTicks && !arg.cacheOnly; i++) await tick();
          while (arg.shares === 2 && buildTicks && !log.ends.length && alive) await tick();
          if (!alive) throw new Error('stopped');
          if (arg.shares === 2 && log.ends.includes(true)) {
            onProgress({ puzzle: 'optimal', handed: { length: 3, pieces: [new Uint8Array(1), new Uint8Array(1), new Uint8Array(1)] } });
          }
          if (keepTicks && !arg.cacheOnly) {
            onProgress({ puzzle: 'optimal', built: true, source: 'built' });
            kept = (async () => {
              for (let i = 0; i < keepTicks; i++) {
                onProgress({ puzzle: 'optimal', fraction: 0.9 + (0.1 * i) / keepTicks, keeping: true });
                await tick();
                if (!alive) throw new Error('stopped');
              }
              log.order.push(`kept ${id}`);
              onProgress({ puzzle: 'optimal', fraction: 1, source: 'built' });
            })();
            kept.catch(() => {});
            if (arg.keepFirst) await kept;
            return { source: 'built' };
          }
          return { source: 'cache' };
        }
        if (cmd === 'optimalKept') {
          await kept;
          return true;
        }
        if (cmd === 'buildOptimalShare') {
          assert.deepEqual(arg.share, [1, 2]);
          for (let i = 0; i < buildTicks; i++) await tick();
          if (shareFails) throw new Error('out of memory');
          return { length: 70 << 20 };
        }
        if (cmd === 'optimalSharePiece') return new Uint8Array(Math.min(arg.len, (70 << 20) - arg.start) >> 20);
        if (cmd === 'mergeOptimalPiece') {
          assert.equal(id, 0, 'only the first worker merges');
          log.merged.push([arg.start, arg.bytes.length]);
          return true;
        }
        if (cmd === 'mergeOptimalEnd') {
          log.ends.push(arg.ok);
          return true;
        }
        if (cmd === 'dropOptimalShare') return true;
        if (cmd === 'quickOptimal') {
          log.quick = (log.quick ?? 0) + 1;
          return quick === null ? null : { done: true, moves: quick, lower: 2, nodes: 20 };
        }
        if (cmd === 'capOptimal') {
          log.caps.push([id, arg]);
          cap = Math.min(cap, arg);
          return true;
        }
        assert.equal(cmd, 'solveOptimal');
        const [which, of] = arg.share;
        assert.equal(of, shares.length);
        log.searched.push([id, which]);
        log.order.push(`search ${id}`);
        cap = Infinity;
        const known = arg.upper ? arg.upper.split(' ').length : Infinity;
        onProgress({ puzzle: 'optimal-search', depth: 1, lower: 1, nodes: 0, upper: null, start: true });
        for (let depth = 1; ; depth++) {
          await tick();
          if (!alive) throw new Error('stopped');
          if (crashAt && crashAt[0] === id && crashAt[1] === depth) throw new Error('out of memory');
          onProgress({ puzzle: 'optimal-search', depth, lower: depth, nodes: depth * 10, upper: null });
          if (stuck && stuck.share === which && stuck.depth === depth) {
            // Deaf to caps, but it reads the length in shared memory, as the wasm try does.
            const shared = arg.capBuffer ? new Uint32Array(arg.capBuffer) : null;
            for (let i = 0; i < stuck.ticks && !(shared && Atomics.load(shared, 0) <= depth); i++) {
              await tick();
              if (!alive) throw new Error('stopped');
            }
            log.stuckEnded++;
            if (shared) cap = Math.min(cap, Atomics.load(shared, 0));
          }
          if (depth >= cap) return { done: true, moves: null, lower: depth, nodes: depth * 10 };
          if (depth >= known) return { done: true, moves: arg.upper, lower: depth, nodes: depth * 10 };
          if (shares[which] === depth) return { done: true, moves: Array(depth).fill('U').join(' '), lower: depth, nodes: depth * 10 };
        }
      },
    };
  };
  return { make, log };
}

test('the shortest solution over all shares wins, and the others are capped at it', async () => {
  const { make, log } = fakeWorld({ shares: [9, 5, 12] });
  const shared = new SharedOptimal(make);
  const seen = [];
  const moves = await shared.run({ facelets: 'x', size: 'large', workers: 3, onSearch: (p) => seen.push(p) });
  assert.equal(moves.length, 5);
  // The answer comes as soon as the others have proven 5; the caps reach them just after.
  await new Promise((r) => setTimeout(r, 20));
  assert.ok(log.caps.some(([, len]) => len === 5), 'the others heard of the 5-move solution');
  assert.deepEqual(log.searched.map(([, w]) => w).sort(), [0, 1, 2], 'every share searched once');
  for (const p of seen) assert.ok(p.lower <= 5 && p.nodes >= 0);
});

test('a known solution bounds every share', async () => {
  const { make } = fakeWorld({ shares: [Infinity, Infinity] });
  const moves = await new SharedOptimal(make).run({ facelets: 'x', upper: 'R U R', size: 'large', workers: 2 });
  assert.deepEqual(moves, ['R', 'U', 'R']);
});

test('a helper without cached tables tries again once the first worker has kept them', async () => {
  const { make, log } = fakeWorld({ shares: [7, 6], noCache: 1, buildTicks: 5 });
  const moves = await new SharedOptimal(make).run({ facelets: 'x', size: 'large', workers: 2 });
  assert.equal(moves.length, 6);
  assert.equal(log.made, 2);
  assert.ok(log.searched.some(([id]) => id === 1), 'the helper searched once its retry loaded the tables');
});

test('a helper that fails twice drops out and its share is searched by the others', async () => {
  const { make, log } = fakeWorld({ shares: [8, 4, 9], noCache: 2 });
  const moves = await new SharedOptimal(make).run({ facelets: 'x', size: 'large', workers: 3 });
  assert.equal(moves.length, 4);
  assert.deepEqual(log.searched.map(([id]) => id), [0, 0, 0], 'the first worker searched all three shares');
});

test('a helper that crashes mid-search hands its share back', async () => {
  const { make, log } = fakeWorld({ shares: [8, 3], crashAt: [1, 2] });
  const moves = await new SharedOptimal(make).run({ facelets: 'x', size: 'large', workers: 2 });
  assert.equal(moves.length, 3, "the crashed share's solution is still found");
  assert.ok(log.searched.some(([id, which]) => id === 0 && which === 1), 'the first worker took share 1');
});

test('cancel ends every worker and the run fails with "stopped"', async () => {
  const { make } = fakeWorld({ shares: [Infinity, Infinity] });
  const shared = new SharedOptimal(make);
  await cancelAfter(shared, shared.run({ facelets: 'x', size: 'large', workers: 2 }), 30);
});

// Cancels `run` of `shared` after `ms`: the run fails with 'stopped' and no worker is left.
async function cancelAfter(shared, run, ms) {
  await new Promise((r) => setTimeout(r, ms));
  shared.cancel();
  await assert.rejects(run, /stopped/);
  assert.ok(shared.clients.every((c) => c === null));
}

test('a worker that built its tables searches while it writes them, and the answer need not wait', async () => {
  const { make, log } = fakeWorld({ shares: [5], buildTicks: 3, keepTicks: 40 });
  const tables = [];
  const moves = await new SharedOptimal(make).run({ facelets: 'x', size: 'h5', workers: 1, onTables: (p) => tables.push(p) });
  assert.equal(moves.length, 5);
  assert.deepEqual(log.order, ['search 0'], 'answered before the tables were kept');
  assert.ok(tables.some((p) => p.built) && tables.some((p) => p.keeping), 'the first worker reports its build, then its writing');
  await new Promise((r) => setTimeout(r, 100));
  assert.deepEqual(log.order, ['search 0', 'kept 0'], 'the write goes on to its end');
});

test('cancel keeps a worker still writing its tables, which stops searching and is used again', async () => {
  const { make, log } = fakeWorld({ shares: [Infinity], buildTicks: 3, keepTicks: 60 });
  const shared = new SharedOptimal(make);
  const run = shared.run({ facelets: 'x', size: 'h5', workers: 1 });
  while (!log.searched.length) await tick();
  shared.cancel();
  await assert.rejects(run, /stopped/);
  await new Promise((r) => setTimeout(r, 10));
  assert.deepEqual(log.caps, [[0, 0]], 'told to stop searching');
  assert.ok(shared.clients[0], 'kept');
  // The next search waits for the capped one to end and uses the same worker, whose write ends.
  const moves = await shared.run({ facelets: 'y', upper: 'R U R', size: 'h5', workers: 1 });
  assert.deepEqual(moves, ['R', 'U', 'R']);
  assert.equal(log.made, 1, 'no worker made again');
  await new Promise((r) => setTimeout(r, 150));
  assert.ok(log.order.includes('kept 0'), 'the tables were kept');
  shared.cancel();
});

test('cancel while tables build still ends the worker building them', async () => {
  const { make, log } = fakeWorld({ shares: [Infinity], buildTicks: 50, keepTicks: 10 });
  const shared = new SharedOptimal(make);
  await cancelAfter(shared, shared.run({ facelets: 'x', size: 'h5', workers: 1 }), 20);
  assert.deepEqual(log.searched, []);
});

test('a quick answer from h0 alone while the tables build ends the search; no share runs', async () => {
  const { make, log } = fakeWorld({ shares: [9, 5], quick: 'R U', buildTicks: 30 });
  const shared = new SharedOptimal(make);
  const moves = await shared.run({ facelets: 'x', size: 'huge', workers: 2 });
  assert.deepEqual(moves, ['R', 'U']);
  assert.equal(log.quick, 1);
  await new Promise((r) => setTimeout(r, 100)); // the build ends: nothing is searched after
  assert.deepEqual(log.searched, []);
  shared.cancel();
});

test('without a quick answer the shares search as before', async () => {
  const { make, log } = fakeWorld({ shares: [9, 5], quick: null, buildTicks: 5 });
  const moves = await new SharedOptimal(make).run({ facelets: 'x', size: 'huge', workers: 2 });
  assert.equal(moves.length, 5);
  assert.equal(log.quick, 1);
  assert.equal(log.searched.length, 2);
});

test('a second search with the same workers reports its progress too', async () => {
  const { make } = fakeWorld({ shares: [4, 6] });
  const shared = new SharedOptimal(make);
  await shared.run({ facelets: 'x', size: 'huge', workers: 2 });
  const seen = [];
  const moves = await shared.run({ facelets: 'y', size: 'huge', workers: 2, onSearch: (p) => seen.push(p) });
  assert.equal(moves.length, 4);
  // Each depth of each share reports (not only the two shares' ends).
  assert.ok(seen.length > 4 && seen.some((p) => p.lower === 2), `progress of the second search: ${seen.length} reports`);
  shared.cancel();
});

test('a second worker builds half of the flip table and hands it to the first in pieces', async () => {
  const { make, log } = fakeWorld({ shares: [7, 6], noCache: 1, buildTicks: 5 });
  const helper = [];
  const moves = await new SharedOptimal(make).run({
    facelets: 'x',
    size: 'huge',
    workers: 2,
    onTables: (p) => p.helper && helper.push(p.helper),
  });
  assert.equal(moves.length, 6);
  assert.deepEqual(log.merged, [[0, 32], [32 << 20, 32], [64 << 20, 6]], 'three pieces, in order');
  assert.deepEqual(log.ends, [true]);
  assert.deepEqual(helper, ['building', 'merged']);
  assert.ok(log.searched.some(([id]) => id === 1), 'the helper searched once the tables were kept');
});

test('the second worker loads the whole flip table handed back and searches while the first writes it', async () => {
  const { make, log } = fakeWorld({ shares: [Infinity, 9], noCache: 1, buildTicks: 5, keepTicks: 20 });
  const moves = await new SharedOptimal(make).run({ facelets: 'x', size: 'h5', workers: 2 });
  assert.equal(moves.length, 9);
  assert.deepEqual(log.handed, [[1, 3]], 'the second worker got the three pieces');
  assert.deepEqual(log.searched.map(([id]) => id).sort(), [0, 1]);
  assert.ok(log.order.indexOf('search 0') >= 0 && !log.order.includes('kept 0'), 'the first worker searched before its write ended');
});

test('with more than two workers the first writes its tables before searching, and the third reads them then', async () => {
  const { make, log } = fakeWorld({ shares: [Infinity, 9, Infinity], noCache: 1, buildTicks: 5, keepTicks: 20 });
  const moves = await new SharedOptimal(make).run({ facelets: 'x', size: 'h5', workers: 3 });
  assert.equal(moves.length, 9);
  assert.deepEqual(log.handed, [[1, 3]], 'the second worker got the three pieces');
  const at = (e) => log.order.indexOf(e);
  assert.ok(at('search 1') < at('kept 0') && at('kept 0') < at('search 0') && at('kept 0') < at('search 2'), log.order.join(', '));
});

test('when the second worker fails to build its half, the first is told to walk it itself', async () => {
  const { make, log } = fakeWorld({ shares: [7, 6], noCache: 2, buildTicks: 5, shareFails: true });
  const moves = await new SharedOptimal(make).run({ facelets: 'x', size: 'large', workers: 2 });
  assert.equal(moves.length, 6);
  assert.deepEqual(log.merged, []);
  assert.deepEqual(log.ends, [false]);
});

test('with the tables kept already nothing is built, and the first worker waits for no half', async () => {
  const { make, log } = fakeWorld({ shares: [5, 9] });
  const moves = await new SharedOptimal(make).run({ facelets: 'x', size: 'huge', workers: 2 });
  assert.equal(moves.length, 5);
  assert.deepEqual(log.merged, []);
  assert.deepEqual(log.ends, [false]);
});

test('the small sizes (h0 alone) are not built in halves', async () => {
  const { make, log } = fakeWorld({ shares: [5, 9], noCache: 1, buildTicks: 3 });
  await new SharedOptimal(make).run({ facelets: 'x', size: 'medium', workers: 2 });
  assert.deepEqual(log.ends, []);
});

test('progress never goes back while a helper joins late and after a share ends', async () => {
  // No share holds a solution shorter than the known 30 moves; the helper starts late.
  const { make } = fakeWorld({ shares: [Infinity, Infinity], loadTicks: 12 });
  const seen = [];
  const moves = await new SharedOptimal(make).run({
    facelets: 'x',
    upper: Array(30).fill('U').join(' '),
    size: 'huge',
    workers: 2,
    onSearch: (p) => seen.push(p),
  });
  assert.equal(moves.length, 30);
  for (let i = 1; i < seen.length; i++) {
    assert.ok(seen[i].lower >= seen[i - 1].lower, `the bound went from ${seen[i - 1].lower} to ${seen[i].lower}`);
    if (seen[i].depth !== null && seen[i - 1].depth !== null) {
      assert.ok(seen[i].depth >= seen[i - 1].depth, `the depth went from ${seen[i - 1].depth} to ${seen[i].depth}`);
    }
    assert.ok(seen[i].workers >= seen[i - 1].workers, 'the workers that took part never go down');
  }
  // Before the helper started, the whole tree was proven only to the root's bound.
  const before = seen.filter((p) => p.workers === 1);
  assert.ok(before.length > 1 && before.every((p) => p.lower === 1 && p.depth === 1), JSON.stringify(before.filter((p) => p.lower !== 1 || p.depth !== 1)));
  assert.equal(seen.at(-1).workers, 2);
  assert.equal(seen.at(-1).lower, 30);
});

test('the answer does not wait for a share inside its two-phase try once every share has proven its length', async () => {
  // Share 0 has proven 6 and is deaf for a long while; share 1 finds a 6-move solution.
  const { make, log } = fakeWorld({ shares: [Infinity, 6], stuck: { share: 0, depth: 6, ticks: 100_000 } });
  const shared = new SharedOptimal(make);
  const seen = [];
  const moves = await shared.run({ facelets: 'x', size: 'large', workers: 2, onSearch: (p) => seen.push(p) });
  assert.equal(moves.length, 6);
  assert.equal(log.stuckEnded, 0, 'answered while share 0 was still inside its try');
  const shown = seen.length;
  // The next search replaces the worker still inside the old one, and what that worker still
  // sends is not shown as the old search's progress.
  const again = await shared.run({ facelets: 'y', size: 'large', workers: 2 });
  assert.equal(again.length, 6);
  assert.equal(log.made, 3, 'the busy worker was replaced, the idle one kept');
  assert.equal(seen.length, shown, 'nothing shown after the answer');
  // The second run's share 0 is stuck the same way: end it (else it holds the test file open
  // for its 100,000 ticks, two minutes).
  shared.cancel();
});

test('a share that has not proven the found length yet is waited for', async () => {
  // Share 0 is deaf at 4 (only 4 proven there) while share 1 finds 6: share 0's 5 wins.
  const { make, log } = fakeWorld({ shares: [5, 6], stuck: { share: 0, depth: 4, ticks: 40 } });
  const moves = await new SharedOptimal(make).run({ facelets: 'x', size: 'large', workers: 2 });
  assert.equal(moves.length, 5);
  assert.equal(log.stuckEnded, 1);
});

test('workers still ending a search capped at its answer are kept for the next one', async () => {
  // The answer comes once share 0 has proven 6, before it has heard its cap; it ends soon after.
  const { make, log } = fakeWorld({ shares: [Infinity, 6, Infinity] });
  const shared = new SharedOptimal(make);
  assert.equal((await shared.run({ facelets: 'x', size: 'large', workers: 3 })).length, 6);
  assert.ok(shared.searching.size > 0, 'some share was still searching at the answer');
  assert.equal((await shared.run({ facelets: 'y', size: 'large', workers: 3 })).length, 6);
  assert.equal(log.made, 3, 'no worker replaced');
});

test('on a cross-origin isolated page a share inside its two-phase try reads the found length in shared memory', async () => {
  globalThis.crossOriginIsolated = true;
  try {
    const { make, log } = fakeWorld({ shares: [Infinity, 6], stuck: { share: 0, depth: 6, ticks: 100_000 } });
    const shared = new SharedOptimal(make);
    assert.equal((await shared.run({ facelets: 'x', size: 'large', workers: 2 })).length, 6);
    assert.equal((await shared.run({ facelets: 'y', size: 'large', workers: 2 })).length, 6);
    assert.ok(log.stuckEnded >= 1, 'the try stopped');
    assert.equal(log.made, 2, 'no worker replaced');
  } finally {
    delete globalThis.crossOriginIsolated;
  }
});
