// Rendered pictures of cube faces for the scan tests: each face as a camera or a phone would see
// it, under a lighting gradient, a white balance off by up to a fifth, noise, blur, a tilt and a
// glare spot (seeded), written as BMP photos or as a YUV4MPEG2 video for Chromium's fake camera.

import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './helpers.mjs';

// Sticker colours of a real cube, by face letter of the standard scheme (white up, green front).
const PAINT = { U: [236, 238, 232], R: [190, 22, 44], F: [0, 150, 86], D: [250, 210, 0], L: [250, 96, 10], B: [0, 74, 176] };

export function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

// A face of `n` x `n` stickers (letters, row by row) in a `w` x `h` picture whose guide square
// (the middle square, three fifths of the shorter side) the face fills. `gap`: the dark line
// around each sticker, as a share of its cell (0: a stickerless cube).
export function renderFace(letters, n, { w = 320, h = 240, random, light = 0.4, balance = 0.2, noise = 10, blur = 1, tilt = 4, glare = true, marker = -1, paint = null, place = null, gap = 0.07 }) {
  const r = random;
  // `place`: a face not filling the guide ({scale, dx, dy}: its size against the guide's, its
  // middle's offset in guide sides), as in a photo taken freely.
  const side = 0.6 * Math.min(w, h) * (place?.scale ?? 1);
  const cx = w / 2 + (r() - 0.5) * side * 0.04 + (place?.dx ?? 0) * 0.6 * Math.min(w, h);
  const cy = h / 2 + (r() - 0.5) * side * 0.04 + (place?.dy ?? 0) * 0.6 * Math.min(w, h);
  const angle = ((r() - 0.5) * 2 * tilt * Math.PI) / 180;
  const gains = [0, 1, 2].map(() => 1 + (r() - 0.5) * 2 * balance);
  const dir = r() * Math.PI * 2;
  const spot = glare ? { x: cx + (r() - 0.5) * side * 0.7, y: cy + (r() - 0.5) * side * 0.7, rad: side * (0.04 + r() * 0.05) } : null;
  // `paint`: the stickers' own colours (sRGB, as realColours gives them), else the plastic's.
  const base = paint ?? letters.split('').map((l) => PAINT[l].map((v) => v + (r() - 0.5) * 16));
  let rgb = new Float32Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      // Into the face's own frame: rotated about its centre.
      const dx = x - cx;
      const dy = y - cy;
      const u = (Math.cos(-angle) * dx - Math.sin(-angle) * dy) / side + 0.5;
      const v = (Math.sin(-angle) * dx + Math.cos(-angle) * dy) / side + 0.5;
      let col = [24, 24, 26]; // the cube's body and the background
      if (u >= 0 && u < 1 && v >= 0 && v < 1) {
        const c = Math.floor(u * n);
        const rr = Math.floor(v * n);
        const fu = u * n - c;
        const fv = v * n - rr;
        if (fu > gap && fu < 1 - gap && fv > gap && fv < 1 - gap) col = base[rr * n + c];
      }
      const shade = 1 - light / 2 + light * (0.5 + 0.5 * Math.cos(dir) * (x / w - 0.5) * 2 + 0.5 * Math.sin(dir) * (y / h - 0.5) * 2) / 1.5;
      const i = (y * w + x) * 3;
      for (let k = 0; k < 3; k++) {
        let value = col[k] * shade * gains[k];
        if (spot) value += 200 * Math.exp(-((x - spot.x) ** 2 + (y - spot.y) ** 2) / (spot.rad * spot.rad));
        rgb[i + k] = value;
      }
    }
  }
  if (blur > 0) rgb = boxBlur(rgb, w, h, blur);
  const data = new Uint8ClampedArray(w * h * 4);
  for (let p = 0; p < w * h; p++) {
    for (let k = 0; k < 3; k++) data[p * 4 + k] = rgb[p * 3 + k] + (r() + r() + r() - 1.5) * noise;
    data[p * 4 + 3] = 255;
  }
  // A white square along the top edge whose place says which face this is (for the live
  // camera test): at x = 4 + 16 * marker.
  if (marker >= 0) {
    for (let y = 2; y < 12; y++) for (let x = 4 + 16 * marker; x < 14 + 16 * marker; x++) data.fill(255, (y * w + x) * 4, (y * w + x) * 4 + 3);
  }
  return { width: w, height: h, data };
}

function boxBlur(src, w, h, radius) {
  const out = new Float32Array(src.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const sum = [0, 0, 0];
      let count = 0;
      for (let yy = Math.max(0, y - radius); yy <= Math.min(h - 1, y + radius); yy++) {
        for (let xx = Math.max(0, x - radius); xx <= Math.min(w - 1, x + radius); xx++) {
          const i = (yy * w + xx) * 3;
          sum[0] += src[i];
          sum[1] += src[i + 1];
          sum[2] += src[i + 2];
          count++;
        }
      }
      const o = (y * w + x) * 3;
      out[o] = sum[0] / count;
      out[o + 1] = sum[1] / count;
      out[o + 2] = sum[2] / count;
    }
  }
  return out;
}

