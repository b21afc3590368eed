import { chromium } from 'playwright-core';
import { realPhotos, bmp, rng, randomMoves } from '/work/main/tests/browser/scan-fixtures.mjs';
import { readFileSync } from 'node:fs';
const pkg='/work/main/www/pkg/'; const wasm = await import(`${pkg}cubehint.js`); wasm.initSync({ module: readFileSync(`${pkg}cubehint_bg.wasm`) });
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const page = await b.newPage({ viewport: { width: 375, height: 740 } });
page.on('pageerror', e => console.log('ERR', e.message));
await page.goto('http://127.0.0.1:8099/'); await page.waitForSelector('body[data-ready="true"]');
const k = Number(process.argv[2] ?? 6);
const random = rng(7000 + k); const state = wasm.apply_moves(3, '', randomMoves(random));
const imgs = realPhotos(state, 3, k, random);
await page.getByLabel('Use photos').setInputFiles(imgs.map((im,i)=>({ name: `${i}.bmp`, mimeType: 'image/bmp', buffer: bmp(im) })));
await page.waitForTimeout(1500);
console.log(await page.locator('#status').textContent());
console.log('ask:', await page.locator('#scan-ask').isVisible(), await page.locator('#scan-ask-text').textContent());
await page.screenshot({ path: '/tmp/ui.png' });
for (let q = 0; q < 10 && await page.locator('#scan-ask').isVisible(); q++) {
  const text = await page.locator('#scan-ask-text').textContent();
  const name = text.match(/Check (\w\d+)/)[1];
  const per = 9; const idx = 'URFDLB'.indexOf(name[0]) * per + Number(name.slice(1)) - 1;
  const want = { U: 'white', R: 'red', F: 'green', D: 'yellow', L: 'orange', B: 'blue' }[state[idx]];
  console.log(text, '->', want);
  await page.getByRole('button', { name: `${name} is ${want}` }).click();
  await page.waitForTimeout(300);
}
console.log(await page.locator('#status').textContent());
const read = await page.locator('[data-facelet]').evaluateAll((els) => els.map((e) => e.dataset.color).join(''));
console.log(read === state ? 'exact' : 'differs', [...state].filter((c,i)=>c!==read[i]).length);
await b.close();
