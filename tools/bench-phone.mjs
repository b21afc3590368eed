// How soon a solution is on screen on a phone (375 x 740, headless Chromium): for each cube of
// a file (default: the distance-20 cubes of bench/hard-20.txt), the time from pressing Use (on
// a phone the cube is solved at once) to the first solution in view, its length, and whether a
// solution within 20 moves was offered within --wait seconds.
//
//   node tools/bench-phone.mjs [--states bench/hard-20.txt] [--wait 12]
import { readFileSync } from 'node:fs';
import { launch, openPage } from '../tests/browser/helpers.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const states = readFileSync(arg('--states', 'bench/hard-20.txt'), 'utf8').split('\n').map((l) => l.trim()).filter(Boolean);
const wait = Number(arg('--wait', '12')) * 1000;

const env = await launch();
try {
  const page = await openPage(env, { viewport: { width: 375, height: 740 } });
  await page.waitForFunction(() => document.body.dataset.tables3, null, { timeout: 120_000 });
  console.log('cube\tfirst on screen (ms)\tfirst length\toffered within 20\tafter (ms)');
  for (const [k, facelets] of states.entries()) {
    if (k > 0) await page.getByRole('button', { name: 'Edit the cube' }).click();
    await page.getByTestId('facelets').fill(facelets);
    const t0 = Date.now();
    await page.getByRole('button', { name: 'Use', exact: true }).click();
    await page.waitForFunction(() => !document.getElementById('hints').hidden && document.body.dataset.flow === 'follow', null, { timeout: 60_000 });
    const first = Date.now() - t0;
    const length = await page.getByTestId('solution').locator('button').count();
    let offered = length <= 20 ? 'shown' : 'no';
    let after = '';
    if (length > 20) {
      const found = await page
        .waitForFunction(() => /Show the (\d+)-move solution/.exec(document.getElementById('status').textContent)?.[1], null, { timeout: wait })
        .then((h) => h.jsonValue(), () => null);
      if (found && Number(found) <= 20) {
        offered = `${found} moves`;
        after = String(Date.now() - t0);
      }
    }
    console.log(`${k + 1}\t${first}\t${length}\t${offered}\t${after}`);
    const stop = page.getByRole('button', { name: 'Stop searching' });
    if (await stop.count()) await stop.first().click();
  }
} finally {
  await env.close();
}