// A 24-bit BMP of an image.
export function bmp({ width, height, data }) {
  const row = Math.ceil((width * 3) / 4) * 4;
  const buf = Buffer.alloc(54 + row * height);
  buf.write('BM', 0);
  buf.writeUInt32LE(buf.length, 2);
  buf.writeUInt32LE(54, 10);
  buf.writeUInt32LE(40, 14);
  buf.writeInt32LE(width, 18);
  buf.writeInt32LE(-height, 22); // top-down
  buf.writeUInt16LE(1, 26);
  buf.writeUInt16LE(24, 28);
  buf.writeUInt32LE(row * height, 34);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const o = 54 + y * row + x * 3;
      buf[o] = data[i + 2];
      buf[o + 1] = data[i + 1];
      buf[o + 2] = data[i];
    }
  }
  return buf;
}

// A YUV4MPEG2 video (4:2:0, full range) of `frames` (images of one size), `fps` frames a second.
export function y4m(frames, fps = 1) {
  const { width: w, height: h } = frames[0];
  const parts = [Buffer.from(`YUV4MPEG2 W${w} H${h} F${fps}:1 Ip A1:1 C420jpeg\n`)];
  for (const { data } of frames) {
    const Y = Buffer.alloc(w * h);
    const U = Buffer.alloc((w / 2) * (h / 2));
    const V = Buffer.alloc((w / 2) * (h / 2));
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = (y * w + x) * 4;
        const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
        Y[y * w + x] = Math.max(0, Math.min(255, 0.299 * r + 0.587 * g + 0.114 * b));
        if (y % 2 === 0 && x % 2 === 0) {
          const o = (y / 2) * (w / 2) + x / 2;
          U[o] = Math.max(0, Math.min(255, 128 - 0.168736 * r - 0.331264 * g + 0.5 * b));
          V[o] = Math.max(0, Math.min(255, 128 + 0.5 * r - 0.418688 * g - 0.081312 * b));
        }
      }
    }
    parts.push(Buffer.from('FRAME\n'), Y, U, V);
  }
  return Buffer.concat(parts);
}

// The conditions of rendered cube `k` of a test set: from kind to harsh.
export function conditions(k, random) {
  const hard = k % 4 === 3;
  return {
    random,
    w: k % 2 ? 320 : 240,
    h: 240,
    light: hard ? 0.6 : 0.2 + random() * 0.3,
    balance: hard ? 0.22 : random() * 0.15,
    noise: hard ? 16 : 4 + random() * 8,
    blur: k % 3,
    tilt: hard ? 6 : 3,
    glare: k % 2 === 0,
  };
}

// The six faces of a sticker string (letters by face, U R F D L B).
export function faces(facelets) {
  const per = facelets.length / 6;
  return [0, 1, 2, 3, 4, 5].map((f) => facelets.slice(f * per, (f + 1) * per));
}

// 25 seeded random face turns, to make a random state from solved.
export function randomMoves(random) {
  return Array.from({ length: 25 }, () => 'URFDLB'[Math.floor(random() * 6)] + ['', "'", '2'][Math.floor(random() * 3)]).join(' ');
}

