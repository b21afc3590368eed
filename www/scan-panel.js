// Scanning a cube: the live camera view with its guide grid (one face at a time, with how to
// hold the cube for the next), or photos of the six faces. Frames stay on this device: they are
// read into a canvas here and never sent anywhere. What was read lands in the net as if painted,
// doubtful stickers outlined for checking; each is asked about in one tap ("orange or red?"),
// and each answer decides the likeliest legal cube again.
import { $, faceButtons } from './dom.js';
import { render as renderFace } from './face-view.js';
import { stickerName } from './net.js';
import { decide, findGrid, guide, lab, readCube, sampleFace } from './scan.js';
import { COLOR_NAMES, faceColor, settings } from './settings.js';
import { state } from './state.js';
import { FACES as ORDER, FACE_WORDS, holdFace } from './words.js';

let apply = null; // (size, read, how) => void: read as readCube or decide gives it
let stream = null;
let captured = [];
let capturedSize = 0;
let at = 0;

const palette = () => settings.css.map((hex) => [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16)));

function say(text) {
  $('scan-status').textContent = text;
}

// Pixels of an image file or a video frame.
function pixels(source, width, height) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  ctx.drawImage(source, 0, 0, width, height);
  return ctx.getImageData(0, 0, width, height);
}

// What the last scan put on the net: its faces stay for a rescan of one of them as long as the
// net still shows it.
let lastRead = null;

// The last scan's reading while the net still shows it: the person's answers so far, what it
// put on the net, and the sticker asked about.
let scanned = null;

function finish(images, how) {
  const n = state.size;
  const read = readCube(images, n, palette(), faceColor());
  lastRead = { size: n, colors: [...read.colors] };
  scanned = read.reading ? { n, reading: read.reading, answers: new Map(), read, asking: read.doubtful[0] ?? -1 } : null;
  apply(n, read, how);
  showAsk();
}

// Whether the net shows what the scan put there (but for sticker `except`).
const stillShown = (except = -1) => scanned && state.size === scanned.n && state.colors[scanned.n].every((c, i) => i === except || c === scanned.read.colors[i]);

// The question about the sticker asked about: its two likeliest colours, a button each.
function showAsk() {
  const box = $('scan-ask');
  for (const el of document.querySelectorAll('[data-facelet].asking')) el.classList.remove('asking');
  const open = scanned && stillShown() ? scanned.read.doubtful.filter((i) => !scanned.answers.has(i)) : [];
  if (!open.length) {
    box.hidden = true;
    if (scanned) scanned.asking = -1;
    renderFace();
    return;
  }
  if (!open.includes(scanned.asking)) scanned.asking = open[0];
  const i = scanned.asking;
  const [a, b] = scanned.read.ask.get(i);
  const name = stickerName(scanned.n, i);
  $('scan-ask-text').textContent = `Check ${name} (outlined): ${COLOR_NAMES[a]} or ${COLOR_NAMES[b]}?${open.length > 1 ? ` ${open.length} stickers to check.` : ''}`;
  const choices = $('scan-ask-choices');
  choices.replaceChildren(
    ...[a, b].map((c) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'ask-choice';
      button.dataset.color = 'URFDLB'[c];
      button.textContent = COLOR_NAMES[c];
      button.addEventListener('click', () => answer(i, c));
      return button;
    }),
  );
  box.hidden = false;
  document.querySelectorAll('[data-facelet]')[i]?.classList.add('asking');
  renderFace();
}

// The person says sticker `i` is colour `c`: the likeliest legal cube with every answer so far.
function answer(i, c) {
  scanned.answers.set(i, c);
  const read = decide(scanned.reading, scanned.answers);
  read.doubtful = read.doubtful.filter((j) => !scanned.answers.has(j));
  scanned.read = read;
  lastRead = { size: scanned.n, colors: [...read.colors] };
  apply(scanned.n, read, null, { sticker: stickerName(scanned.n, i), colour: COLOR_NAMES[c] });
  showAsk();
}

// Sticker `i` painted colour `c` on a net that shows a scan: an answer like a tap on the
// question (true), or nothing to do with a scan (false).
export function scanAnswer(i, c) {
  if (!stillShown(i) || !scanned.read.doubtful.includes(i) && !scanned.read.changed.includes(i)) {
    if (scanned && !stillShown(i)) scanned = null;
    return false;
  }
  answer(i, c);
  return true;
}

// The net changed otherwise (a paint, undo, a new puzzle): the question goes when it no longer
// fits.
export function refreshAsk() {
  if (scanned && !stillShown()) scanned = null;
  showAsk();
}

