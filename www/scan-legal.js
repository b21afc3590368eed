// The most likely legal cubes for a scan: given, for each sticker, a cost for each of the six
// colours (minus a log-likelihood: lower is likelier), the cubes whose every corner and edge is a
// real piece, each once, with twist, flip and parity right, best first. Pure functions.
//
// Colours here are numbered 0..5 as the faces U R F D L B: on the 3x3 colour f is the colour of
// face f's centre; on the 2x2 the caller maps its colours to faces by the scheme first.

// Stickers of the eight corners (U/D sticker first, then clockwise) and twelve edges of the 3x3,
// in sticker-string order (faces U R F D L B, each row by row), and the pieces' colours in the
// same order: as src/cube/facelet.rs has them.
const CORNER_STICKERS = [[8, 9, 20], [6, 18, 38], [0, 36, 47], [2, 45, 11], [29, 26, 15], [27, 44, 24], [33, 53, 42], [35, 17, 51]];
const CORNER_COLOURS = [[0, 1, 2], [0, 2, 4], [0, 4, 5], [0, 5, 1], [3, 2, 1], [3, 4, 2], [3, 5, 4], [3, 1, 5]];
const EDGE_STICKERS = [[5, 10], [7, 19], [3, 37], [1, 46], [32, 16], [28, 25], [30, 43], [34, 52], [23, 12], [21, 41], [50, 39], [48, 14]];
const EDGE_COLOURS = [[0, 1], [0, 2], [0, 4], [0, 5], [3, 1], [3, 2], [3, 4], [3, 5], [2, 1], [2, 4], [5, 4], [5, 1]];

// A 3x3 sticker index to the 2x2's (the corner stickers only).
const pocketIndex = (i) => {
  const f = Math.floor(i / 9);
  const r = Math.floor((i % 9) / 3);
  const c = i % 3;
  return f * 4 + (r >> 1) * 2 + (c >> 1);
};

// The pieces of a puzzle: positions (their stickers), pieces (their colours), orientations.
export function pieceSets(n) {
  if (n === 2) return [{ stickers: CORNER_STICKERS.map((s) => s.map(pocketIndex)), colours: CORNER_COLOURS, turns: 3 }];
  return [
    { stickers: CORNER_STICKERS, colours: CORNER_COLOURS, turns: 3 },
    { stickers: EDGE_STICKERS, colours: EDGE_COLOURS, turns: 2 },
  ];
}

// The `keep` best ways to place one set's pieces, per permutation parity: every piece once,
// orientations summing to 0 mod `turns`. Branch and bound, positions in order of how sure their
// best option is, options cheapest first; `budget` caps the nodes visited.
function bestPlacements({ stickers, colours, turns }, cost, keep, budget, limit) {
  const P = stickers.length;
  // options[p]: every (piece, orientation) at position p with its cost, cheapest first. The
  // sticker j of a position shows colour colours[q][(j - t) mod turns] of piece q turned t.
  const options = stickers.map((st) => {
    const list = [];
    colours.forEach((col, q) => {
      for (let t = 0; t < turns; t++) {
        let c = 0;
        for (let j = 0; j < turns; j++) c += cost[st[j]][col[(j - t + turns) % turns]];
        list.push({ q, t, c });
      }
    });
    return list.sort((a, b) => a.c - b.c);
  });
  // Surest positions first: the widest gap between their best two pieces.
  const gap = (p) => {
    const o = options[p];
    const second = o.find((x) => x.q !== o[0].q);
    return second.c - o[0].c;
  };
  const order = [...Array(P).keys()].sort((a, b) => gap(b) - gap(a));
  const rest = new Array(P + 1).fill(0);
  for (let d = P - 1; d >= 0; d--) rest[d] = rest[d + 1] + options[order[d]][0].c;
  const found = [[], []];
  const worst = () => Math.min(limit, Math.max(...found.map((f) => (f.length < keep ? Infinity : f[f.length - 1].cost))));
  const piece = new Array(P);
  const turn = new Array(P);
  let nodes = 0;
  const record = (total) => {
    // The permutation's parity, by counting cycles.
    const seen = new Array(P).fill(false);
    let parity = 0;
    for (let i = 0; i < P; i++) {
      if (seen[i]) continue;
      let len = 0;
      for (let j = i; !seen[j]; j = piece[j]) {
        seen[j] = true;
        len++;
      }
      parity ^= (len - 1) & 1;
    }
    const list = found[parity];
    list.push({ cost: total, piece: [...piece], turn: [...turn], parity });
    list.sort((a, b) => a.cost - b.cost);
    if (list.length > keep) list.pop();
  };
  const search = (d, used, sum, total) => {
    if (++nodes > budget) return;
    if (total + rest[d] >= worst()) return;
    const p = order[d];
    if (d === P - 1) {
      // The last piece and its orientation are forced.
      const t = (turns - (sum % turns)) % turns;
      const o = options[p].find((x) => !(used & (1 << x.q)) && x.t === t);
      piece[p] = o.q;
      turn[p] = t;
      if (total + o.c < worst()) record(total + o.c);
      return;
    }
    for (const o of options[p]) {
      if (used & (1 << o.q)) continue;
      if (total + o.c + rest[d + 1] >= worst()) break;
      piece[p] = o.q;
      turn[p] = o.t;
      search(d + 1, used | (1 << o.q), sum + o.t, total + o.c);
    }
  };
  search(0, 0, 0, 0);
  return { found, complete: nodes <= budget };
}

