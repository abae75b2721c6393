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
//
// Then a seat page of each other system, from a committed journal (tests/fixtures/share/
// <id>-game.jsonl, kept true to the rules by tests/share_fixtures.rs) copied into a fresh data
// folder's <id>/games/ and served the same way: two phones take seats, each sees its own
// counters (and in Frag its own hand: five cards to Ann, four to Bob), a choice made on one
// phone shows on the other (or on a watcher's):
// - Fragmaster Origins: Bob takes cover on his turn; Ann's phone shows him taking cover.
// - Frag Deadlands: Ann discards down to her limit, then types a weapon card (Shotgun, 4 dice,
//   +1, 2 ammo) and plays it; Bob's phone shows her four cards and then the Shotgun.
// - Deadlands: Alice types Ann's failed Spirit roll (2, Wild Die 3), then spends a white chip to
//   shake off Shaken; Bea's phone reads the roll, a watcher's sees the chip gone, and neither
//   seat sees the other's character.

import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

/// `posse serve` on 127.0.0.1 for `game` (an id or a journal's path) in the data folder `data`:
/// the host and its join address.
const serve = async (data, game) => {
  const env = { ...process.env, POSSE_DATA_DIR: data };
  const host = spawn(posse, ['serve', '--game', game, '--bind', '127.0.0.1', '--port', '0'], { env });
  const hostErrors = [];
  host.stderr.on('data', (d) => hostErrors.push(String(d)));
  const url = await new Promise((done, fail) => {
    createInterface({ input: host.stdout }).once('line', done);
    host.once('exit', (code) => fail(new Error(`posse serve ended (${code}): ${hostErrors.join('')}`)));
  });
  check(/^http:\/\/127\.0\.0\.1:\d+\/[A-Z2-9]{4}$/.test(url), `posse serve printed '${url}'`);
  return { host, url };
};
const folders = [];
const hosts = [];

const data = mkdtempSync(join(tmpdir(), 'posse-share-'));
folders.push(data);
const journal = join(data, 'dmh/games/game-1.jsonl');
mkdirSync(join(data, 'dmh/games'), { recursive: true });
const made = spawnSync(posse, ['game', 'simulate', '--journal', journal, '--events', '6', '--seed', '1'],
  { env: { ...process.env, POSSE_DATA_DIR: data } });
check(made.status === 0, `the game could not be made: ${made.stderr}`);
const { host, url } = await serve(data, 'game-1');
hosts.push(host);

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
// The seat's counters, label to value.
const counters = (who) => who.page.$$eval('.counters .counter',
  (boxes) => Object.fromEntries(boxes.map((b) => [b.querySelector('span').textContent, b.querySelector('b').textContent])));
// The cards on the table: face, owner and detail.
const onTable = (who) => who.page.$$eval('.cards.table .card', (cards) => cards.map((c) => ({
  face: c.querySelector('.face').textContent,
  owner: c.querySelector('.owner')?.textContent ?? '',
  detail: c.querySelector('.detail').textContent,
})));
const lines = (file) => readFileSync(file, 'utf8').trim().split('\n');
const logHas = (who, line) => who.page.waitForFunction(
  (l) => [...document.querySelectorAll('ul.log li')].some((li) => li.textContent === l), line);
