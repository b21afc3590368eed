// Shared set-up for the browser tests: our static server and headless Chromium.
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../tools/serve.mjs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

// Our server and headless Chromium. Pages open in a fresh off-the-record context, unless
// `profile` is set: then in a new profile on disk, as a visitor's browser keeps what a site
// stores (an off-the-record context keeps its storage in memory and refuses files of a few
// gigabytes, such as the h6 flip table). `headers` as our server's (false: none, as a
// stranger's site).
export async function launch(root = 'www', { profile = false, headers = true } = {}) {
  const server = await startServer({ root, port: 0, headers });
  const base = `http://127.0.0.1:${server.address().port}/`;
  const executablePath = process.env.CHROMIUM ?? '/usr/bin/chromium';
  const dir = profile ? mkdtempSync(join(tmpdir(), 'cubehint-profile-')) : null;
  let browser;
  if (dir) {
    const context = await chromium.launchPersistentContext(dir, { executablePath, args: CHROMIUM_ARGS, viewport: { width: 1200, height: 900 } });
    // As a browser's newPage: the context's own first page, then new ones.
    browser = { newPage: async () => context.pages().find((p) => p.url() === 'about:blank') ?? context.newPage(), close: () => context.close() };
  } else {
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  }
  return {
    base,
    browser,
    async close() {
      await browser.close();
      await new Promise((ok) => server.close(ok));
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

// Opens the page and waits until it is ready; collects page errors.
export async function openPage(env, { viewport = { width: 1200, height: 900 }, hash = '', query = '' } = {}) {
  const page = await env.browser.newPage({ viewport });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(env.base + query + hash);
  await page.waitForSelector('body[data-ready="true"]');
  page.errors = errors;
  return page;
}

export const sticker = (page, name) => page.locator(`[data-facelet="${name}"]`);
export const status = (page) => page.getByRole('status').first();

// Types a sticker string or moves into the field and uses it.
export async function useField(page, text) {
  await page.getByTestId('facelets').fill(text);
  await page.getByRole('button', { name: 'Use', exact: true }).click();
}

// The colours of every sticker as face letters ('' for unpainted).
export async function netColors(page) {
  return page.locator('[data-facelet]').evaluateAll((els) => els.map((e) => e.dataset.color).join(''));
}

export async function isSolvedNet(page) {
  const colors = await netColors(page);
  const per = colors.length / 6;
  for (let f = 0; f < 6; f++) {
    const face = colors.slice(f * per, (f + 1) * per);
    if ([...face].some((c) => c !== face[0])) return false;
  }
  return true;
}

// Presses Solve, then Next move until the net is solved; returns the moves followed.
export async function solveByHints(page) {
  await page.getByRole('button', { name: 'Solve' }).click();
  const solution = page.getByTestId('solution');
  await solution.waitFor({ state: 'visible' });
  await page.waitForFunction(() => document.querySelector('[data-testid="solution"]').textContent.trim() !== '');
  const text = (await solution.textContent()).trim();
  const moves = text === '(already solved)' ? [] : text.split(/\s+/);
  const next = page.getByRole('button', { name: 'Next move' });
  for (let i = 0; i < moves.length; i++) await next.click();
  return moves;
}

// Flips the bytes from..to of a table the page keeps as a file (the flip tables, in the origin
// private file system), in place from a worker (a writable stream from the page would copy the
// whole file first); false if there is no such file.
export const damageStoredFile = (page, name, from, to) => editStoredFile(page, name, from, { flip: to - from });

// Writes `bytes` at `at` of a table the page keeps as a file, in place; false if there is none.
export const patchStoredFile = (page, name, at, bytes) => editStoredFile(page, name, at, { bytes });

// Flips `flip` bytes from `at`, or writes `bytes` there, in a worker (sync access handles are
// for workers only).
async function editStoredFile(page, name, at, { flip = 0, bytes = [] }) {
  return page.evaluate(
    ({ name, at, flip, bytes }) => {
      const src = `onmessage = async ({ data: { name, at, flip, bytes } }) => {
        const root = await navigator.storage.getDirectory();
        const handle = await root.getFileHandle(name).catch(() => null);
        if (!handle) return postMessage(false);
        const h = await handle.createSyncAccessHandle();
        let out = new Uint8Array(bytes);
        if (flip) {
          out = new Uint8Array(flip);
          h.read(out, { at });
          for (let i = 0; i < out.length; i++) out[i] ^= 0x5a;
        }
        h.write(out, { at });
        h.flush();
        h.close();
        postMessage(true);
      };`;
      const worker = new Worker(URL.createObjectURL(new Blob([src], { type: 'text/javascript' })));
      return new Promise((resolve, reject) => {
        worker.onmessage = (e) => resolve(e.data);
        worker.onerror = (e) => reject(new Error(e.message));
        worker.postMessage({ name, at, flip, bytes });
      });
    },
    { name, at, flip, bytes },
  );
}

// Flips the bytes from..to of a table stored in the page's IndexedDB under `key`.
export async function damageStored(page, key, from, to) {
  await page.evaluate(
    ({ key, from, to }) =>
      new Promise((done) => {
        const req = indexedDB.open('cubehint-tables', 1);
        req.onsuccess = () => {
          const store = req.result.transaction('tables', 'readwrite').objectStore('tables');
          const get = store.get(key);
          get.onsuccess = () => {
            const bytes = new Uint8Array(get.result);
            for (let i = from; i < to; i++) bytes[i] ^= 0x5a;
            store.put(bytes.buffer, key).onsuccess = done;
          };
        };
      }),
    { key, from, to },
  );
}

// Whether all of `locator` is inside the viewport as the page is scrolled now.
export async function inView(page, locator) {
  const box = await locator.boundingBox();
  if (!box) return false;
  const vp = page.viewportSize();
  return box.y >= -1 && box.x >= -1 && box.y + box.height <= vp.height + 1 && box.x + box.width <= vp.width + 1;
}