// The colours a placement gives its stickers.
function paint(set, placement, colours) {
  const { stickers, colours: pc, turns } = set;
  stickers.forEach((st, p) => {
    const col = pc[placement.piece[p]];
    st.forEach((s, j) => (colours[s] = col[(j - placement.turn[p] + turns) % turns]));
  });
}

// The `keep` likeliest legal cubes for `cost` (per sticker, six costs), best first: each
// { cost, colours } (colours per sticker, 0..5 as the faces). On the 3x3 the centres keep their
// own face's colour; on the 2x2 a cube in any orientation of the whole is legal. `complete`
// says whether the search was exhaustive within its budget; cubes costing `limit` or more are
// not looked for.
export function legalCubes(n, cost, { keep = 6, budget = 400000, limit = Infinity } = {}) {
  const sets = pieceSets(n);
  const per = n * n;
  const base = cost.map(() => -1);
  if (n === 3) for (let f = 0; f < 6; f++) base[f * 9 + 4] = f;
  const results = sets.map((s) => bestPlacements(s, cost, keep, budget, limit));
  const complete = results.every((r) => r.complete);
  let combos = [];
  if (n === 2) {
    // No parity on the 2x2: both lists count.
    combos = [...results[0].found[0], ...results[0].found[1]].map((c) => ({ cost: c.cost, parts: [c] }));
  } else {
    for (const parity of [0, 1]) {
      for (const c of results[0].found[parity]) for (const e of results[1].found[parity]) combos.push({ cost: c.cost + e.cost, parts: [c, e] });
    }
  }
  combos.sort((a, b) => a.cost - b.cost);
  const cubes = combos.filter((c) => c.cost < limit).slice(0, keep).map(({ cost: total, parts }) => {
    const colours = [...base];
    parts.forEach((pl, k) => paint(sets[k], pl, colours));
    return { cost: total, colours };
  });
  return { cubes, complete, per };
}

// The 24 ways to hold a cube: for each, the face of the solved cube whose colour each face
// U R F D L B shows. Corners' faces run clockwise as in CORNER_COLOURS; opposite faces are three
// apart.
export const ROTATIONS = CORNER_COLOURS.flatMap(([a, b, c]) => [[a, b, c], [b, c, a], [c, a, b]]).map(([u, r, f]) => [u, r, f, (u + 3) % 6, (r + 3) % 6, (f + 3) % 6]);

// The `keep` likeliest legal cubes for `cost` (per sticker, a cost for each of six colours),
// where `scheme` gives the colour of each face of the solved cube. On the 3x3 the centres are
// decided too: the cube may be held any of the 24 ways. Each cube: { cost, colours } (colours
// per sticker, indices into the six).
export function likeliestCubes(n, cost, scheme, { keep = 6, margin = Infinity } = {}) {
  const holds = n === 3 ? ROTATIONS : [[0, 1, 2, 3, 4, 5]];
  const centres = (rot) => (n === 3 ? rot.reduce((s, f, face) => s + cost[face * 9 + 4][scheme[f]], 0) : 0);
  const tries = holds.map((rot) => ({ rot, centre: centres(rot) })).sort((a, b) => a.centre - b.centre);
  let all = [];
  let complete = true;
  let bound = Infinity;
  for (const { rot, centre } of tries) {
    if (centre >= bound) break;
    const colourOfFace = rot.map((f) => scheme[f]);
    const faceCost = cost.map((row) => colourOfFace.map((c) => row[c]));
    const got = legalCubes(n, faceCost, { keep, limit: bound - centre });
    complete &&= got.complete;
    for (const cube of got.cubes) all.push({ cost: cube.cost + centre, colours: cube.colours.map((f) => colourOfFace[f]) });
    all.sort((a, b) => a.cost - b.cost);
    all = all.slice(0, keep);
    if (all.length) bound = all.length < keep ? all[0].cost + margin : Math.min(all[0].cost + margin, all[all.length - 1].cost);
  }
  return { cubes: all, complete };
}
