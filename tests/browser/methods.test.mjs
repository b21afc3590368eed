// Learning a method on the page: each last-layer stage names its case, draws it, says what to
// look for and how to hold the cube, and gives the algorithm learners are taught; a new user
// follows the beginner's method to solved on a phone-sized screen; the fewest-move stages stay
// an option, with the difference shown. End states are read from the net, not the words.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, openPage, useField, netColors, inView } from './helpers.mjs';

let env;
before(async () => {
  env = await launch();
});
after(async () => {
  await env?.close();
});

const SOLVED = 'UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB';

// Follows the stage on show to its end with Next move; on a phone the button is in view at
// every step.
async function followStage(page, phone = false) {
  const next = page.locator('#next');
  for (let i = 0; i < 80 && !(await next.isDisabled()); i++) {
    if (phone) assert.ok(await inView(page, next), 'Next move is on screen');
    await next.click();
  }
}

test("a new user follows the beginner's method to solved on a phone, every last-layer case named and drawn", async () => {
  const page = await openPage(env, { viewport: { width: 375, height: 740 } });
  await page.getByLabel('Hints').selectOption('beginner');
  await useField(page, "L2 B' R U2 F D' R2 B L' U F2 D B2 R' U'");
  const stages = [];
  const cases = [];
  for (let k = 0; k < 14; k++) {
    await page.waitForFunction(() => /^Stage \d+ of 13/.test(document.getElementById('hints-title').textContent));
    const title = await page.locator('#hints-title').textContent();
    stages.push(title.replace(/^Stage \d+ of 13: /, ''));
    if (await page.locator('#case-box').isVisible()) {
      const name = (await page.locator('#case-name').textContent()).replace(/^Case: /, '');
      cases.push(name);
      if (!/^Skip/.test(name)) {
        assert.equal(await page.locator('#case-view rect').count(), 21, `${name}: the top layer is drawn`);
        assert.match(await page.locator('#case-alg').textContent(), /^Algorithm: \S/, `${name}: its algorithm`);
        assert.ok((await page.locator('#case-look').textContent()).length > 10, `${name}: what to look for`);
        // The moves to follow are the algorithm's, with the top turned before or after.
        const alg = (await page.locator('#case-alg code').textContent()).replace(/[[\]()]/g, '').split(/\s+/).filter(Boolean);
        const moves = (await page.getByTestId('solution').textContent()).trim().split(/\s+/);
        assert.ok(moves.join(' ').includes(alg.join(' ')), `${name}: ${moves.join(' ')} holds ${alg.join(' ')}`);
      }
    }
    if (k === 10) await page.screenshot({ path: 'tests/browser/test-results/method-phone.png' });
    await followStage(page, true);
    const hint = await page.locator('#hint').textContent();
    if (hint.startsWith('Solved!')) break;
    const nextStage = page.getByRole('button', { name: 'Next stage' });
    assert.ok(await inView(page, nextStage), `${title}: Next stage is on screen`);
    await nextStage.click();
    await page.waitForFunction((t) => document.getElementById('hints-title').textContent !== t, title);
  }
  assert.equal(await netColors(page), SOLVED);
  assert.equal(stages.at(-1), 'Solved');
  assert.ok(stages.includes('Top face') || stages.includes('Top corners'), stages.join(', '));
  assert.ok(cases.length >= 1, 'a last-layer case came up');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('CFOP with full OLL and PLL: OLL 45 named with its trigger; the fewest-move setting shows the difference', async () => {
  const page = await openPage(env);
  await page.getByLabel('Hints').selectOption('cfop');
  // The OLL 45 case (the T) and a T perm: F R U R' U' F' and the T perm solve it.
  const tPerm = "R U R' U' R' F R2 U' R' U' R U R' F'";
  const inverse = (s) => s.split(' ').reverse().map((m) => (m.endsWith("'") ? m[0] : m.endsWith('2') ? m : `${m}'`)).join(' ');
  await useField(page, `${inverse(tPerm)} ${inverse("F R U R' U' F'")}`);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => /OLL/.test(document.getElementById('hints-title').textContent));
  assert.equal(await page.locator('#case-name').textContent(), 'Case: OLL 45');
  assert.equal(await page.locator('#case-alg code').textContent(), "F (R U R' U') F'");
  assert.match(await page.locator('#case-hold').textContent(), /\(R U R' U'\) is the “sexy move”/);
  assert.equal((await page.getByTestId('solution').textContent()).trim().replace(/\s+/g, ' '), "F R U R' U' F'");
  // The drawing: an orientation case in the top colour and grey.
  const fills = await page.locator('#case-view rect').evaluateAll((rs) => rs.map((r) => r.getAttribute('fill')));
  assert.ok(fills.includes('#8a8f98') && fills.some((f) => f.startsWith('var(--color-')));
  await followStage(page);
  await page.getByRole('button', { name: 'Next stage' }).click();
  await page.waitForFunction(() => /PLL/.test(document.getElementById('hints-title').textContent));
  assert.equal(await page.locator('#case-name').textContent(), 'Case: T perm');
  await followStage(page);
  assert.equal(await netColors(page), SOLVED);
  // The same cube, each stage in the fewest moves: the difference is said.
  await useField(page, `${inverse(tPerm)} ${inverse("F R U R' U' F'")}`);
  await page.getByLabel(/each stage in the fewest moves/).check();
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => /OLL/.test(document.getElementById('hints-title').textContent));
  await page.locator('#case-diff').waitFor();
  assert.match(await page.locator('#case-diff').textContent(), /fewest moves|as short as/);
  await page.getByLabel(/each stage in the fewest moves/).uncheck();
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('no serious or critical accessibility violations with a case on show, on a phone', async () => {
  const context = await env.browser.newContext({ bypassCSP: true, viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto(env.base);
  await page.waitForSelector('body[data-ready="true"]');
  await page.evaluate(readFileSync('node_modules/axe-core/axe.min.js', 'utf8'));
  await page.getByLabel('Hints').selectOption('cfop-2look');
  await useField(page, "F U R U' R' F'");
  await page.locator('#case-box').waitFor();
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(bad.map((v) => `${v.id}: ${v.nodes.length} (${v.nodes[0]?.target})`), []);
  await context.close();
});
