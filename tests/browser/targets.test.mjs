// Solving to a target as a person does it: a named pattern followed to its end, a painted
// target with grey stickers, stage-by-stage hints with the stage's pieces outlined, and the
// shareable address. Every end state is checked by the wasm's own sticker model, independently
// of the page's words.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, status, useField, netColors } from './helpers.mjs';

let env;
before(async () => {
  env = await launch();
});
after(async () => {
  await env?.close();
});

// Presses Next move until the moves are done.
async function followAll(page) {
  for (let i = 0; i < 40 && !(await page.locator('#next').isDisabled()); i++) await page.locator('#next').click();
}

const CHECKERBOARD = 'UDUDUDUDURLRLRLRLRFBFBFBFBFDUDUDUDUDLRLRLRLRLBFBFBFBFB';
// Twelve moves that no shorter sequence does (`cubehint solve --optimal` finds 12).
const TWELVE = "R U2 F' L D' B2 R' U F2 D L' B";

test('solve to a named pattern: its picture, the moves, reached, and the address keeps the goal', async () => {
  const page = await openPage(env);
  await useField(page, "R U2 F' L D B2 R'");
  await page.getByLabel('Solve to').selectOption('checkerboard');
  assert.equal(await page.locator('#goal-picture .mini').count(), 54, 'a small picture of the pattern');
  assert.match(await page.locator('#goal-note').textContent(), /U2 D2 F2 B2 L2 R2/);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => !document.getElementById('hints').hidden);
  assert.match(await status(page).textContent(), /moves to the checkerboard/);
  assert.match(await page.locator('#hints-title').textContent(), /Moves to the checkerboard/);
  await followAll(page);
  assert.equal(await netColors(page), CHECKERBOARD);
  assert.equal(await page.locator('#hint').textContent(), 'Reached the checkerboard.');
  // A copied address opens the same goal and solution.
  const hash = await page.evaluate(() => location.hash);
  assert.match(hash, /to=checkerboard/);
  const again = await openPage(env, { hash });
  assert.equal(await again.getByLabel('Solve to').inputValue(), 'checkerboard');
  assert.equal(await netColors(again), CHECKERBOARD);
  // The 2x2 reaches its pattern exactly as painted, held as it is.
  await page.getByRole('button', { name: '2x2', exact: true }).click();
  await useField(page, "R U F' R2 x y");
  await page.getByLabel('Solve to').selectOption('checkers');
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => /Moves to the checkers/.test(document.getElementById('hints-title').textContent));
  await followAll(page);
  assert.equal(await netColors(page), 'DUUDRRRRFBBFUDDULLLLBFFB');
  assert.equal(await page.locator('#hint').textContent(), 'Reached the checkers.');
  assert.deepEqual([...page.errors, ...again.errors], []);
  await page.close();
  await again.close();
});