// Two phones (or more) on a fixture's game: `system`'s journal copied into a fresh data folder
// and served. Returns the journal's path and the join address.
const fixture = async (system) => {
  const folder = mkdtempSync(join(tmpdir(), `posse-share-${system}-`));
  folders.push(folder);
  mkdirSync(join(folder, system, 'games'), { recursive: true });
  const file = join(folder, system, 'games', `${system}-game.jsonl`);
  copyFileSync(join(root, 'tests/fixtures/share', `${system}-game.jsonl`), file);
  const served = await serve(folder, file);
  hosts.push(served.host);
  return { file, url: served.url };
};
const sit = async (who, url, seat, title) => {
  await who.page.goto(url);
  await who.page.waitForSelector(`button[data-seat="${seat}"]`);
  await who.page.tap(`button[data-seat="${seat}"]`);
  await who.page.waitForFunction((t) => document.getElementById('title').textContent === t, title);
  await who.page.waitForSelector('.counters .counter');
};

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
  let written = lines(journal);
  check(written.length === 8, `the host's journal has ${written.length} lines, not 6 and the play and the trump`);

  // Tombstone Law lets the trump stand; Texas Jack's nerve test (the shot before called for
  // it) is asked on Tombstone Law's phone, which types the d10 its player rolled.
  await law.page.tap('.prompt button[data-choice="settle"]');
  await law.page.waitForSelector('.prompt input[data-field^="nerve:0.5/"]');
  check(!(await clantons.page.$('input[data-field^="nerve:"]')), "the other side is asked Texas Jack's nerve test");
  await law.page.fill('.prompt input[data-field^="nerve:0.5/"]', '7');
  await shot(law, 'types-a-nerve-test');
  await law.page.tap('.prompt button[data-choice="nerve:0.5"]');
  await law.page.waitForFunction(() => /nerve/i.test(document.getElementById('message').textContent));
  written = lines(journal);
  check(written.length === 10, `the host's journal has ${written.length} lines, not the trump let stand and the nerve test`);
  check(/"roll":7/.test(written[9]), `the nerve test's roll is not the 7 typed: ${written[9]}`);
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

  // Fragmaster Origins: nothing is hidden; Bob's turn, three actions. Bob takes cover from
  // his phone, and Ann's phone shows it.
  {
    const fm = await fixture('fragmaster');
    const bob = await phone('fragmaster-bob');
    const ann = await phone('fragmaster-ann');
    await bob.page.goto(fm.url);
    await bob.page.waitForSelector('button[data-seat="character-1"]');
    await shot(bob, 'seats');
    await sit(bob, fm.url, 'character-1', 'Bob');
    await sit(ann, fm.url, 'character-0', 'Ann');
    await bob.page.waitForSelector('button[data-choice="act:take-cover"]');
    const bobs = await counters(bob);
    const anns = await counters(ann);
    check(bobs.Weapon === 'Assault rifle' && bobs.Status === 'alive' && bobs.Frags === '0 of 3'
      && bobs.Deaths === '0' && bobs.Initiative === '14' && bobs['Actions left'] === '3',
    `Bob's counters are ${JSON.stringify(bobs)}`);
    check(anns.Initiative === '11' && !('Actions left' in anns), `Ann's counters are ${JSON.stringify(anns)}`);
    check(await bob.page.$('#your-turn') && !(await ann.page.$('#your-turn')), "it is Bob's turn on Bob's phone only");
    check(!(await ann.page.$('button[data-choice]')), 'Ann is offered a choice out of her turn');
    const table = await onTable(ann);
    check(table.map((c) => c.face).join() === 'Ann,Bob,Cid,Dan', `Ann's table is ${JSON.stringify(table)}`);
    check((await hand(bob)).length === 0 && (await hand(ann)).length === 0, 'a Fragmaster seat is shown a hand');
    await shot(bob, 'turn');
    await shot(ann, 'waiting');
    await bob.page.tap('button[data-choice="act:take-cover"]');
    await ann.page.waitForFunction(() => [...document.querySelectorAll('.cards.table .card')]
      .some((c) => c.querySelector('.face').textContent === 'Bob' && /taking cover/.test(c.textContent)));
    await bob.page.waitForFunction(() => [...document.querySelectorAll('.counters .counter')]
      .some((c) => c.querySelector('span').textContent === 'Actions left' && c.querySelector('b').textContent === '2'));
    check(lines(fm.file).length === 8, `the Fragmaster journal has ${lines(fm.file).length} lines, not 7 and the cover`);
    await shot(bob, 'took-cover');
    await shot(ann, 'sees-bob-in-cover');
  }

  // Frag Deadlands: Ann's turn, five cards in hand and a limit of four. She discards one, then
  // types the weapon card she plays; Bob's phone shows both.
  {
    const frag = await fixture('frag');
    const ann = await phone('frag-ann');
    const bob = await phone('frag-bob');
    await ann.page.goto(frag.url);
    await ann.page.waitForSelector('button[data-seat="fighter-0"]');
    await shot(ann, 'seats');
    await sit(ann, frag.url, 'fighter-0', 'Ann (Agency Operative)');
    await sit(bob, frag.url, 'fighter-1', 'Bob (Indian Brave)');
    await ann.page.waitForSelector('.hand .card button[data-choice="discard"]');
    const anns = await counters(ann);
    const bobs = await counters(bob);
    check(anns.Health === '2 of 2' && anns['Cards in hand'] === '5 (keep 4)' && anns.Ammo === 'Laser Pistol 1 of 1'
      && anns['Blood counters'] === '0', `Ann's counters are ${JSON.stringify(anns)}`);
    check(bobs.Health === '3 of 3' && /^4 /.test(bobs['Cards in hand']), `Bob's counters are ${JSON.stringify(bobs)}`);
    check((await hand(ann)).length === 5 && (await hand(bob)).length === 4, 'each fighter is shown his own hand');
    check(!(await bob.page.$('button[data-choice]')), 'Bob is offered a choice on Ann\'s turn');
    const bobsTable = await onTable(bob);
    check(bobsTable.length === 1 && bobsTable[0].face === 'Laser Pistol' && bobsTable[0].owner === "Ann's",
      `Bob's table is ${JSON.stringify(bobsTable)}`);
    await shot(ann, 'hand');
    await shot(bob, 'hand');
    await ann.page.tap('.hand .card button[data-choice="discard"]');
    await bob.page.waitForFunction(() => [...document.querySelectorAll('#content p')]
      .some((p) => /^Ann \(Agency Operative\): .*4 cards in hand/.test(p.textContent)));
    await ann.page.waitForFunction(() => document.querySelectorAll('.hand .card').length === 4);
    await shot(bob, 'sees-the-discard');
    // Each kind of card is folded under its name: she opens the weapon's.
    await ann.page.tap('details[data-fold="play:weapon"] summary');
    await ann.page.fill('input[data-field="play:weapon/name"]', 'Shotgun');
    await ann.page.fill('input[data-field="play:weapon/dice"]', '4');
    await ann.page.fill('input[data-field="play:weapon/extra"]', '1');
    await ann.page.fill('input[data-field="play:weapon/ammo"]', '2');
    await shot(ann, 'types-a-weapon');
    await ann.page.tap('button[data-choice="play:weapon"]');
    await bob.page.waitForFunction(() => [...document.querySelectorAll('.cards.table .card .face')]
      .some((f) => f.textContent === 'Shotgun'));
    const played = lines(frag.file);
    check(played.length === 8 && /"Shotgun","dice":4,"extra":1,"ammo":2/.test(played[7]),
      `the Frag journal does not end in the Shotgun typed: ${played[7]}`);
    await shot(ann, 'played-the-shotgun');
    await shot(bob, 'sees-the-shotgun');
  }

  // Deadlands: Ann is Shaken at her turn. Alice types Ann's Spirit roll (a failure), then
  // spends a white chip to shake it off; Bea's phone reads the roll and a watcher's sees the
  // chip go. Each seat sees its own character only.
  {
    const fight = await fixture('savage');
    const alice = await phone('savage-alice');
    const bea = await phone('savage-bea');
    const watcher = await phone('savage-watcher');
    await alice.page.goto(fight.url);
    await alice.page.waitForSelector('button[data-seat="player-1"]');
    await shot(alice, 'seats');
    await sit(alice, fight.url, 'player-1', 'Ann (Alice)');
    await sit(bea, fight.url, 'player-2', 'Bob (Bea)');
    await watcher.page.goto(fight.url);
    await watcher.page.waitForSelector('button[data-seat=""]');
    await watcher.page.tap('button[data-seat=""]');
    await watcher.page.waitForSelector('.counters .counter');
    await alice.page.waitForSelector('input[data-field="roll:spirit:ann:0/trait"]');
    const alices = await counters(alice);
    const beas = await counters(bea);
    check(alices['Ann: Shaken'] === 'yes' && alices['Ann: wounds'] === '0 of 3' && alices['White chips'] === '1'
      && alices['Red chips'] === '1' && alices['Ann: action card'] === 'Q♥', `Alice's counters are ${JSON.stringify(alices)}`);
    check(Object.keys(alices).every((k) => !k.startsWith('Bob')), `Alice sees Bob's: ${Object.keys(alices)}`);
    check(beas['Bob: Shaken'] === 'no' && Object.keys(beas).every((k) => !k.startsWith('Ann')),
      `Bea's counters are ${JSON.stringify(beas)}`);
    check(!(await bea.page.$('button[data-choice]')), 'Bea, with no chip, is offered a choice');
    const cards = (await onTable(bea)).map((c) => `${c.face} ${c.owner}`).join(', ');
    check(cards === 'A♣ Boss, Q♥ Ann, 4♠ Bob', `Bea's table is ${cards}`);
    check((await counters(watcher))["Alice's chips"] === '1 white, 1 red', 'the watcher sees Alice\'s chips');
    await shot(alice, 'asked-spirit');
    await shot(bea, 'waiting');
    await shot(watcher, 'watching');
    await alice.page.fill('input[data-field="roll:spirit:ann:0/trait"]', '2');
    await alice.page.fill('input[data-field="roll:spirit:ann:0/wild"]', '3');
    await shot(alice, 'types-spirit');
    await alice.page.tap('button[data-choice="roll:spirit:ann:0"]');
    await logHas(bea, 'Ann rolls Spirit (d6 2, Wild Die 3): 3: failure: still Shaken: only free actions');
    check(/"trait_die":2,"wild_die":3/.test(lines(fight.file)[8]), `the typed roll is not in the journal: ${lines(fight.file)[8]}`);
    await shot(bea, 'reads-the-roll');
    await alice.page.waitForSelector('button[data-choice="unshake:ann:0:white"]');
    await shot(alice, 'still-shaken');
    await alice.page.tap('button[data-choice="unshake:ann:0:white"]');
    await watcher.page.waitForFunction(() => [...document.querySelectorAll('.counters .counter')]
      .some((c) => c.querySelector('span').textContent === "Alice's chips" && c.querySelector('b').textContent === '1 red'));
    await alice.page.waitForFunction(() => [...document.querySelectorAll('.counters .counter')]
      .some((c) => c.querySelector('span').textContent === 'Ann: Shaken' && c.querySelector('b').textContent === 'no'));
    check(lines(fight.file).length === 10, `the Deadlands journal has ${lines(fight.file).length} lines, not 8, the roll and the chip`);
    await shot(alice, 'shook-it-off');
    await shot(watcher, 'sees-the-chip-spent');
  }
  check(problems.length === 0, `${problems.length} problems:\n${problems.join('\n')}`);
} finally {
  await browser.close();
  for (const h of hosts) h.kill();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
}
console.log(`share-test: two phones played and trumped a card, and a seat of each other system took its choice; screenshots in ${shots}`);
