// A Dead Man's Hand game shared at the table (issue 22), played from two phones, run by
// .ci/run after the web page's test:
//
//   node web/test/share-test.mjs POSSE [SHOTS]     (defaults: target/debug/posse, target/browser-shots/share)
//
// A game is made in a fresh data folder (`posse game simulate`, seed 1: six events, turn 1,
// Tombstone Law's Texas Jack acting) and shared with `posse serve` on 127.0.0.1. Two
// phone-sized headless Chromium pages open the join address; each takes a side. Each side's
// hand is that side's own cards and no other (the hands do not meet); Tombstone Law plays the
// J♥, The Clanton Gang is asked whether to trump it and trumps it with the J♠, and Tombstone
// Law's phone shows the trump; both events are in the host's journal. Tombstone Law lets the
// trump stand and types the d10 of Texas Jack's nerve test on its phone. The Clanton Gang's phone
// reloads and is back in its seat without choosing again, and a phone that only watches sees
// the table and no hand. Every button is checked to be at least 44 px high and every text at
// least 14 px. Screenshots of each step are written to SHOTS (kept by CI).

import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { launch } from './lib.mjs';

const root = resolve(import.meta.dirname, '../..');
const posse = resolve(process.argv[2] ?? join(root, 'target/debug/posse'));
const shots = resolve(process.argv[3] ?? join(root, 'target/browser-shots/share'));
rmSync(shots, { recursive: true, force: true });
mkdirSync(shots, { recursive: true });

const check = (condition, sentence) => {
  if (!condition) throw new Error(`share-test: ${sentence}`);
};

const data = mkdtempSync(join(tmpdir(), 'posse-share-'));
const env = { ...process.env, POSSE_DATA_DIR: data };
const journal = join(data, 'dmh/games/game-1.jsonl');
mkdirSync(join(data, 'dmh/games'), { recursive: true });
const made = spawnSync(posse, ['game', 'simulate', '--journal', journal, '--events', '6', '--seed', '1'], { env });
check(made.status === 0, `the game could not be made: ${made.stderr}`);

const host = spawn(posse, ['serve', '--game', 'game-1', '--bind', '127.0.0.1', '--port', '0'], { env });
const hostErrors = [];
host.stderr.on('data', (d) => hostErrors.push(String(d)));
const url = await new Promise((done, fail) => {
  createInterface({ input: host.stdout }).once('line', done);
  host.once('exit', (code) => fail(new Error(`posse serve ended (${code}): ${hostErrors.join('')}`)));
});
check(/^http:\/\/127\.0\.0\.1:\d+\/[A-Z2-9]{4}$/.test(url), `posse serve printed '${url}'`);

const browser = await launch();
const problems = [];
let step = 0;
const phone = async (name) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  page.on('pageerror', (e) => problems.push(`${name}: ${e}`));
  return { name, page, context };
};
const shot = async (who, what) => {
  step += 1;
  await who.page.screenshot({ path: join(shots, `${String(step).padStart(2, '0')}-${who.name}-${what}.png`), fullPage: true });
  // Big and touchable: every button 44 px high, no text under 14 px.
  const small = await who.page.evaluate(() => {
    const found = [];
    for (const b of document.querySelectorAll('button')) {
      if (b.getBoundingClientRect().height < 44) found.push(`button '${b.textContent}' ${b.getBoundingClientRect().height} px high`);
    }
    for (const e of document.querySelectorAll('body *')) {
      const size = parseFloat(getComputedStyle(e).fontSize);
      if (e.childNodes.length && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()) && size < 14) {
        found.push(`'${e.textContent.slice(0, 30)}' in ${size} px`);
      }
    }
    return found;
  });
  problems.push(...small.map((s) => `${who.name}, ${what}: ${s}`));
};
const hand = (who) => who.page.$$eval('.hand .card .face', (faces) => faces.map((f) => f.textContent));

