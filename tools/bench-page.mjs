// Opens bench/index.html in headless Chromium behind our static server, runs `fn(page)`, and
// closes both (shared by the benchmarks). Environment: CHROMIUM (the browser), EXTRA_ARGS
// (more browser flags, space-separated, e.g. EXTRA_ARGS=--js-flags=--no-liftoff), CONSOLE=1
// (echo the page's and workers' console), PROFILE_DIR (a browser profile kept between runs, so
// that a run with `--cached` takes the tables another run left in IndexedDB; served on port 47319),
// ISOLATED=1 (serve the page cross-origin isolated, as `./build.sh` serves the app: the optimal
// search's workers then share memory with the page).
import { chromium } from 'playwright-core';
import { startServer } from './serve.mjs';
import { CHROMIUM_ARGS } from '../tests/browser/helpers.mjs';

export async function withBenchPage(fn) {
  // A kept profile needs the same origin every run, so a fixed port.
  const server = await startServer({ root: '.', port: process.env.PROFILE_DIR ? 47319 : 0, bareImports: true, headers: process.env.ISOLATED ? 'isolation' : false });
  const extra = process.env.EXTRA_ARGS ? process.env.EXTRA_ARGS.split(' ') : [];
  const options = { executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...extra] };
  const browser = process.env.PROFILE_DIR
    ? await chromium.launchPersistentContext(process.env.PROFILE_DIR, options)
    : await chromium.launch(options);
  try {
    const page = await browser.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    if (process.env.CONSOLE) page.on('console', (m) => console.error('console:', m.text()));
    await page.goto(`http://127.0.0.1:${server.address().port}/bench/index.html`);
    await page.waitForSelector('body[data-ready="true"]');
    return await fn(page);
  } finally {
    await browser.close();
    server.close();
  }
}
