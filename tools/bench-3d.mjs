// Frame times of the 3D hint view during turns, in headless Chromium at a phone's size
// (375 x 740): the interval between animation frames while each move of a solution turns.
//
//   node tools/bench-3d.mjs [--moves 20]
import { launch, openPage, useField } from '../tests/browser/helpers.mjs';

const count = Number(process.argv[process.argv.indexOf('--moves') + 1] || 20);
const env = await launch();
const page = await openPage(env, { viewport: { width: 375, height: 740 } });
await useField(page, "R U F' L2 D B' R2 U' F2 L D2 B R' U2 F' L' D B2 R U");
await page.getByRole('button', { name: 'Solve', exact: true }).click();
await page.waitForFunction(() => !document.getElementById('hints').hidden);
const frames = [];
for (let i = 0; i < count && !(await page.locator('#next').isDisabled()); i++) {
  const gaps = await page.evaluate(
    () =>
      new Promise((done) => {
        const out = [];
        let last = performance.now();
        const t0 = last;
        document.getElementById('next').click();
        const tick = (t) => {
          out.push(t - last);
          last = t;
          if (t - t0 < 650) requestAnimationFrame(tick);
          else done(out.slice(1));
        };
        requestAnimationFrame(tick);
      }),
  );
  frames.push(...gaps);
}
frames.sort((a, b) => a - b);
const q = (p) => frames[Math.min(frames.length - 1, Math.floor(p * frames.length))];
console.log(`${frames.length} frames over the turns: median ${q(0.5).toFixed(1)} ms, p95 ${q(0.95).toFixed(1)} ms, max ${frames.at(-1).toFixed(1)} ms; mean ${(frames.reduce((a, b) => a + b, 0) / frames.length).toFixed(1)} ms`);
await env.close();