// Photos: six images, one per face, in the order U R F D L B.
async function usePhotos(files) {
  const n = state.size;
  if (files.length !== 6) {
    say(`Choose six photos, one per face in the order U R F D L B; ${files.length} ${files.length === 1 ? 'was' : 'were'} chosen. Nothing was changed.`);
    return;
  }
  try {
    const images = [];
    for (const f of files) {
      const bitmap = await createImageBitmap(f);
      images.push(pixels(bitmap, bitmap.width, bitmap.height));
      bitmap.close();
    }
    say('');
    finish(images, `${n}x${n} read from six photos`);
  } catch {
    say('One of the photos could not be read as an image. Nothing was changed.');
  }
}

// The live view: the guide square and its grid over the video.
function drawGuide() {
  const video = $('scan-video');
  const canvas = $('scan-overlay');
  if (!stream) return;
  const w = video.videoWidth || 640;
  const h = video.videoHeight || 480;
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d');
  ctx.clearRect(0, 0, w, h);
  const found = watch.grid && watch.grid.fit >= FACE_FIT;
  const { x, y, side } = found ? watch.grid : guide(w, h);
  // The grid found on the face, green while it holds still (and bright as it is captured);
  // else the guide, white.
  ctx.strokeStyle = performance.now() - watch.flash < 400 ? '#3f3' : found ? (watch.steady > 0 ? '#2d2' : '#ff0') : '#fff';
  ctx.lineWidth = Math.max(2, w / 200);
  ctx.shadowColor = '#000';
  ctx.shadowBlur = 4;
  const n = state.size;
  for (let k = 0; k <= n; k++) {
    ctx.beginPath();
    ctx.moveTo(x + (k * side) / n, y);
    ctx.lineTo(x + (k * side) / n, y + side);
    ctx.moveTo(x, y + (k * side) / n);
    ctx.lineTo(x + side, y + (k * side) / n);
    ctx.stroke();
  }
  requestAnimationFrame(drawGuide);
}

// A small net with the face to show next filled in (decorative: the words say it too).
function facePicture(face) {
  const box = $('scan-picture');
  box.replaceChildren();
  const origin = { U: [1, 0], L: [0, 1], F: [1, 1], R: [2, 1], B: [3, 1], D: [1, 2] };
  for (const [f, [x, y]] of Object.entries(origin)) {
    const cell = document.createElement('span');
    cell.className = `scan-face${f === face ? ' next' : ''}${captured[ORDER.indexOf(f)] ? ' done' : ''}`;
    cell.textContent = f;
    cell.style.gridColumn = String(x + 1);
    cell.style.gridRow = String(y + 1);
    box.append(cell);
  }
}

// The step on show: the face to capture (`at`), or, with all six captured and none picked again
// (`at` -1), Use these.
function showStep() {
  const face = ORDER[at] ?? null;
  const all = ORDER.every((_, k) => captured[k]);
  facePicture(face);
  $('scan-step').textContent = face
    ? `Face ${at + 1} of 6 (${face}): show ${holdFace(face)}. Hold it still in the frame: it is captured by itself (or press Capture).`
    : 'All six faces captured: press Use these, or pick a face under Capture again.';
  for (const b of document.querySelectorAll('[data-scan-face]')) b.setAttribute('aria-pressed', String(b.dataset.scanFace === face));
  $('scan-capture').disabled = !face;
  $('scan-use').disabled = !all;
  $('scan-use').classList.toggle('primary', all && !face);
  $('scan-capture').classList.toggle('primary', Boolean(face));
}

async function startCamera() {
  // A page opened from a file (the single-file cubehint.html) may not get the camera.
  const fromFile = location.protocol === 'file:';
  const fileNote = 'This browser does not allow the camera in a page opened from a file: use photos, or paint the net (or open the hosted page).';
  if (!navigator.mediaDevices?.getUserMedia) {
    say(fromFile ? fileNote : 'This browser offers no camera to this page: use photos, or paint the net.');
    return;
  }
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment', width: { ideal: 1280 } }, audio: false });
  } catch (err) {
    const name = err?.name ?? '';
    say(
      fromFile && name !== 'NotFoundError'
        ? fileNote
        : name === 'NotAllowedError'
          ? 'The camera was not allowed. You can allow it in the browser, use photos, or paint the net.'
          : name === 'NotFoundError' || name === 'OverconstrainedError'
            ? 'No camera was found. Use photos, or paint the net.'
            : 'The camera could not be started. Use photos, or paint the net.',
    );
    return;
  }
  // Faces captured before (this puzzle) are kept: one of them can be captured again alone.
  const same = lastRead?.size === state.size && lastRead.colors.every((c, i) => c === state.colors[state.size][i]);
  if (capturedSize !== state.size || !same) {
    captured = [];
    seen = [];
  }
  capturedSize = state.size;
  at = ORDER.findIndex((_, k) => !captured[k]);
  $('scan-live').hidden = false;
  // The video and Capture in view (on a phone they start below the fold).
  requestAnimationFrame(() => $('scan-live').scrollIntoView({ block: 'start', behavior: 'instant' }));
  const video = $('scan-video');
  video.srcObject = stream;
  await video.play().catch(() => {});
  say('');
  showStep();
  drawGuide();
  clearInterval(watch.timer);
  watch.timer = setInterval(look, LOOK_MS);
}