// Headless Chromium whose camera plays the YUV4MPEG2 `file` (allowed without asking).
export function launchWithCamera(file) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${file}`],
  });
}

// Waits until the fake camera shows face `face` (its mark along the top; and, where `cube` is
// given, that cube's number in the second row of marks).
export function waitForFace(page, face, { cube = null, timeout = 30000 } = {}) {
  return page.waitForFunction(
    ([want, number]) => {
      const v = document.getElementById('scan-video');
      const c = document.createElement('canvas');
      c.width = v.videoWidth;
      c.height = v.videoHeight;
      const ctx = c.getContext('2d');
      ctx.drawImage(v, 0, 0);
      const on = (x, y) => ctx.getImageData(x, y, 1, 1).data[0] > 200;
      const lit = [0, 1, 2, 3, 4, 5].filter((k) => on(9 + 16 * k, 7));
      if (lit.length !== 1 || lit[0] !== want) return false;
      if (number === null) return true;
      let n = 0;
      for (let bit = 0; bit < 8; bit++) if (on(9 + 16 * bit, 21)) n |= 1 << bit;
      return n === number;
    },
    [face, cube],
    { timeout, polling: 50 },
  );
}

// ---- Real-world colours ------------------------------------------------------------------------
// Sticker colours as a phone reads real cubes in real light (seeded), for the scanner's harder
// test set. What they follow (measured on photographs of real cubes, not on our renderer):
// - red and orange close: the two groups' means a median ~21 ΔE apart, single stickers of the
//   two as close as 4–10 ΔE on some cubes;
// - white and yellow close where the light is strong: whites clip to (255, 255, 255), yellow
//   washes out towards white (on some cubes 2–4 ΔE from a white);
// - deep shadows: a sticker at a tenth to a quarter of its face's light (a yellow as
//   (50, 57, 36), an orange as (21, 4, 3));
// - a light of its own per cube (warm or cool, bright or dim), and per face (the light moves as
//   the cube turns).
const srgbToLinear = (v) => {
  const s = v / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const linearToSrgb = (v) => {
  const s = Math.max(0, Math.min(1, v));
  return 255 * (s <= 0.0031308 ? 12.92 * s : 1.055 * s ** (1 / 2.4) - 0.055);
};

// A cube's plastic: its six colours as seen in neutral light at a normal exposure (sRGB), by
// face letter of the standard scheme. Brands differ most in red and orange.
function cubePlastic(random) {
  const pick = (lo, hi) => lo + random() * (hi - lo);
  const close = random(); // 0: a clear orange, 1: an orange that is nearly red
  const red = [pick(180, 225), pick(15, 55), pick(15, 50)];
  const orange = [pick(225, 250) - 20 * close, pick(85, 120) - 55 * close, pick(5, 35)];
  return {
    U: [pick(218, 245), pick(220, 245), pick(215, 242)],
    R: red,
    F: [pick(0, 40), pick(135, 180), pick(55, 100)],
    D: [pick(225, 250), pick(205, 240), pick(0, 110)],
    L: orange,
    B: [pick(0, 35), pick(60, 110), pick(160, 215)],
  };
}

// The colours (sRGB) of a cube's stickers, in sticker-string order, as a phone reads them.
export function realColours(facelets, n, random) {
  const per = n * n;
  const pick = (lo, hi) => lo + random() * (hi - lo);
  const plastic = cubePlastic(random);
  // The cube's light: its warmth (a red/blue tilt), its exposure.
  const warm = pick(-0.15, 0.3);
  const exposure = pick(0.75, 1.45);
  const out = [];
  for (let f = 0; f < 6; f++) {
    // This face's light: its own exposure and warmth around the cube's, and a gradient.
    const e = exposure * pick(0.7, 1.3);
    const w = warm + pick(-0.1, 0.1);
    const gains = [1 + w, 1 + w * 0.1, 1 - w];
    const dir = random() * 2 * Math.PI;
    const slope = pick(0, 0.35);
    for (let i = 0; i < per; i++) {
      const letter = facelets[f * per + i];
      const r = Math.floor(i / n) / (n - 1) - 0.5;
      const c = (i % n) / (n - 1) - 0.5;
      let shade = 1 + slope * (Math.cos(dir) * c + Math.sin(dir) * r);
      // A finger, the other hand or the cube's own edge: a deep shadow on a sticker or two.
      if (random() < 0.035) shade *= pick(0.08, 0.3);
      // The sticker's own variation (print, wear, angle).
      const own = plastic[letter].map((v) => srgbToLinear(Math.max(0, Math.min(255, v + pick(-8, 8)))));
      let lin = own.map((v, k) => v * e * shade * gains[k]);
      // A reflection of the light on a sticker: every channel lifted, washing the colour out.
      if (random() < 0.06) {
        const lift = pick(0.1, 1);
        lin = lin.map((v) => v + lift);
      }
      out.push(lin.map((v) => Math.round(Math.max(0, Math.min(255, linearToSrgb(v) + pick(-3, 3))))));
    }
  }
  return out;
}

// The photos of cube `k` of the real-colour set: its stickers' colours as realColours gives them,
// painted flat (the light is in the colours), a little noise, blur and tilt. `free`: the face
// where a photo taken freely puts it, and every third cube stickerless (no dark lines between
// its stickers).
export function realPhotos(state, n, k, random, { free = false } = {}) {
  const colours = realColours(state, n, random);
  const per = n * n;
  return faces(state).map((f, i) =>
    renderFace(f, n, { random, w: k % 2 ? 320 : 240, h: 240, light: 0, balance: 0, noise: 4, blur: 1, tilt: 3, glare: false, paint: colours.slice(i * per, (i + 1) * per), place: free ? freePlace(random) : null, gap: free && k % 3 === 0 ? 0 : 0.07 }),
  );
}

// Where a face sits in a photo taken freely: 0.7 to 1.2 times the guide's size, its middle up
// to a tenth of the guide's side away from the guide's.
export function freePlace(random) {
  return { scale: 0.7 + 0.5 * random(), dx: (random() - 0.5) * 0.2, dy: (random() - 0.5) * 0.2 };
}

// Cube `k` of a seeded test set of `total` cubes (the first four fifths 3x3, the rest 2x2): its
// state (made by `applyMoves(n, start, moves)`, the wasm module's apply_moves) and its six
// photos. Sets: 'rendered' (the renderer's light, white balance, noise, blur, tilt and glare),
// 'real' (real-world colours, the face filling the guide), 'free' (real-world colours, the face
// anywhere near the guide at 0.7 to 1.2 times its size).
export function scanCube(set, k, total, applyMoves) {
  const n = k < Math.round(total * 0.8) ? 3 : 2;
  const random = rng(({ real: 7000, free: 8000 }[set] ?? 1000) + k);
  const state = applyMoves(n, '', randomMoves(random));
  const images = set === 'rendered' ? faces(state).map((f) => renderFace(f, n, conditions(k, random))) : realPhotos(state, n, k, random, { free: set === 'free' });
  return { n, state, images };
}