test('a painted target: grey stickers are any colour, problems are named, the target is reached', async () => {
  const page = await openPage(env);
  await useField(page, "F R U' B2 L");
  await page.getByLabel('Solve to').selectOption('painted');
  await page.getByRole('button', { name: 'All grey' }).click();
  // The top face white, the rest grey; then a tenth white sticker, which no cube shows.
  await page.getByRole('button', { name: /^1 White/ }).click();
  for (const s of ['U1', 'U2', 'U3', 'U4', 'U6', 'U7', 'U8', 'U9']) await page.locator(`[data-target-facelet="${s}"]`).click();
  assert.match(await page.locator('#target-status').textContent(), /A possible target \(40 stickers any colour\)/);
  await page.locator('[data-target-facelet="F1"]').click();
  assert.match(await page.locator('#target-status').textContent(), /No cube can show this target/);
  assert.equal(await page.locator('[data-target-facelet].problem').count() > 0, true, 'the stickers involved are marked');
  await page.getByRole('button', { name: 'Any colour (grey)' }).click();
  await page.locator('[data-target-facelet="F1"]').click();
  assert.match(await page.locator('#target-status').textContent(), /A possible target/);
  // The cube on the main net is untouched by painting the target.
  const before = await netColors(page);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => !document.getElementById('hints').hidden);
  assert.equal(await netColors(page), before);
  await followAll(page);
  const top = (await netColors(page)).slice(0, 9);
  assert.equal(top, 'UUUUUUUUU', 'the top face is white, as painted');
  assert.equal(await page.locator('#hint').textContent(), 'Reached your painted target.');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('stage by stage (CFOP): each stage named, its pieces outlined, followed to solved', async () => {
  const page = await openPage(env);
  await useField(page, "R U2 F' L D B2 R' U F2 D' L2 B U'");
  await page.getByLabel('Hints').selectOption('cfop');
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => /Stage 1 of 7: Cross/.test(document.getElementById('hints-title').textContent));
  const seen = [];
  for (let k = 0; k < 7; k++) {
    const title = await page.locator('#hints-title').textContent();
    seen.push(title.replace(/^Stage \d+ of 7: /, ''));
    if (k < 6) assert.ok((await page.locator('[data-facelet].stage').count()) > 0, `${title}: its pieces are outlined`);
    await followAll(page);
    const hint = await page.locator('#hint').textContent();
    if (k === 6) {
      assert.equal(hint, 'Solved! Every face is one colour.');
      break;
    }
    assert.match(hint, /done\. Press Next stage/);
    // The cross is really there after the first stage.
    if (k === 0) {
      const c = await netColors(page);
      for (const i of [28, 30, 32, 34]) assert.equal(c[i], 'D', `D sticker ${i}`);
      for (const [i, f] of [[25, 'F'], [16, 'R'], [43, 'L'], [52, 'B']]) assert.equal(c[i], f, `side sticker ${i}`);
    }
    await page.getByRole('button', { name: 'Next stage' }).click();
    await page.waitForFunction((t) => document.getElementById('hints-title').textContent !== t, title);
  }
  assert.deepEqual(seen, ['Cross', 'First pair', 'Second pair', 'Third pair', 'Fourth pair', 'OLL', 'PLL']);
  const c = await netColors(page);
  assert.equal(c, 'UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a 54-letter string with one wrong letter stays a sticker string: the letter is named, nothing changes', async () => {
  const page = await openPage(env);
  await useField(page, "R U");
  const before = await netColors(page);
  await useField(page, 'UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBX');
  assert.match(await status(page).textContent(), /letter 54 \(B9\) is 'X'/);
  assert.equal(await netColors(page), before);
  await useField(page, 'UUUURRRRFFFFDDDDLLLLBBBX');
  assert.match(await status(page).textContent(), /letter 24 \(B4\) is 'X'/);
  assert.equal(await netColors(page), before);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('solutions easy to turn: the setting, their length and turning cost said', async () => {
  const page = await openPage(env);
  await useField(page, "R U2 F' L D B2 R' U F2 D' L2 B U'");
  await page.getByText('Colours and display').click();
  await page.getByLabel(/Prefer solutions easy to turn/).check();
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => !document.getElementById('hints').hidden);
  assert.match(await status(page).textContent(), /-move solution easy to turn \(turning cost \d+\.\d/);
  await followAll(page);
  assert.equal(await netColors(page), 'UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a hard 20-move cube: a solution shown at once, the search goes on, Stop keeps it', async () => {
  const page = await openPage(env);
  const hard = 'RBFLURBFLBUUFRBBDDRUURFLRDDBFLLDRRBFFUUBLFFDDLUULBRLDD';
  await useField(page, hard);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => /A hard cube: found \d+ moves at once/.test(document.getElementById('status').textContent), null, { timeout: 60000 });
  assert.match(await status(page).textContent(), /Searching for 20 or fewer/);
  const shown = (await page.getByTestId('solution').locator('button').count());
  assert.ok(shown > 20 && shown <= 30, `${shown} moves shown`);
  await page.getByRole('button', { name: 'Stop searching' }).first().click();
  await page.waitForFunction(() => /Stopped\. The \d+-move solution stays/.test(document.getElementById('status').textContent));
  await followAll(page);
  assert.equal(await netColors(page), 'UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a length the quick search cannot meet: every sequence of it searched with the optimal tables', async () => {
  // Twelve moves, and no fewer do it (`cubehint solve --optimal`). The address asks for at
  // most eleven: the two-phase search finds none, the tables' search proves none exists and
  // answers with a shortest solution. Small tables (h0-2bit) keep it quick.
  const page = await openPage(env, { query: '?max=11&table=h0-2bit' });
  await useField(page, TWELVE);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => /the quick search found no solution of 11 moves or fewer/.test(document.getElementById('status').textContent), null, { timeout: 90000 });
  assert.match(await status(page).textContent(), /Now searching every 11-move sequence with the optimal solver's tables/);
  assert.equal(await page.getByRole('button', { name: 'Stop searching' }).count() > 0, true, 'it can be stopped');
  await page.waitForFunction(() => /No solution of 11 moves or fewer exists: the shortest has 12 moves/.test(document.getElementById('status').textContent), null, { timeout: 240000 });
  assert.equal(await page.getByTestId('solution').locator('button').count(), 12);
  await followAll(page);
  assert.equal(await netColors(page), 'UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a face at a time on a phone: large stickers, the same state, undo and validation as the net', async () => {
  const page = await openPage(env, { viewport: { width: 375, height: 740 } });
  assert.equal(await page.getByLabel('One face at a time, large stickers').isChecked(), true, 'picked on a narrow screen');
  const first = page.locator('[data-face-sticker="0"]');
  const box = await first.boundingBox();
  assert.ok(box.width >= 44 && box.height >= 44, `stickers ${box.width}x${box.height}`);
  assert.match(await page.locator('#face-title').textContent(), /Face 1 of 6: top \(U\)/);
  // Paint U1 red on the face view: the net shows it, Undo takes it back.
  await page.getByRole('button', { name: /^2 Red/ }).click();
  await first.click();
  assert.equal(await page.locator('[data-facelet="U1"]').getAttribute('data-color'), 'R');
  assert.match(await status(page).textContent(), /cannot exist|Too many|Painting/);
  await page.getByRole('button', { name: 'Undo' }).click();
  assert.equal(await page.locator('[data-facelet="U1"]').getAttribute('data-color'), 'U');
  // The faces go in the page's one order (U R F D L B, as the camera and the sticker string): the
  // front is the third, with how to hold the cube; keys paint there too.
  await page.getByRole('button', { name: 'Next face' }).click();
  assert.match(await page.locator('#face-title').textContent(), /Face 2 of 6: right \(R\)/);
  await page.getByRole('button', { name: 'Next face' }).click();
  assert.match(await page.locator('#face-title').textContent(), /Face 3 of 6: front \(F\)/);
  assert.match(await page.locator('#face-hold').textContent(), /white on top, green facing you/);
  await page.locator('[data-face-sticker="4"]').focus();
  await page.keyboard.press('4');
  assert.equal(await page.locator('[data-facelet="F5"]').getAttribute('data-color'), 'D');
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 375, 'fits the phone');
  // Offered on a wide screen too, off by default.
  const wide = await openPage(env);
  assert.equal(await wide.getByLabel('One face at a time, large stickers').isChecked(), false);
  assert.deepEqual([...page.errors, ...wide.errors], []);
  await page.close();
  await wide.close();
});

// The 3D view at the end of a turn's animation: where each turning sticker is drawn, and which
// colour it carries, read from the browser's own rendering of the animation.
async function turnEndsWhereTheMoveSends(page) {
  return page.evaluate(() => {
    const stickers = [...document.querySelectorAll('[data-sticker3d]')];
    const animations = document.getAnimations().filter((a) => stickers.includes(a.effect?.target));
    if (!animations.length) return { moving: 0 };
    const pos = (t) => {
      const m = new DOMMatrix(t);
      return [m.m41, m.m42, m.m43];
    };
    const moving = animations.map((a) => {
      a.pause();
      a.currentTime = a.effect.getTiming().duration - 1;
      return { el: a.effect.target, at: pos(getComputedStyle(a.effect.target).transform), color: a.effect.target.dataset.color };
    });
    const homes = stickers.map((el) => ({ el, at: pos(el.style.transform.replace(/calc\(([-\d.]+) \* var\(--s3d\)\)/g, (_, v) => `${Number(v) * parseFloat(getComputedStyle(el).width)}px`)) }));
    animations.forEach((a) => a.finish());
    // Where the move sends each colour: the net, which shows the state after it.
    const after = [...document.querySelectorAll('[data-facelet]')].map((el) => el.dataset.color);
    let wrong = 0;
    for (const m of moving) {
      const home = homes.reduce((best, h) => (Math.hypot(...h.at.map((v, k) => v - m.at[k])) < Math.hypot(...best.at.map((v, k) => v - m.at[k])) ? h : best));
      if (after[stickers.indexOf(home.el)] !== m.color) wrong++;
    }
    return { moving: moving.length, wrong };
  });
}

test('hints in 3D: the cube as held, each turn rotates its layer the way the move goes, in step with the net', async () => {
  const page = await openPage(env, { viewport: { width: 375, height: 740 } });
  await useField(page, "R U F' L2 D B'");
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => !document.getElementById('hints').hidden);
  assert.equal(await page.locator('[data-sticker3d]').count(), 54);
  assert.equal(await page.getByRole('img', { name: /The cube in 3D as you hold it/ }).count(), 1, 'a text alternative');
  const moves = (await page.getByTestId('solution').textContent()).trim().split(/\s+/);
  for (let i = 0; i < moves.length; i++) {
    await page.locator('#next').click();
    const r = await turnEndsWhereTheMoveSends(page);
    await page.evaluate(() => new Promise((ok) => setTimeout(ok, 0)));
    assert.ok(r.moving >= 20, `move ${moves[i]}: ${r.moving} stickers turn`);
    assert.equal(r.wrong, 0, `move ${moves[i]}: every turning sticker ends where the move sends its colour`);
    // The 3D cube and the net show the same stickers once the turn is over.
    const shown3d = await page.locator('[data-sticker3d]').evaluateAll((els) => els.map((e) => e.dataset.color).join(''));
    assert.equal(shown3d, await netColors(page), `move ${moves[i]}: 3D and net in step`);
  }
  const colors3d = await page.locator('[data-sticker3d]').evaluateAll((els) => els.map((e) => e.dataset.color).join(''));
  assert.equal(colors3d, await netColors(page));
  assert.equal(colors3d, 'UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB');
  // Dragging turns the view; Holding view turns it back.
  const before = await page.locator('.cube3d').evaluate((e) => e.style.transform);
  const box = await page.locator('#scene3d').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 20);
  await page.mouse.up();
  assert.notEqual(await page.locator('.cube3d').evaluate((e) => e.style.transform), before);
  await page.getByRole('button', { name: 'Holding view' }).click();
  assert.equal(await page.locator('.cube3d').evaluate((e) => e.style.transform), before);
  assert.deepEqual(page.errors, []);
  await page.close();
});
