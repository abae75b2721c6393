import { serve, sleep } from './lib.mjs';
import { chromium } from 'playwright-core';
const server = await serve(process.argv[2], 8133);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--force-device-scale-factor=3', '--window-size=390,844'] });
const ctx = await browser.newContext({ viewport: null });
const page = await ctx.newPage();
await page.goto(server.url);
await sleep(Number(process.argv[3] ?? 1000));
console.log(JSON.stringify(await page.evaluate(() => ({ seen: window.seen, dpr: devicePixelRatio, cw: document.querySelector('canvas').width }))));
await page.screenshot({ path: '/tmp/dpr/force3.png' });
await browser.close(); await server.stop();
