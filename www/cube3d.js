// The cube in 3D, as the person holds it (front face towards them, top up), for following the
// hints: CSS 3D transforms, one element a sticker. A hint's turn rotates the stickers of the
// turning layer about the cube's axis, then shows the state after it. Drag (or the arrow keys)
// to look around; "Holding view" turns back. The net stays the editor; this view is for
// following, and its text alternative is the hint in words.
import { turn_sources } from './pkg/cubehint.js';
import { FACES } from './words.js';

// The view as the cube is held: a little from above and from the right.
const HOLD = { x: -24, y: -32 };
// Each face's outward axis in cube coordinates (X right, Y up, Z towards the person).
const AXIS = { U: [0, 1, 0], D: [0, -1, 0], R: [1, 0, 0], L: [-1, 0, 0], F: [0, 0, 1], B: [0, 0, -1] };

// Where sticker `index` of a puzzle of `n` sits: its centre in cubie units, and its face.
function place(n, index) {
  const per = n * n;
  const face = FACES[Math.floor(index / per)];
  const r = Math.floor((index % per) / n);
  const c = index % n;
  const h = (n - 1) / 2;
  const out = n / 2;
  const at = {
    U: [c - h, out, r - h],
    D: [c - h, -out, h - r],
    F: [c - h, h - r, out],
    B: [h - c, h - r, -out],
    R: [out, h - r, h - c],
    L: [-out, h - r, c - h],
  }[face];
  return { at, face };
}

// The transform that lays a flat element at `at` (cube units, X right, Y up, Z towards the
// person) in the plane of `face`.
function onFace(at, face) {
  const turn = face === 'U' || face === 'D' ? ' rotateX(90deg)' : face === 'R' || face === 'L' ? ' rotateY(90deg)' : '';
  return `translate3d(calc(${at[0]} * var(--s3d)), calc(${-at[1]} * var(--s3d)), calc(${at[2]} * var(--s3d)))${turn}`;
}

export class Cube3d {
  constructor(scene) {
    this.scene = scene;
    this.view = { ...HOLD };
    this.size = 0;
    this.stickers = [];
    this.turning = null;
    this.sign = {};
    let drag = null;
    scene.addEventListener('pointerdown', (e) => {
      drag = { x: e.clientX, y: e.clientY, view: { ...this.view } };
      scene.setPointerCapture(e.pointerId);
    });
    scene.addEventListener('pointermove', (e) => {
      if (!drag) return;
      this.view.y = drag.view.y + (e.clientX - drag.x) * 0.5;
      this.view.x = Math.max(-89, Math.min(89, drag.view.x - (e.clientY - drag.y) * 0.5));
      this.orient();
    });
    const end = () => (drag = null);
    scene.addEventListener('pointerup', end);
    scene.addEventListener('pointercancel', end);
    scene.addEventListener('keydown', (e) => {
      const d = { ArrowLeft: [0, -15], ArrowRight: [0, 15], ArrowUp: [15, 0], ArrowDown: [-15, 0] }[e.key];
      if (!d) return;
      e.preventDefault();
      this.view.x = Math.max(-89, Math.min(89, this.view.x + d[0]));
      this.view.y += d[1];
      this.orient();
    });
  }

  // Back to the view as the cube is held.
  hold() {
    this.view = { ...HOLD };
    this.orient();
  }

  orient() {
    this.cube.style.transform = `rotateX(${this.view.x}deg) rotateY(${this.view.y}deg)`;
  }

  // The transform that puts sticker `i` in its place (CSS: x right, y down, z towards the viewer).
  base(i) {
    const { at, face } = place(this.size, i);
    return onFace(at, face);
  }

  build(size) {
    this.size = size;
    this.scene.replaceChildren();
    this.scene.style.setProperty('--n', size);
    this.cube = document.createElement('div');
    this.cube.className = 'cube3d';
    this.stickers = [];
    this.marked = null;
    // A dark plate just inside each face (see .plate3d).
    for (const face of FACES) {
      const plate = document.createElement('div');
      plate.className = 'plate3d';
      plate.style.transform = onFace(AXIS[face].map((v) => v * (size / 2 - 0.02)), face);
      this.cube.append(plate);
    }
    for (let i = 0; i < 6 * size * size; i++) {
      const s = document.createElement('div');
      s.className = 'sticker s3d';
      s.dataset.sticker3d = String(i);
      s.style.transform = this.base(i);
      this.cube.append(s);
      this.stickers.push(s);
    }
    this.scene.append(this.cube);
    this.orient();
    this.sign = {};
  }

  // Shows colours (0..5 as the net's), unless a turn is on its way (it shows them at its end),
  // and the move to make next (`move`, or none), marked with arrows once no turn is on its way.
  show(size, colors, move = null) {
    if (this.size !== size) this.build(size);
    this.next = move;
    if (this.turning) {
      this.turning.after = colors;
      return;
    }
    this.paint(colors);
    this.mark(move);
  }

