// Reading a cube from pictures of its faces (the camera's frames or photos): each face's sticker
// grid found, its stickers' colours sampled, this scan's colours learnt (scan-colour.js) and the
// likeliest cube that can exist chosen (scan-legal.js), with the stickers still in doubt, their
// two likeliest colours, and any face that looks wrong. See docs/scan.md. Pure functions: the
// panel (scan-panel.js) feeds them pixels.
import { colourCosts, labOfLinear, linear } from './scan-colour.js';
import { likeliestCubes, ROTATIONS } from './scan-legal.js';

// The guide square: centred, its side three fifths of the picture's shorter side.
export function guide(width, height) {
  const side = Math.round(0.6 * Math.min(width, height));
  return { x: Math.round((width - side) / 2), y: Math.round((height - side) / 2), side };
}

// Where the face's sticker grid is in `image` ({width, height, data: RGBA}): the square whose n
// x n cells are bright and whose lines between them are dark (the plastic), searched around the
// guide square (its place within a fifth of its side, its size from 0.6 to 1.25 of it). The
// guide itself unless another square fits clearly better. Returns {x, y, side, fit}: fit is the
// contrast between cells and lines (0..255; a face at all shows about 60 or more).
export function findGrid(image, n) {
  const { width: w, height: h, data } = image;
  // Summed-area tables, on a grid of at most 160 pixels across: of each pixel's brightness (its
  // largest channel), and of each channel and its square (for the spread within a cell).
  const step = Math.max(1, Math.floor(Math.max(w, h) / 160));
  const W = Math.floor(w / step);
  const H = Math.floor(h / step);
  const tables = Array.from({ length: 7 }, () => new Float64Array((W + 1) * (H + 1)));
  const row = new Float64Array(7);
  for (let y = 0; y < H; y++) {
    row.fill(0);
    for (let x = 0; x < W; x++) {
      const i = (y * step * w + x * step) * 4;
      const v = [Math.max(data[i], data[i + 1], data[i + 2]), data[i], data[i + 1], data[i + 2], data[i] ** 2, data[i + 1] ** 2, data[i + 2] ** 2];
      const at = (y + 1) * (W + 1) + x + 1;
      for (let t = 0; t < 7; t++) {
        row[t] += v[t];
        tables[t][at] = tables[t][at - W - 1] + row[t];
      }
    }
  }
  // The mean of table t over a box (table pixels), clipped to the picture.
  const box = (t, x0, y0, x1, y1) => {
    const a = Math.max(0, Math.min(W - 1, Math.round(x0)));
    const b = Math.max(0, Math.min(H - 1, Math.round(y0)));
    const c = Math.max(a + 1, Math.min(W, Math.round(x1)));
    const d = Math.max(b + 1, Math.min(H, Math.round(y1)));
    const sat = tables[t];
    return (sat[d * (W + 1) + c] - sat[b * (W + 1) + c] - sat[d * (W + 1) + a] + sat[b * (W + 1) + a]) / ((c - a) * (d - b));
  };
  // The fit of the square at (x, y) of side `side` (in table pixels): the cells' middle halves
  // bright against the lines between them (a band a tenth of a cell wide) and each of one colour
  // (a cell across two stickers is not), less a penalty when one cell is far darker than the
  // rest (a grid half off the face).
  const fit = (x, y, side) => {
    const cell = side / n;
    let cells = 0;
    let spread = 0;
    let darkest = Infinity;
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const x0 = x + (c + 0.25) * cell;
        const y0 = y + (r + 0.25) * cell;
        const x1 = x + (c + 0.75) * cell;
        const y1 = y + (r + 0.75) * cell;
        const v = box(0, x0, y0, x1, y1);
        cells += v;
        darkest = Math.min(darkest, v);
        let variance = 0;
        for (let k = 1; k <= 3; k++) variance += Math.max(0, box(k + 3, x0, y0, x1, y1) - box(k, x0, y0, x1, y1) ** 2);
        spread += Math.sqrt(variance);
      }
    }
    cells /= n * n;
    spread /= n * n;
    const band = Math.max(1, cell * 0.1);
    let lines = 0;
    for (let k = 0; k <= n; k++) {
      lines += box(0, x + k * cell - band / 2, y + cell * 0.2, x + k * cell + band / 2, y + side - cell * 0.2);
      lines += box(0, x + cell * 0.2, y + k * cell - band / 2, x + side - cell * 0.2, y + k * cell + band / 2);
    }
    lines /= 2 * (n + 1);
    return cells - lines - spread - 0.25 * Math.max(0, cells - darkest - 120);
  };
  const g = guide(W, H);
  const base = fit(g.x, g.y, g.side);
  let best = { x: g.x, y: g.y, side: g.side, fit: base };
  for (let scale = 0.6; scale <= 1.25; scale += 0.025) {
    const side = g.side * scale;
    const reach = g.side * 0.2;
    const stride = Math.max(1, side / 60);
    for (let dy = -reach; dy <= reach; dy += stride) {
      for (let dx = -reach; dx <= reach; dx += stride) {
        const x = g.x + (g.side - side) / 2 + dx;
        const y = g.y + (g.side - side) / 2 + dy;
        if (x < 0 || y < 0 || x + side > W || y + side > H) continue;
        const f = fit(x, y, side);
        if (f > best.fit) best = { x, y, side, fit: f };
      }
    }
  }
  // The guide unless the best square fits clearly better.
  if (best.fit < base + GRID_GAIN) best = { x: g.x, y: g.y, side: g.side, fit: base };
  return { x: best.x * step, y: best.y * step, side: best.side * step, fit: best.fit };
}

