// Measures the web page (issue 14): the size of the .wasm, raw and gzipped, and the time from
// navigation to the first frame the app drew, in headless Chromium on this machine (the
// median of RUNS loads, each in a fresh profile, so nothing comes from a cache):
//
//   node web/test/bench-web.mjs [SITE] [RUNS]      (defaults: target/site, 7)
//
// The first drawn frame is the `posse-first-frame` mark src/web.rs sets on the page's
// performance timeline when the frame after the first starts (so the first has been painted);
// its time is measured from the navigation's start.

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch, serve } from './lib.mjs';

const root = resolve(import.meta.dirname, '../..');
const site = resolve(process.argv[2] ?? join(root, 'target/site'));
const runs = Number(process.argv[3] ?? 7);
const wasm = readFileSync(join(site, 'posse_bg.wasm'));
const mib = (n) => (n / (1024 * 1024)).toFixed(2);
const zipped = gzipSync(wasm, { level: 9 }).length;
console.log(`posse_bg.wasm: ${wasm.length} bytes (${mib(wasm.length)} MiB) raw, ${zipped} bytes (${mib(zipped)} MiB) gzipped`);

const server = await serve(site, 8766);
const browser = await launch();
const times = [];
try {
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 800, height: 1280 } });
    const page = await context.newPage();
    await page.goto(server.url);
    await page.waitForFunction(() => performance.getEntriesByName('posse-first-frame').length > 0, null,
      { timeout: 60000 });
    times.push(await page.evaluate(() => performance.getEntriesByName('posse-first-frame')[0].startTime));
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(`navigation to first drawn frame: median ${Math.round(median)} ms over ${runs} loads ` +
  `(min ${Math.round(times[0])}, max ${Math.round(times[times.length - 1])})`);
