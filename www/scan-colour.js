// Colours in real light, for the scanner: each sticker's cost for each of the six colours
// (minus a log-likelihood), from a model of this one scan's colours that is learnt from the scan
// itself. Pure functions.
//
// - Each face has a light of its own (exposure and warmth change as the cube is turned): a gain
//   per face and channel in linear RGB, found from the face's own stickers once their colours are
//   known (von Kries: the gains that bring them nearest their colours' means).
// - Each colour is a mean and a spread in CIE Lab, learnt from its stickers: red and orange, or a
//   washed yellow and a white, are told apart by this cube's own difference between them, not by
//   a fixed palette. The spread's floor keeps a colour with few stickers from becoming too sure.
// - Costs are robust (Student's t): a sticker in deep shadow, clipped or lit by a reflection costs
//   little more for one colour than another, so the legal-cube rule decides it, not its pixels.

const toLinear = (v) => {
  const s = v / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

export const linear = (rgb) => rgb.map(toLinear);

// Linear RGB (0..1) to CIE Lab (D65).
export function labOfLinear([R, G, B]) {
  const X = (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047;
  const Y = 0.2126 * R + 0.7152 * G + 0.0722 * B;
  const Z = (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883;
  const f = (t) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  return [116 * f(Y) - 16, 500 * (f(X) - f(Y)), 200 * (f(Y) - f(Z))];
}

// The floor of a colour's spread in Lab (standard deviations of L, a, b), and how many stickers'
// worth of weight it has against the stickers' own spread.
const FLOOR = [9, 2.5, 2.5];
const FLOOR_WEIGHT = 3;
// Student's t degrees of freedom: smaller is more forgiving of outliers.
const NU = 4;

function invert3(m) {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return {
    det,
    inv: [A, -(b * i - c * h), b * f - c * e, B, a * i - c * g, -(a * f - c * d), C, -(a * h - b * g), a * e - b * d].map((v) => v / det),
  };
}

// Each colour's mean and spread from the stickers given it (`labels`, 0..5 per sticker; -1 for
// none), in Lab of the gain-corrected samples. Robust: a few rounds of Student's t weights, so a
// shadowed or washed sticker among them widens the spread little.
function colourModels(labs, labels) {
  const models = [];
  for (let c = 0; c < 6; c++) {
    const pts = labs.filter((_, i) => labels[i] === c);
    let weights = pts.map(() => 1);
    let model = null;
    for (let round = 0; round < 3; round++) {
      const total = weights.reduce((s, w) => s + w, 0) || 1;
      const mean = [0, 1, 2].map((k) => pts.reduce((s, p, j) => s + weights[j] * p[k], 0) / total);
      const cov = new Array(9).fill(0);
      pts.forEach((p, j) => {
        for (let r = 0; r < 3; r++) for (let t = 0; t < 3; t++) cov[r * 3 + t] += weights[j] * (p[r] - mean[r]) * (p[t] - mean[t]);
      });
      for (let r = 0; r < 3; r++) for (let t = 0; t < 3; t++) cov[r * 3 + t] = (cov[r * 3 + t] + (r === t ? FLOOR_WEIGHT * FLOOR[r] ** 2 : 0)) / (total + FLOOR_WEIGHT);
      const { det, inv } = invert3(cov);
      model = { mean, inv, logDet: Math.log(det) };
      weights = pts.map((p) => (NU + 3) / (NU + mahalanobis(p, model)));
    }
    models.push(model);
  }
  return models;
}

function mahalanobis(p, { mean, inv }) {
  const d = [p[0] - mean[0], p[1] - mean[1], p[2] - mean[2]];
  let q = 0;
  for (let r = 0; r < 3; r++) for (let s = 0; s < 3; s++) q += d[r] * inv[r * 3 + s] * d[s];
  return q;
}

function costOf(p, model) {
  return 0.5 * model.logDet + ((NU + 3) / 2) * Math.log(1 + mahalanobis(p, model) / NU);
}

// How much of a face's cast, as its stickers measure it, is taken out: nine stickers, some of
// them doubtful, say it only roughly.
const CAST_SHARE = 0.5;

// Per face, the gains that take out its light's cast: red and blue against green, as the
// stickers' colours measure them against their colours' means over the whole scan (the median
// of the log ratios). The face's exposure is left alone: each colour's spread in lightness
// covers it.
function faceGains(lins, labels, per) {
  const means = [];
  for (let c = 0; c < 6; c++) {
    const pts = lins.filter((_, i) => labels[i] === c);
    means.push([0, 1, 2].map((k) => Math.exp(pts.reduce((s, p) => s + Math.log(Math.max(p[k], 1e-4)), 0) / Math.max(1, pts.length))));
  }
  const gains = [];
  const median = (v) => {
    const s = [...v].sort((x, y) => x - y);
    return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  const ok = (v) => v > 0.02 && v < 0.95;
  for (let f = 0; f < 6; f++) {
    // Red and blue against green, each from the stickers where both channels are neither
    // clipped nor in the dark: a sticker's own shade cancels in the ratio.
    const cast = [0, 2].map((k) => {
      const r = [];
      for (let i = f * per; i < (f + 1) * per; i++) {
        const v = lins[i];
        const m = means[labels[i]];
        if (labels[i] >= 0 && ok(v[k]) && ok(v[1]) && m[k] > 0.02 && m[1] > 0.02) r.push(Math.log(m[k] / v[k]) - Math.log(m[1] / v[1]));
      }
      return r.length ? median(r) : 0;
    });
    const g = [cast[0], 0, cast[1]];
    const avg = (g[0] + g[2]) / 3;
    gains.push(g.map((v) => Math.min(2.5, Math.max(0.4, Math.exp(CAST_SHARE * (v - avg))))));
  }
  return gains;
}

// The samples' Lab under per-face `gains` (null: none).
function correctedLabs(lins, gains, per) {
  return lins.map((p, i) => {
    const g = gains ? gains[Math.floor(i / per)] : [1, 1, 1];
    return labOfLinear(p.map((v, k) => Math.min(1, v * g[k])));
  });
}

// The costs of each colour for each sticker, from the colours `labels` gives the stickers now:
// per-face gains (when `balance`), then each colour's model, then every sticker's cost for each.
export function colourCosts(lins, labels, per, balance) {
  const gains = balance ? faceGains(lins, labels, per) : null;
  const labs = correctedLabs(lins, gains, per);
  const models = colourModels(labs, labels);
  return { cost: labs.map((p) => models.map((m) => costOf(p, m))), labs, gains };
}