// How much better (in the fit's units) a square must fit than the guide to be read instead.
const GRID_GAIN = 12;

// The colour of each of the n*n stickers of a face in `image` ({width, height, data: RGBA}),
// row by row: the per-channel median of the middle half of each cell of the grid found (away
// from the edges between stickers, glare spots and shadows weigh little in a median).
export function sampleFace(image, n, grid = findGrid(image, n)) {
  const { x, y, side } = grid;
  const cell = side / n;
  const out = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const x0 = Math.max(0, Math.round(x + (c + 0.25) * cell));
      const y0 = Math.max(0, Math.round(y + (r + 0.25) * cell));
      const x1 = Math.min(image.width, Math.round(x + (c + 0.75) * cell));
      const y1 = Math.min(image.height, Math.round(y + (r + 0.75) * cell));
      const step = Math.max(1, Math.floor((x1 - x0) / 12));
      const ch = [[], [], []];
      for (let yy = y0; yy < y1; yy += step) {
        for (let xx = x0; xx < x1; xx += step) {
          const i = (yy * image.width + xx) * 4;
          ch[0].push(image.data[i]);
          ch[1].push(image.data[i + 1]);
          ch[2].push(image.data[i + 2]);
        }
      }
      out.push(ch.map((v) => v.sort((a, b) => a - b)[v.length >> 1]));
    }
  }
  return out;
}

// sRGB (0..255) to CIE Lab (D65).
export const lab = (rgb) => labOfLinear(linear(rgb));

// Lightness matters less than hue between sticker colours under uneven light.
const dist = (a, b) => Math.hypot(0.5 * (a[0] - b[0]), a[1] - b[1], a[2] - b[2]);

// Gives each sample one of `k` groups of exactly `cap` samples: nearest first, a group taking no
// more once full. `fixed[i]` pins sample i to a group (the 3x3 centres).
function balanced(samples, means, cap, fixed) {
  const group = new Array(samples.length).fill(-1);
  const size = new Array(means.length).fill(0);
  fixed.forEach((g, i) => {
    if (g >= 0) {
      group[i] = g;
      size[g]++;
    }
  });
  const pairs = [];
  samples.forEach((s, i) => {
    if (group[i] < 0) means.forEach((m, g) => pairs.push([dist(s, m), i, g]));
  });
  pairs.sort((a, b) => a[0] - b[0]);
  for (const [, i, g] of pairs) {
    if (group[i] < 0 && size[g] < cap) {
      group[i] = g;
      size[g]++;
    }
  }
  return group;
}

const mean = (pts) => pts.reduce((a, p) => a.map((v, k) => v + p[k] / pts.length), [0, 0, 0]);