try {
  const law = await phone('law');
  const clantons = await phone('clantons');
  for (const who of [law, clantons]) await who.page.goto(url);
  await law.page.waitForSelector('button[data-seat="side-a"]');
  await shot(law, 'seats');
  await law.page.tap('button[data-seat="side-a"]');
  await clantons.page.waitForSelector('button[data-seat="side-b"]');
  await clantons.page.tap('button[data-seat="side-b"]');

  // Each side sees its own hand, and the hands do not meet.
  await law.page.waitForSelector('button[data-choice="play:JH"]');
  await clantons.page.waitForSelector('.hand .card');
  const lawHand = await hand(law);
  const clantonHand = await hand(clantons);
  check(lawHand.includes('J♥') && !lawHand.includes('J♠'), `Tombstone Law's hand is ${lawHand}`);
  check(clantonHand.includes('J♠') && !clantonHand.includes('J♥'), `The Clanton Gang's hand is ${clantonHand}`);
  check(lawHand.every((card) => !clantonHand.includes(card)), `the hands meet: ${lawHand} and ${clantonHand}`);
  check((await law.page.textContent('#title')) === 'Tombstone Law', 'the seat is named by its gang');
  await shot(law, 'hand');
  await shot(clantons, 'hand');

  // Tombstone Law plays the J♥; The Clanton Gang is asked and trumps it.
  await law.page.tap('button[data-choice="play:JH"]');
  await clantons.page.waitForSelector('.prompt button[data-choice="trump:JS"]');
  await shot(clantons, 'asked-to-trump');
  await clantons.page.tap('.prompt button[data-choice="trump:JS"]');
  await clantons.page.waitForFunction(() => /trump/i.test(document.getElementById('message').textContent));
  const trumped = await clantons.page.textContent('#message');
  await law.page.waitForFunction((line) => [...document.querySelectorAll('ul.log li')].some((li) => li.textContent === line), trumped);
  await shot(law, 'sees-the-trump');
  await shot(clantons, 'trumped');
  let lines = readFileSync(journal, 'utf8').trim().split('\n');
  check(lines.length === 8, `the host's journal has ${lines.length} lines, not 6 and the play and the trump`);

  // Tombstone Law lets the trump stand; Texas Jack's nerve test (the shot before called for
  // it) is asked on Tombstone Law's phone, which types the d10 its player rolled.
  await law.page.tap('.prompt button[data-choice="settle"]');
  await law.page.waitForSelector('.prompt input[data-field^="nerve:0.5/"]');
  check(!(await clantons.page.$('input[data-field^="nerve:"]')), "the other side is asked Texas Jack's nerve test");
  await law.page.fill('.prompt input[data-field^="nerve:0.5/"]', '7');
  await shot(law, 'types-a-nerve-test');
  await law.page.tap('.prompt button[data-choice="nerve:0.5"]');
  await law.page.waitForFunction(() => /nerve/i.test(document.getElementById('message').textContent));
  lines = readFileSync(journal, 'utf8').trim().split('\n');
  check(lines.length === 10, `the host's journal has ${lines.length} lines, not the trump let stand and the nerve test`);
  check(/"roll":7/.test(lines[9]), `the nerve test's roll is not the 7 typed: ${lines[9]}`);
  await shot(law, 'nerve-test-taken');

  // A reload (or a phone that slept) comes back to its seat.
  await clantons.page.reload();
  await clantons.page.waitForSelector('.hand .card');
  check((await clantons.page.textContent('#title')) === 'The Clanton Gang', 'the reloaded phone is back in its seat');
  check(!(await clantons.page.$('button[data-seat]')), 'the reloaded phone was not asked to choose a seat again');
  await shot(clantons, 'reloaded');

  // A phone that only watches sees the table and no hand.
  const watcher = await phone('watcher');
  await watcher.page.goto(url);
  await watcher.page.waitForSelector('button[data-seat=""]');
  await watcher.page.tap('button[data-seat=""]');
  await watcher.page.waitForSelector('.cards .card');
  check((await hand(watcher)).length === 0, 'the watcher is shown a hand');
  check(!(await watcher.page.$('button[data-choice]')), 'the watcher is offered a choice');
  await shot(watcher, 'watching');
  check(problems.length === 0, `${problems.length} problems:\n${problems.join('\n')}`);
} finally {
  await browser.close();
  host.kill();
  rmSync(data, { recursive: true, force: true });
}
console.log(`share-test: two phones played and trumped a card; screenshots in ${shots}`);
