// Offline for real: the service worker, the single file from disk, no request to any other
// origin, cached tables that are checked before use, and the Content-Security-Policy.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { launch, useField, isSolvedNet, solveByHints, status, damageStored } from './helpers.mjs';

let env;
before(async () => {
  env = await launch();
});
after(async () => {
  await env?.close();
});

async function ready(page) {
  await page.waitForSelector('body[data-ready="true"]');
}

async function solveBoth(page) {
  for (const [size, moves] of [['2x2', "R U F' R2"], ['3x3', "R U F' L2 D B"]]) {
    await page.getByRole('button', { name: size, exact: true }).click();
    await useField(page, moves);
    const followed = await solveByHints(page);
    assert.ok(followed.length > 0, `${size} solved`);
    assert.ok(await isSolvedNet(page), `${size} solved by the hints`);
  }
}

test('the service worker keeps every script of the page', () => {
  const sw = readFileSync('www/sw.js', 'utf8');
  const scripts = readdirSync('www').filter((f) => f.endsWith('.js') && !['sw.js', 'version.js'].includes(f));
  for (const f of scripts) assert.ok(sw.includes(`'${f}'`), `${f} is in sw.js's FILES`);
});

test('after one visit the page loads and solves both puzzles with the network off', async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await page.goto(env.base);
  await ready(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  // Wait until the service worker controls the page and has stored every file.
  await page.reload();
  await ready(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await context.setOffline(true);
  await page.reload();
  await ready(page);
  await solveBoth(page);
  await context.close();
});

test('a new version replaces the old store', async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await page.goto(env.base);
  await ready(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  const keys = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return caches.keys().then((k) => ({ keys: k, active: !!reg.active }));
  });
  assert.equal(keys.keys.filter((k) => k.startsWith('cubehint-')).length, 1, 'exactly one store');
  // An old store left behind by an earlier version is removed when a worker activates.
  await page.evaluate(() => caches.open('cubehint-old-version').then((c) => c.put('/x', new Response('old'))));
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    await reg.unregister();
  });
  await page.reload();
  await ready(page);
  await page.waitForFunction(async () => {
    const k = await caches.keys();
    return !k.includes('cubehint-old-version') && k.some((x) => x.startsWith('cubehint-'));
  });
  await context.close();
});

test('the single file works opened from disk, with nothing fetched', async () => {
  const file = resolve('dist/cubehint.html');
  assert.ok(existsSync(file), 'dist/cubehint.html is built');
  const context = await env.browser.newContext();
  const page = await context.newPage();
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  // The medium optimal table (h0 alone) builds in seconds; the large one takes two minutes.
  await page.goto(`file://${file}?table=medium`);
  await ready(page);
  await solveBoth(page);
  // The optimal solver too (3x3 is showing): its own Blob worker, its table built in the page.
  // (12 moves optimal: more than Solve proves shortest on its own.)
  await useField(page, "R U F' D2 L B' U' F2 R' D B L2");
  await page.getByRole('button', { name: 'Find optimal' }).click();
  await page.waitForSelector('body[data-optimal="done"]', { timeout: 120_000 });
  await status(page).filter({ hasText: 'Found an optimal solution: 12 moves' }).waitFor();
  assert.deepEqual(requests.filter((u) => !u.startsWith('file:') && !u.startsWith('blob:') && !u.startsWith('data:')), []);
  assert.deepEqual(errors, []);
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  assert.match(csp, /script-src 'sha256-[^']+' 'wasm-unsafe-eval'/);
  assert.doesNotMatch(csp, /unsafe-inline|'unsafe-eval'/);
  await context.close();
});

test('a whole session sends no request to another origin and breaks no CSP rule', async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  const origin = new URL(env.base).origin;
  const requests = [];
  context.on('request', (r) => requests.push(r.url()));
  const violations = [];
  await page.exposeFunction('reportViolation', (v) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => window.reportViolation(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const response = await page.goto(env.base);
  assert.match(response.headers()['content-security-policy'], /script-src 'self' 'wasm-unsafe-eval'/);
  const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  assert.match(meta, /script-src 'self' 'wasm-unsafe-eval'/);
  await ready(page);
  await page.getByRole('button', { name: 'Scramble' }).click();
  await page.getByText('Scrambled with').waitFor({ timeout: 20000 });
  await solveBoth(page);
  await page.getByText('Colours and display').click();
  await page.getByLabel('Colour scheme').selectOption('yellow');
  const foreign = requests.filter((u) => !u.startsWith(origin) && !u.startsWith('blob:') && !u.startsWith('data:'));
  assert.deepEqual(foreign, []);
  assert.deepEqual(violations, []);
  await context.close();
});

test('cached tables are checked: a corrupted copy is rebuilt, never trusted', async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await page.goto(env.base);
  await ready(page);
  await page.waitForFunction(() => document.body.dataset.tables2);
  await page.waitForFunction(() => document.body.dataset.tables3);
  // The second visit reads the stored tables (both puzzles).
  await page.reload();
  await ready(page);
  await page.waitForFunction(() => document.body.dataset.tables2 && document.body.dataset.tables3);
  assert.equal(await page.evaluate(() => document.body.dataset.tables2), 'cache');
  assert.equal(await page.evaluate(() => document.body.dataset.tables3), 'cache');
  // Flip bytes in the stored copy: the next visit must reject and rebuild it.
  await damageStored(page, 'pocket-htm', 1000, 1100);
  await page.reload();
  await ready(page);
  await page.waitForFunction(() => document.body.dataset.tables2);
  assert.match(await page.evaluate(() => document.body.dataset.tables2), /failed its check/);
  await page.getByRole('button', { name: '2x2', exact: true }).click();
  await useField(page, "R U R'");
  await solveByHints(page);
  assert.ok(await isSolvedNet(page));
  // And the rebuilt copy is good again.
  await page.reload();
  await ready(page);
  await page.waitForFunction(() => document.body.dataset.tables2);
  assert.equal(await page.evaluate(() => document.body.dataset.tables2), 'cache');
  await context.close();
});