// Groups the 6*n*n samples (RGB, faces in the order U R F D L B) into six colours of n*n,
// starting from `seeds` (six Lab colours) when given (else, on the 3x3, from the centres, each
// pinned to its own group). Returns each sticker's group and each group's mean colour (RGB).
export function group(rgb, n, seeds = null) {
  const per = n * n;
  const samples = rgb.map(lab);
  const fixed = samples.map((_, i) => (n === 3 && !seeds && i % 9 === 4 ? Math.floor(i / 9) : -1));
  let means;
  if (seeds) {
    means = seeds;
  } else if (n === 3) {
    means = [0, 1, 2, 3, 4, 5].map((f) => samples[f * 9 + 4]);
  } else {
    // Farthest points: the first the sample farthest from the mean, then each the farthest
    // from those chosen.
    const all = mean(samples);
    means = [samples.reduce((a, s) => (dist(s, all) > dist(a, all) ? s : a))];
    while (means.length < 6) {
      means.push(samples.reduce((a, s) => (Math.min(...means.map((m) => dist(s, m))) > Math.min(...means.map((m) => dist(a, m))) ? s : a)));
    }
  }
  let groups = balanced(samples, means, per, fixed);
  for (let round = 0; round < 8; round++) {
    means = means.map((_, g) => mean(samples.filter((_, i) => groups[i] === g)));
    const next = balanced(samples, means, per, fixed);
    if (next.every((g, i) => g === groups[i])) break;
    groups = next;
  }
  const rgbMeans = means.map((_, g) => mean(rgb.filter((_, i) => groups[i] === g)));
  return { groups, means: rgbMeans };
}

// All 720 ways to give the six groups (their mean colours, RGB) the palette's six colours
// (`palette`: six RGB triples), least total distance first.
function paletteOrders(means, palette) {
  const a = means.map(lab);
  const b = palette.map(lab);
  const out = [];
  const perm = [0, 1, 2, 3, 4, 5];
  const permute = (k) => {
    if (k === 6) {
      out.push({ cost: perm.reduce((s, p, g) => s + dist(a[g], b[p]), 0), order: [...perm] });
      return;
    }
    for (let i = k; i < 6; i++) {
      [perm[k], perm[i]] = [perm[i], perm[k]];
      permute(k + 1);
      [perm[k], perm[i]] = [perm[i], perm[k]];
    }
  };
  permute(0);
  return out.sort((x, y) => x.cost - y.cost);
}

// Rounds of learning the colours from the legal cube and deciding the cube again.
const ROUNDS = 4;

// Learns this scan's colours from the samples, starting from the colour `labels` gives each
// sticker, and the likeliest legal cube under them; returns the stickers' final costs, that
// cube's colours and its cost.
function learn(lins, n, labels, scheme) {
  const per = n * n;
  let cost = null;
  let best = null;
  for (let round = 0; round < ROUNDS; round++) {
    ({ cost } = colourCosts(lins, labels, per, round > 0));
    best = likeliestCubes(n, cost, scheme, { keep: 1 }).cubes[0];
    if (!best) break;
    if (round > 0 && best.colours.every((c, i) => c === labels[i])) break;
    labels = best.colours;
  }
  return { cost, labels, score: best ? best.cost : Infinity };
}

// The palette colour of each group of a 3x3's stickers (`labels`: group per sticker, group f
// holding face f's centre): the way of holding a cube of this scheme that fits the groups'
// colours. A cube-wide cast cancels out: the three pairs of opposite colours are told apart by
// where each pair's middle lies from the middle of all six, and the two colours of a pair by the
// direction of their difference in hue (white from yellow, red from orange, green from blue),
// never by a fixed palette distance alone.
function groupColours(rgb, labels, palette, scheme) {
  const labs = rgb.map(lab);
  const means = [0, 1, 2, 3, 4, 5].map((f) => mean(labs.filter((_, i) => labels[i] === f)));
  const pal = palette.map(lab);
  const all = mean(means);
  const palAll = mean(scheme.map((c) => pal[c]));
  let best = null;
  for (const rot of ROTATIONS) {
    // Group f has the colour of face rot[f] of the solved cube.
    const colourOf = (f) => scheme[rot[f]];
    let score = 0;
    for (const f of [0, 1, 2]) {
      const g = f + 3;
      const mid = means[f].map((v, k) => (v + means[g][k]) / 2 - all[k]);
      const pmid = pal[colourOf(f)].map((v, k) => (v + pal[colourOf(g)][k]) / 2 - palAll[k]);
      score -= Math.hypot(mid[1] - pmid[1], mid[2] - pmid[2], 0.5 * (mid[0] - pmid[0]));
      // The pair's difference along the palette's difference, in hue (a, b) only.
      const d = [1, 2].map((k) => means[f][k] - means[g][k]);
      const pd = [1, 2].map((k) => pal[colourOf(f)][k] - pal[colourOf(g)][k]);
      score += (d[0] * pd[0] + d[1] * pd[1]) / Math.max(1, Math.hypot(...pd));
    }
    if (!best || score > best.score) best = { score, colours: [0, 1, 2, 3, 4, 5].map(colourOf) };
  }
  return best.colours;
}