  // Arrows on the stickers of the layer `move` turns, each pointing where its sticker goes: on
  // the faces beside the turning one, every sticker of the layer; on the turning face itself,
  // those between its corners (on a 2x2, its four), which together show the way round. A half
  // turn's arrows carry a 2.
  mark(move) {
    if (this.marked === move) return;
    for (const a of this.cube.querySelectorAll('.turn-arrow')) a.remove();
    this.marked = move;
    if (!move || this.size === 0) return;
    const face = move[0];
    const n = this.size;
    const quarters = move.endsWith("'") ? -1 : 1;
    const angle = quarters * this.signOf(face); // a degree: the chord is the tangent
    const [ax, ay, az] = this.cssAxis(face);
    const turn = new DOMMatrix().rotateAxisAngleSelf(ax, ay, az, angle);
    for (const s of this.layer(face)) {
      const i = Number(s.dataset.sticker3d);
      const own = place(n, i).face === face;
      const p = i % (n * n);
      if (own && n === 3 && p % 2 === 0) continue; // the turning face's corners and centre
      const m = new DOMMatrix(this.resolved(this.base(i)));
      const moved = turn.multiply(m);
      const d = [moved.m41 - m.m41, moved.m42 - m.m42, moved.m43 - m.m43];
      const along = (v) => d[0] * v[0] + d[1] * v[1] + d[2] * v[2];
      const deg = (Math.atan2(along([m.m21, m.m22, m.m23]), along([m.m11, m.m12, m.m13])) * 180) / Math.PI;
      const a = document.createElement('span');
      a.className = 'turn-arrow';
      a.setAttribute('aria-hidden', 'true');
      a.dataset.arrow = move;
      a.style.transform = `rotate(${Math.round(deg)}deg)`;
      a.textContent = '➜';
      if (move.endsWith('2')) {
        const half = document.createElement('span');
        half.className = 'half';
        half.textContent = '2';
        a.append(half);
      }
      s.append(a);
    }
  }

  // The stickers of the layer a turn of `face` moves.
  layer(face) {
    const axisIndex = AXIS[face].findIndex((v) => v !== 0);
    const outward = AXIS[face][axisIndex];
    const edge = (this.size - 1) / 2 - 0.01;
    return this.stickers.filter((_, i) => place(this.size, i).at[axisIndex] * outward >= edge);
  }

  // Shows the move to make (`move`, from `colors` to `after`), then turns back.
  preview(move, colors, after, ms) {
    this.turn(move, colors, after, ms, colors);
  }

  paint(colors) {
    colors.forEach((c, i) => (this.stickers[i].dataset.color = c < 0 ? '' : FACES[c]));
  }

  // Which way a quarter turn of `face` rotates about its axis in CSS, read off the sticker
  // model: the angle that carries a moving sticker to where the turn sends its colour.
  signOf(face) {
    if (this.sign[face]) return this.sign[face];
    const n = this.size;
    const sources = turn_sources(n, face);
    const k = sources.findIndex((j, idx) => j !== idx);
    const j = sources[k];
    const where = (m) => {
      const p = new DOMMatrix(this.resolved(m));
      return [p.m41, p.m42, p.m43];
    };
    const want = where(this.base(k));
    const [ax, ay, az] = this.cssAxis(face);
    const moved = new DOMMatrix().rotateAxisAngleSelf(ax, ay, az, 90).multiply(new DOMMatrix(this.resolved(this.base(j))));
    const close = Math.hypot(moved.m41 - want[0], moved.m42 - want[1], moved.m43 - want[2]) < 1;
    this.sign[face] = close ? 1 : -1;
    return this.sign[face];
  }

  // A transform string with the sticker size in pixels (`px`, default 40): DOMMatrix reads no
  // calc(), and an animation's keyframes are interpolated as given.
  resolved(transform, px = 40) {
    const s = px;
    return transform.replace(/calc\(([-\d.]+) \* var\(--s3d\)\)/g, (_, v) => `${Number(v) * s}px`);
  }

  cssAxis(face) {
    const [x, y, z] = AXIS[face];
    return [x, -y, z];
  }

  // Animates `move` (`R`, `U2`, `F'`) from `before` to `after` over `ms` (shown at once when 0);
  // then shows `end` (the state after the move, unless a preview turns back), with the arrows of
  // the move to make next.
  turn(move, before, after, ms, end = after) {
    const face = move[0];
    if (!ms || !this.stickers[0]?.animate || this.size === 0) {
      this.paint(end);
      this.mark(this.next);
      return;
    }
    this.turning?.finish();
    const quarters = move.endsWith('2') ? 2 : move.endsWith("'") ? -1 : 1;
    const angle = 90 * quarters * this.signOf(face);
    const [ax, ay, az] = this.cssAxis(face);
    const layer = this.layer(face);
    this.mark(null);
    this.paint(before);
    const px = parseFloat(getComputedStyle(this.stickers[0]).width) || 40;
    const animations = layer.map((s) => {
      const base = this.resolved(s.style.transform, px);
      return s.animate(
        [{ transform: `rotate3d(${ax}, ${ay}, ${az}, 0deg) ${base}` }, { transform: `rotate3d(${ax}, ${ay}, ${az}, ${angle}deg) ${base}` }],
        { duration: ms, easing: 'ease-in-out' },
      );
    });
    const job = {
      after: end,
      finish: () => {
        if (this.turning !== job) return;
        this.turning = null;
        animations.forEach((a) => a.cancel());
        this.paint(job.after);
        this.mark(this.next);
      },
    };
    this.turning = job;
    animations[0]?.finished.then(job.finish, job.finish);
  }
}