function stopCamera() {
  clearInterval(watch.timer);
  Object.assign(watch, { grid: null, samples: null, steady: 0, justCaptured: -1 });
  stream?.getTracks().forEach((t) => t.stop());
  stream = null;
  $('scan-live').hidden = true;
}

// Capturing by itself: a few times a second the frame is looked at; a face whose grid is found
// and that holds still for STEADY looks (about half a second) is captured, unless it is a face
// captured already (then the person is told which). A press of Capture stays possible.
const STEADY = 3;
const LOOK_MS = 180;
// The grid's fit (findGrid) from which a face is in view.
const FACE_FIT = 45;
// How far (Lab, mean over the stickers) two looks may differ and still be the same face, still.
const SAME = 9;
const watch = { grid: null, samples: null, steady: 0, flash: 0, timer: 0, justCaptured: -1 };

const lookDistance = (a, b) => a.reduce((s, v, i) => s + Math.hypot(...lab(v).map((x, k) => x - lab(b[i])[k])), 0) / a.length;

function look() {
  const video = $('scan-video');
  if (!stream || !video.videoWidth || at < 0) {
    watch.steady = 0;
    return;
  }
  const scale = Math.min(1, 320 / video.videoWidth);
  const frame = pixels(video, Math.round(video.videoWidth * scale), Math.round(video.videoHeight * scale));
  const n = state.size;
  const grid = findGrid(frame, n);
  watch.grid = { x: grid.x / scale, y: grid.y / scale, side: grid.side / scale, fit: grid.fit };
  if (grid.fit < FACE_FIT) {
    watch.steady = 0;
    watch.samples = null;
    return;
  }
  const samples = sampleFace(frame, n, grid);
  watch.steady = watch.samples && lookDistance(samples, watch.samples) < SAME ? watch.steady + 1 : 0;
  watch.samples = samples;
  // A face captured already, by its stickers (on the 3x3 its centre first).
  const again = captured.findIndex((img, k) => img && k !== at && seen[k] && sameFace(seen[k], samples, n));
  if (again >= 0) {
    watch.steady = 0;
    if (again !== watch.justCaptured) say(`That is the ${FACE_WORDS[ORDER[again]]} face (${ORDER[again]}) again: show ${holdFace(ORDER[at])}.`);
    return;
  }
  if (watch.justCaptured >= 0) {
    watch.justCaptured = -1;
    say('');
  }
  if (watch.steady >= STEADY) capture({ auto: true });
}

// Whether two looks are the same face: the same centre (3x3) and the same stickers, near enough.
function sameFace(a, b, n) {
  const centre = n === 3 ? lookDistance([a[4]], [b[4]]) < SAME * 1.5 : true;
  return centre && lookDistance(a, b) < SAME * 1.5;
}

// What each captured face looked like (its stickers' colours), for telling faces apart.
let seen = [];

function capture({ auto = false } = {}) {
  const video = $('scan-video');
  if (!stream || !video.videoWidth) return;
  if (at < 0) return;
  const image = pixels(video, video.videoWidth, video.videoHeight);
  const samples = sampleFace(image, state.size);
  // A face captured already is not taken for another.
  const again = captured.findIndex((img, k) => img && k !== at && seen[k] && sameFace(seen[k], samples, state.size));
  if (again >= 0) {
    say(`That is the ${FACE_WORDS[ORDER[again]]} face (${ORDER[again]}) again: show ${holdFace(ORDER[at])}.`);
    return;
  }
  captured[at] = image;
  seen[at] = samples;
  watch.flash = performance.now();
  watch.steady = 0;
  watch.justCaptured = at;
  navigator.vibrate?.(40);
  const face = ORDER[at];
  // On to the first face not captured yet; with all six, Use these.
  at = ORDER.findIndex((_, k) => !captured[k]);
  say(`Captured the ${FACE_WORDS[face]} face (${face})${auto ? ' as it held still' : ''}.`);
  showStep();
}

// Wires the buttons; `onRead(size, read, how, answered)` puts what was read on the net (`how`
// null and `answered` {sticker, colour} after an answer).
export function initScan(onRead) {
  apply = onRead;
  $('scan-camera').addEventListener('click', startCamera);
  $('scan-photos').addEventListener('change', (e) => {
    usePhotos([...e.target.files]);
    e.target.value = '';
  });
  $('scan-capture').addEventListener('click', () => capture());
  $('scan-cancel').addEventListener('click', stopCamera);
  $('scan-use').addEventListener('click', () => {
    const images = [...captured];
    stopCamera();
    say('');
    finish(images, `${state.size}x${state.size} read from the camera`);
  });
  faceButtons($('scan-faces'), ORDER, 'scanFace', () => 'capture this face again', (face) => {
    at = ORDER.indexOf(face);
    showStep();
  });
}