// Reads the stickers' colours (`rgb`, sRGB per sticker in sticker-string order) into a reading:
// each sticker's cost for each palette colour. `scheme`: the palette colour of each face when
// solved; the pieces that exist follow from it.
export function readColours(rgb, n, palette, scheme = [0, 1, 2, 3, 4, 5]) {
  const lins = rgb.map(linear);
  const { groups, means } = group(rgb, n);
  // Where to start: the groups' colours. On the 3x3 the centres anchor the groups and the way the
  // cube is held names them; on the 2x2 the likeliest few orders are tried.
  const starts = n === 3 ? [groupColours(rgb, groups, palette, scheme)] : paletteOrders(means, palette).slice(0, 4).map(({ order }) => order);
  const labelings = starts.map((order) => groups.map((g) => order[g]));
  // And the palette itself, moved by the scan's cast (its mean from the palette's): no centre
  // or outlier decides where a colour starts.
  const labs = rgb.map(lab);
  const pal = palette.map(lab);
  const shift = mean(labs).map((v, k) => v - mean(pal)[k]);
  labelings.push(group(rgb, n, pal.map((p) => p.map((v, k) => v + shift[k]))).groups);
  let best = null;
  for (const labels of labelings) {
    const tried = learn(lins, n, labels, scheme);
    if (!best || tried.score < best.score) best = tried;
  }
  return { n, scheme, cost: best.cost };
}

// How much likelier the best legal cube must be than another for a sticker they disagree on not
// to be doubtful (in log-likelihood).
export const MARGIN = 9;
// Costs that stand for "impossible": a sticker the person answered.
const NEVER = 1e6;

// The cube of a reading: the likeliest legal cube, given the colours the person has answered
// (`answers`: sticker → palette colour). Returns its colours (palette indices, in sticker-string
// order), the doubtful stickers (their colour differs in a legal cube nearly as likely) with
// their two likeliest colours (`ask`: sticker → [colour, colour]), the stickers whose colour the
// legal-cube rule changed from the likeliest by the pixels alone (`changed`), how much likelier
// the best cube is than the next (`margin`, the confidence), how much less likely than the
// pixels alone (`excess`), and a `problem` (a sentence) when the answers allow no legal cube.
export function decide(reading, answers = new Map()) {
  const { n, scheme } = reading;
  const cost = reading.cost.map((row, i) => (answers.has(i) ? row.map((v, c) => (c === answers.get(i) ? v : NEVER)) : row));
  const { cubes } = likeliestCubes(n, cost, scheme, { keep: 8, margin: MARGIN });
  const raw = cost.map((row) => row.indexOf(Math.min(...row)));
  if (!cubes.length || cubes[0].cost >= NEVER) {
    return { colors: raw, raw, doubtful: [], ask: new Map(), changed: [], excess: Infinity, problem: 'The answers given make an impossible cube.' };
  }
  const best = cubes[0].colours;
  const ask = new Map();
  for (const alt of cubes.slice(1)) {
    if (alt.cost - cubes[0].cost > MARGIN) break;
    alt.colours.forEach((c, i) => {
      if (c !== best[i] && !ask.has(i)) ask.set(i, [best[i], c]);
    });
  }
  const changed = best.map((c, i) => (c !== raw[i] && !answers.has(i) ? i : -1)).filter((i) => i >= 0);
  const excess = cubes[0].cost - raw.reduce((s, c, i) => s + cost[i][c], 0);
  // How sure: how much likelier the best cube is than the next (at least MARGIN when none is
  // that near).
  const margin = cubes[1] ? cubes[1].cost - cubes[0].cost : MARGIN;
  return { colors: best, raw, doubtful: [...ask.keys()].sort((a, b) => a - b), ask, changed, excess, margin, problem: null };
}

