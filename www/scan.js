// Reading a cube from pictures of its faces (the camera's frames or photos): the colours of each
// face's stickers sampled inside the guide square, then grouped per scan into six colours of
// n*n stickers each (no fixed thresholds: lighting and white balance shift every colour alike),
// anchored on the centres on the 3x3. Each sticker gets a confidence; doubtful ones are marked.
// Pure functions: the panel (scan-panel.js) feeds them pixels.
import { colourCosts, linear } from './scan-colour.js';
import { legalCubes } from './scan-legal.js';

// The guide square: centred, its side three fifths of the picture's shorter side.
export function guide(width, height) {
  const side = Math.round(0.6 * Math.min(width, height));
  return { x: Math.round((width - side) / 2), y: Math.round((height - side) / 2), side };
}

// The colour of each of the n*n stickers of a face in `image` ({width, height, data: RGBA}),
// row by row: the per-channel median of the middle half of each cell (away from the edges
// between stickers, glare spots and shadows weigh little in a median).
export function sampleFace(image, n) {
  const { x, y, side } = guide(image.width, image.height);
  const cell = side / n;
  const out = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const x0 = Math.round(x + (c + 0.25) * cell);
      const y0 = Math.round(y + (r + 0.25) * cell);
      const x1 = Math.round(x + (c + 0.75) * cell);
      const y1 = Math.round(y + (r + 0.75) * cell);
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
export function lab([r, g, b]) {
  const lin = (v) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [R, G, B] = [lin(r), lin(g), lin(b)];
  const X = (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047;
  const Y = 0.2126 * R + 0.7152 * G + 0.0722 * B;
  const Z = (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883;
  const f = (t) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  return [116 * f(Y) - 16, 500 * (f(X) - f(Y)), 200 * (f(Y) - f(Z))];
}

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

// Groups the 6*n*n samples (RGB, faces in the order U R F D L B) into six colours of n*n.
// Returns, per sticker, its group (the 3x3: the face whose centre it matches) and confidence
// (0..1: 1 when it is much nearer its own group's colour than any other), and each group's
// mean colour (RGB).
export function group(rgb, n) {
  const per = n * n;
  const samples = rgb.map(lab);
  const fixed = samples.map((_, i) => (n === 3 && i % 9 === 4 ? Math.floor(i / 9) : -1));
  let means;
  if (n === 3) {
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
  const confidence = samples.map((s, i) => {
    const own = dist(s, means[groups[i]]);
    const other = Math.min(...means.filter((_, g) => g !== groups[i]).map((m) => dist(s, m)));
    return Math.max(0, Math.min(1, (other - own) / (other + own + 1e-9) * 2));
  });
  const rgbMeans = means.map((_, g) => mean(rgb.filter((_, i) => groups[i] === g)));
  return { groups, confidence, means: rgbMeans };
}

// Which palette colour (0..5) each group is: the assignment of least total distance between the
// groups' colours and the palette's (`palette`: six RGB triples), over all 720 orders.
export function matchPalette(means, palette) {
  const a = means.map(lab);
  const b = palette.map(lab);
  let best = null;
  const perm = [0, 1, 2, 3, 4, 5];
  const permute = (k) => {
    if (k === 6) {
      const cost = perm.reduce((s, p, g) => s + dist(a[g], b[p]), 0);
      if (!best || cost < best.cost) best = { cost, order: [...perm] };
      return;
    }
    for (let i = k; i < 6; i++) {
      [perm[k], perm[i]] = [perm[i], perm[k]];
      permute(k + 1);
      [perm[k], perm[i]] = [perm[i], perm[k]];
    }
  };
  permute(0);
  return best.order;
}

// All 720 orders of the six colours, least total distance first (as matchPalette scores them).
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

// Learns this scan's colours from the samples, starting from the faces `labels` gives each
// sticker, and the likeliest legal cube under them; returns the stickers' final costs and that
// cube's cost.
function learn(lins, n, labels) {
  const per = n * n;
  let cost = null;
  let best = null;
  for (let round = 0; round < ROUNDS; round++) {
    ({ cost } = colourCosts(lins, labels, per, round > 0));
    best = legalCubes(n, cost, { keep: 1 }).cubes[0];
    if (!best) break;
    if (round > 0 && best.colours.every((c, i) => c === labels[i])) break;
    labels = best.colours;
  }
  return { cost, score: best ? best.cost : Infinity };
}

// Reads the stickers' colours (`rgb`, sRGB per sticker in sticker-string order) into a reading:
// each sticker's cost for each face's colour, and the palette colour of each face. `scheme`: the
// palette colour of each face when solved (the 2x2's pieces are known by it; on the 3x3 the
// centres say).
export function readColours(rgb, n, palette, scheme = [0, 1, 2, 3, 4, 5]) {
  const lins = rgb.map(linear);
  const { groups, means } = group(rgb, n);
  if (n === 3) {
    // Group f is the colour of face f's centre.
    const { cost } = learn(lins, n, groups);
    return { n, rgb, cost, faceColour: matchPalette(means, palette) };
  }
  // The 2x2: which group is which colour decides which pieces exist; the likeliest few orders
  // are tried, and the one whose legal cube fits best is kept.
  let best = null;
  for (const { order } of paletteOrders(means, palette).slice(0, 4)) {
    const labels = groups.map((g) => scheme.indexOf(order[g]));
    const tried = learn(lins, n, labels);
    if (!best || tried.score < best.score) best = tried;
  }
  return { n, rgb, cost: best.cost, faceColour: [...scheme] };
}

// How much likelier the best legal cube must be than another for a sticker they disagree on not
// to be doubtful (in log-likelihood).
export const MARGIN = 4;
// Costs that stand for "impossible": a sticker the person answered.
const NEVER = 1e6;

// The cube of a reading: the likeliest legal cube, given the colours the person has answered
// (`answers`: sticker → palette colour). Returns its colours (palette indices, in sticker-string
// order), the doubtful stickers (their colour differs in a legal cube nearly as likely) with
// their two likeliest colours (`ask`: sticker → [colour, colour]), the stickers whose colour the
// legal-cube rule changed from the likeliest by the pixels alone (`changed`), and a `problem`
// (a sentence) when no legal cube is near the readings.
export function decide(reading, answers = new Map()) {
  const { n, faceColour } = reading;
  const per = n * n;
  const faceOf = (colour) => faceColour.indexOf(colour);
  const cost = reading.cost.map((row, i) => (answers.has(i) ? row.map((v, f) => (f === faceOf(answers.get(i)) ? v : NEVER)) : row));
  const { cubes } = legalCubes(n, cost, { keep: 8 });
  const raw = cost.map((row) => row.indexOf(Math.min(...row)));
  const centre = (i) => n === 3 && i % 9 === 4;
  if (!cubes.length || cubes[0].cost >= NEVER) {
    return { colors: raw.map((f, i) => faceColour[centre(i) ? Math.floor(i / 9) : f]), doubtful: [], ask: new Map(), changed: [], problem: 'The answers given make an impossible cube.' };
  }
  const best = cubes[0].colours;
  const ask = new Map();
  for (const alt of cubes.slice(1)) {
    if (alt.cost - cubes[0].cost > MARGIN) break;
    alt.colours.forEach((f, i) => {
      if (f !== best[i] && !ask.has(i)) ask.set(i, [faceColour[best[i]], faceColour[f]]);
    });
  }
  const changed = best.map((f, i) => (f !== raw[i] && !centre(i) && !answers.has(i) ? i : -1)).filter((i) => i >= 0);
  const excess = cubes[0].cost - raw.reduce((s, f, i) => s + (centre(i) ? 0 : cost[i][f]), 0);
  return {
    colors: best.map((f) => faceColour[f]),
    doubtful: [...ask.keys()].sort((a, b) => a - b),
    ask,
    changed,
    excess,
    problem: null,
  };
}

// Reads a whole cube: six face images (U R F D L B), the puzzle's size, the palette (RGB) and
// the scheme. Returns the reading (for answers later) and its cube (as decide gives it).
export function readCube(images, n, palette, scheme) {
  const rgb = images.flatMap((img) => sampleFace(img, n));
  const reading = readColours(rgb, n, palette, scheme);
  return { reading, ...decide(reading) };
}