const FACE_LETTERS = 'URFDLB';
// The edge of each face at the top of its photo (as the net draws it).
const TOP = { U: 'B', R: 'U', F: 'U', D: 'F', L: 'U', B: 'U' };
const TURNS = ['', 'a quarter turn clockwise', 'a half turn', 'a quarter turn anticlockwise'];

// A face's samples turned clockwise `q` quarter turns.
function turnFace(samples, n, q) {
  let out = samples;
  for (let k = 0; k < q; k++) out = out.map((_, i) => out[(n - 1 - (i % n)) * n + Math.floor(i / n)]);
  return out;
}

// When a scan fits no legal cube well, which face looks wrong and how: shown twice (two faces
// alike), turned (it fits when turned), or not fitting at all. Null when the scan fits.
function wrongFace(rgb, n, palette, scheme, result) {
  const per = n * n;
  const raw = result.raw;
  // Two faces alike: all their stickers' colours as read the same, or all but one on the 3x3
  // (two faces of a real cube differ at least in their centres), and the cube fits badly.
  for (let f = 0; f < 6; f++) {
    for (let g = f + 1; g < 6; g++) {
      const same = raw.slice(f * per, (f + 1) * per).filter((c, i) => c === raw[g * per + i]).length;
      if (same >= per - (n === 3 ? 1 : 0) && result.changed.length >= 2) {
        return { face: g, text: `Faces ${FACE_LETTERS[f]} and ${FACE_LETTERS[g]} look alike: one face may have been shown twice. Show face ${FACE_LETTERS[g]} (${TOP[FACE_LETTERS[g]]} at the top) again.` };
      }
    }
  }
  const changedOn = [0, 1, 2, 3, 4, 5].map((f) => result.changed.filter((i) => Math.floor(i / per) === f).length);
  const worst = changedOn.indexOf(Math.max(...changedOn));
  const suspicious = n === 3 ? changedOn[worst] >= 3 || result.changed.length >= 5 : changedOn[worst] >= 2;
  if (!suspicious) return null;
  // A face turned: the cube read with one face turned back fits far better.
  for (let f = 0; f < 6; f++) {
    for (let q = 1; q < 4; q++) {
      const turned = [...rgb];
      turnFace(rgb.slice(f * per, (f + 1) * per), n, q).forEach((v, i) => (turned[f * per + i] = v));
      const tried = decide(readColours(turned, n, palette, scheme));
      if (tried.changed.length <= 1 && tried.excess < result.excess - 10) {
        const letter = FACE_LETTERS[f];
        return { face: f, text: `Face ${letter} looks turned ${TURNS[4 - q]}: show it with ${TOP[letter]} at the top, as the net draws it.` };
      }
    }
  }
  const bad = n === 3 ? changedOn[worst] >= 5 : changedOn[worst] >= 3;
  if (!bad) return null;
  const letter = FACE_LETTERS[worst];
  return { face: worst, text: `Face ${letter} does not fit the other five: check that it is face ${letter}, shown with ${TOP[letter]} at the top.` };
}

// Reads a whole cube: six face images (U R F D L B), the puzzle's size, the palette (RGB) and
// the scheme. Returns the reading (for answers later) and its cube (as decide gives it), or,
// when no legal cube is near the readings, the colours as read and the `problem` (which face
// looks wrong, and why), that face's stickers doubtful.
export function readCube(images, n, palette, scheme = [0, 1, 2, 3, 4, 5]) {
  const rgb = images.flatMap((img) => sampleFace(img, n));
  const reading = readColours(rgb, n, palette, scheme);
  const result = decide(reading);
  const wrong = wrongFace(rgb, n, palette, scheme, result);
  if (!wrong) return { reading, ...result };
  const per = n * n;
  const doubtful = [...Array(per).keys()].map((i) => wrong.face * per + i);
  return { reading: null, colors: result.raw, doubtful, ask: new Map(), changed: [], problem: wrong.text, problemFace: wrong.face };
}
