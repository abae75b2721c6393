// The web page in a real browser (issue 14), run by .ci/run on the site built once by
// scripts/build-web.sh:
//
//   node web/test/browser-test.mjs [SITE] [SHOTS]      (defaults: target/site, target/browser-shots)
//
// At a phone's size (390 × 844) and a tablet's held upright (800 × 1280), each in a fresh
// browser profile: open the page, build a gang on the Gangs screen, export it and print its
// roster (both downloads: a JSON file and a PDF), import two gang files through the
// browser's file picker, start a Dead Man's Hand game, let Posse deal initiative, apply the
// acting model's shot; also start a game in each other system and apply one event in it
// (Fragmaster's initiative, Frag's poker hands, Deadlands' first deal); reload the page and
// find each system's game exactly where it was (the same game, the same number of events,
// the same last line, on its play tab), then open every tab of every system, and delete
// Frag's game from its saved-games list and undo the delete. A
// panic in the page ("panicked at", a RuntimeError) fails the test at once. The
// tablet reloads with the server stopped, so the page must come from its service worker
// (offline), and at the end is turned to landscape with the game on screen; the phone backs
// everything up (a download) and restores it on another device (a fresh browser profile). Every control on
// every screen passed is checked to be at least 44 px high and to stay inside the screen's
// width (no sideways scrolling). Screenshots of each step are written to SHOTS (kept by CI).

import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Player, launch, serve, sleep } from './lib.mjs';

const root = resolve(import.meta.dirname, '../..');
const site = resolve(process.argv[2] ?? join(root, 'target/site'));
const shots = resolve(process.argv[3] ?? join(root, 'target/browser-shots'));
rmSync(shots, { recursive: true, force: true }); // Only this run's screenshots.
mkdirSync(shots, { recursive: true });
readFileSync(join(site, 'posse_bg.wasm')); // Fails early, with the path, when the site is not built.

const PORT = 8765;
const fixture = (name) => join(root, 'tests/fixtures', `${name}.json`);

const problems = [];
const check = (condition, sentence) => {
  if (!condition) throw new Error(sentence);
};

async function scenario(browser, server, options) {
  try {
    await steps(browser, server, options);
  } catch (e) {
    const taps = (options.player?.taps ?? []).slice(-8).join('\n  ');
    await options.page?.screenshot({ path: join(shots, `${options.name}-failed.png`) });
    throw new Error(`${e.message}\nthe last taps:\n  ${taps}`);
  }
}

async function steps(browser, server, options) {
  const { name, width, height, offline } = options;
  const context = await browser.newContext({ viewport: { width, height }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors = [];
  const panics = [];
  const panicked = (text) => /panicked at|RuntimeError/.test(text) && panics.push(text);
  page.on('pageerror', (e) => { errors.push(String(e)); panicked(String(e)); });
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); panicked(m.text()); });
  const p = new Player(page, name);
  p.panics = panics;
  options.page = page;
  options.player = p;
  let shot = 0;
  // Every control is checked for its height and for reaching past the right edge.
  const snap = async (what) => {
    check(panics.length === 0, `${name}: the page panicked before '${what}':\n${panics.join('\n')}`);
    shot += 1;
    await page.screenshot({ path: join(shots, `${name}-${String(shot).padStart(2, '0')}-${what}.png`) });
    problems.push(...await p.touchProblems(`${name}, ${what}`));
  };

  await page.goto(`${server.url}?test`);
  await p.ready();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await snap('home');
  await p.tap("Dead Man's Hand");
  await p.tap('Gangs', 'Button');
  await snap('gangs');

  // Build a gang, as tests/gangs.rs does.
  await p.tap('New gang');
  await p.type('Gang name', 'Dodge City Law');
  for (const model of ['Sheriff', 'Marshal', 'Deputy', 'Deputy', 'Deputy', 'Deputy', 'Upstanding Citizen',
    'Upstanding Citizen']) {
    await p.tap(`Add ${model}`);
  }
  await p.find('Rep 21 / 21');
  await p.find('Legal');
  await snap('gang-built');
  // The gang exported and its roster printed: both come as downloads.
  for (const [button, ext, head] of [['Export…', '.json', '{'], ['Print roster', '.pdf', '%PDF-']]) {
    const [download] = await Promise.all([page.waitForEvent('download'), p.tap(button)]);
    const file = join(shots, `${name}-${download.suggestedFilename()}`);
    await download.saveAs(file);
    const start = readFileSync(file).subarray(0, head.length).toString();
    check(download.suggestedFilename().endsWith(ext) && start === head,
      `${name}: ${button} downloaded ${download.suggestedFilename()}, starting ${JSON.stringify(start)}`);
  }
  // On a phone the open gang hides the list: back to it.
  if ((await p.widgets()).some((w) => w.name.startsWith('‹ All gangs'))) await p.tap((n) => n.startsWith('‹ All gangs'));

  // Two more through the file picker.
  for (const gang of ['lawmen-21', 'outlaws-21']) {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), p.tap('Import…')]);
    await chooser.setFiles(fixture(gang));
    await p.find((n) => n.startsWith('Imported "'));
  }
  await snap('imported');

  // A game: Tombstone Law against the Clanton Gang.
  await p.tap('Play', 'Button');
  await p.tap('Good guys', 'ComboBox');
  await p.tap((n) => n.startsWith('Tombstone Law ('), 'Button');
  await p.tap('Bad guys', 'ComboBox');
  await p.tap((n) => n.startsWith('The Clanton Gang ('), 'Button');
  await page.keyboard.press('Escape');
  await p.frames();
  await snap('new-game');
  await p.tap('Start the game');
  check((await p.state()).state.events >= 1, `${name}: the game did not start`);
  // Posse deals (the page's seed is its own): settle a tie if there is one, then the acting
  // model shoots the first enemy.
  await snap('initiative');
  await p.tap('Deal initiative');
  // Until a model acts: a tie between enemies asks who placed first (Tombstone Law did).
  const settled = await p.find((n) => n.startsWith('▶ ') || n === 'Tombstone Law placed first');
  if (settled.name === 'Tombstone Law placed first') await p.tap('Tombstone Law placed first');
  const acting = (await p.find((n) => n.startsWith('▶ '), 'Button')).name.slice(2);
  const sides = (await p.state()).state.state.sides;
  const side = sides.findIndex((s) => s.models.some((m) => m.name === acting));
  const target = sides[1 - side].models[0].name;
  await p.tap('Shoot', 'Button');
  await p.tap('Declare');
  await p.tap(target, 'Button');
  await p.type('Distance (cm)', '12');
  await p.type('d20 roll', '12');
  await snap('shot');
  const events = (await p.state()).state.events;
  await p.tap((n) => n.startsWith('Apply: '), 'Button');
  for (let i = 0; i < 50 && (await p.state()).state.events === events; i++) await sleep(100);
  const line = (await p.state()).state.last_line;
  check((await p.state()).state.events === events + 1 && line.includes(`shoots ${target}`),
    `${name}: the shot was not applied (last line: ${line})`);
  await snap('applied');
  // Each system's game as it stands before the reload: its state and its last line.
  const games = [["Dead Man's Hand", await p.state()]];
  if (options.everySystem) {
    for (const [tile, play] of [['Fragmaster Origins', fragmaster], ['Frag Deadlands', frag],
      ['Deadlands (Savage Worlds)', deadlands]]) {
      await p.tap('Posse', 'Button');
      await p.tap(tile);
      await play(p, snap, name);
      games.push([tile, await p.state()]);
    }
  }
  const shown = (state) => (n) => n.includes(state.state.last_line);
  const same = (after, before, tile) => check(JSON.stringify(after) === JSON.stringify(before),
    `${name}: after the reload ${tile}'s game is not where it was:\nbefore ${JSON.stringify(before).slice(0, 400)}\n` +
    `after  ${JSON.stringify(after).slice(0, 400)}`);

  // Reload (with the server gone, for the offline case) and find the game where it was.
  if (offline) await server.stop();
  await page.reload();
  await p.ready();
  const after = await p.state();
  const [lastTile, lastState] = games[games.length - 1];
  same(after, lastState, lastTile);
  await p.find(shown(lastState));
  await snap(offline ? 'reloaded-offline' : 'reloaded');
  // Every other system's game was reopened too, on its play tab.
  for (const [tile, before] of games.slice(0, -1)) {
    await p.tap('Posse', 'Button');
    await p.tap(tile);
    same(await p.state(), before, tile);
    await p.find(shown(before));
    await snap(`${tile.split(' ')[0].replace(/\W/g, '').toLowerCase()}-reopened`);
  }
  // Every tab of every system, as a player finds them on a fresh device.
  const tour = [
    ["Dead Man's Hand", ['Reference', 'Gangs', 'Scenes', 'Play']],
    ['Fragmaster Origins', ['Play', 'Reference', 'Print']],
    ['Frag Deadlands', ['Fighters', 'Play', 'Reference']],
    ['Deadlands (Savage Worlds)', ['Combatants', 'Fight', 'Reference', 'Print']],
  ];
  for (const [tile, tabs] of tour) {
    await p.tap('Posse', 'Button');
    await p.tap(tile);
    const short = tile.split(' ')[0].replace(/\W/g, '').toLowerCase();
    for (const tab of tabs) {
      await p.tap(tab, 'Button');
      await snap(`${short}-${tab.toLowerCase()}`);
    }
  }
  // A printout from the last Print tab (Deadlands') comes as a download, and the notice says
  // so: no path of the desktop's prints folder, and no "Open the PDF", which a page cannot do.
  {
    const [download] = await Promise.all([page.waitForEvent('download'), p.tap('Print the reference sheet')]);
    check(download.suggestedFilename().endsWith('.pdf'), `${name}: printed ${download.suggestedFilename()}`);
    await p.find((n) => n.startsWith('The reference sheet went as a download'));
    check(!(await p.widgets()).some((w) => w.name === 'Open the PDF'), `${name}: "Open the PDF" offered in a page`);
  }
  // A game deleted from its saved-games list and the delete undone, in the page's storage.
  await p.tap('Posse', 'Button');
  await p.tap('Frag Deadlands');
  await p.tap('Play', 'Button');
  const fragGame = (await p.state()).state.game;
  await p.tap('Close game');
  await p.tap((n) => n.startsWith('Delete ') && n.includes('Frag Deadlands'), 'Button');
  await p.find((n) => n.startsWith('Undo delete: '), 'Button');
  check(!(await p.state()).state.game, `${name}: the deleted game is still open`);
  await snap('frag-deleted');
  await p.tap((n) => n.startsWith('Undo delete: '), 'Button');
  await p.tap((n) => n.startsWith('Resume ') && n.includes('Frag Deadlands'), 'Button');
  check((await p.state()).state.game === fragGame, `${name}: the game did not come back after Undo delete`);
  // Back to the game, to turn the tablet with it on screen.
  await p.tap('Posse', 'Button');
  await p.tap("Dead Man's Hand");
  await p.tap('Play', 'Button');
  await p.find(line);
  const toured = await p.state();
  if (!offline) await backupAndRestore(browser, server, page, p, options);
  if (offline) {
    await page.setViewportSize({ width: height, height: width });
    await p.frames();
    await sleep(300);
    check(JSON.stringify(await p.state()) === JSON.stringify(toured), `${name}: turning to landscape changed the game`);
    await snap('landscape');
  }
  check(errors.length === 0, `${name}: the page reported errors:\n${errors.join('\n')}`);
  await context.close();
  console.log(`browser-test: ${name} (${width}×${height}): gang built, 2 imported, game started, shot applied, ` +
    `reloaded${offline ? ' offline' : ''}; ${games.map(([tile, g]) => `${tile} found at event ${g.state.events}`).join(', ')}; ` +
    `every tab of ${tour.length} systems`);
}

// Waits until the open game has one more event than `events`, and says so.
async function applied(p, events, what) {
  for (let i = 0; i < 50 && (await p.state()).state?.events === events; i++) await sleep(100);
  const state = (await p.state()).state;
  check(state?.events === events + 1, `${p.what}: ${what} was not applied (${JSON.stringify(state)})`);
  return state;
}

// Fragmaster Origins: four players, the game started, everyone's initiative typed.
async function fragmaster(p, snap) {
  const players = [['Ann', '11'], ['Bob', '14'], ['Cid', '12'], ['Dan', '9']];
  for (const [i, [player]] of players.entries()) await p.type(`Player ${i + 1}`, player);
  await p.tap('Start the game');
  const started = await applied(p, 0, 'the start of the game');
  for (const [player, total] of players) await p.type(`${player} 3d6`, total);
  await snap('fragmaster-initiative');
  await p.tap('Record initiative');
  const state = await applied(p, started.events, 'the initiative');
  check(state.last_line.includes('Bob'), `${p.what}: Fragmaster's initiative reads ${state.last_line}`);
}

// Frag Deadlands: two fighters made on the Fighters tab, seated, and the poker hands ranked.
async function frag(p, snap) {
  const fighters = [['Ann', 'Agency Operative'], ['Bob', 'Indian Brave']];
  await p.tap('Fighters', 'Button');
  for (const [, character] of fighters) {
    await p.tap(`New ${character}`);
    await p.find(`${character} 3/2/2`, 'Button');
  }
  await p.tap('Play', 'Button');
  for (const [i, [player, character]] of fighters.entries()) {
    await p.type(`Player ${i + 1}'s name`, player);
    await p.tap(`Player ${i + 1}'s fighter`, 'ComboBox');
    await p.tap(`${character} 3/2/2`, 'Button');
    await p.page.keyboard.press('Escape');
    await p.frames();
  }
  await p.tap('Start the game');
  const started = await applied(p, 0, 'the start of the game');
  await p.type("Ann's poker hand", 'AS KS QS JS 10S');
  await p.type("Bob's poker hand", '7H 7D 2C 3S 9D');
  await snap('frag-poker');
  await p.tap('Rank the hands');
  await applied(p, started.events, 'the poker hands');
}

// Deadlands: a Wild Card and a band of Extras made on the Combatants tab, a fight started with
// them, and the first round dealt by Posse.
async function deadlands(p, snap) {
  await p.tap('Combatants', 'Button');
  await p.tap('New Wild Card');
  // Below 900 points (a phone, a tablet held upright) the open combatant has the screen to
  // itself: back to the list for the next one.
  await p.tap((n) => n.startsWith('‹ All combatants'));
  await p.tap('New group of Extras');
  await p.tap('Fight', 'Button');
  await p.tap('New Wild Card (played by Player 1)');
  await p.tap((n) => n.startsWith('More: Groups of New Extras'));
  await p.tap('Start the fight');
  const started = await applied(p, 0, 'the start of the fight');
  await p.tap('Deal round 1');
  const state = await applied(p, started.events, 'the deal');
  check(state.last_line.startsWith('Round 1: '), `${p.what}: Deadlands' deal reads ${state.last_line}`);
  await snap('deadlands-dealt');
}

// Everything backed up from the home screen (a download), then restored on another device (a
// fresh browser profile, through the file picker), where the game is offered to resume.
async function backupAndRestore(browser, server, page, p, { name, width, height }) {
  await p.tap('Posse', 'Button');
  const [download] = await Promise.all([page.waitForEvent('download'), p.tap('Back up everything…')]);
  const file = join(shots, `${name}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  const backup = JSON.parse(readFileSync(file, 'utf8'));
  const names = Object.keys(backup.files);
  check(backup.posse_backup === 1 && names.some((f) => f.startsWith('dmh/games/')),
    `${name}: the backup holds no game: ${names.join(', ')}`);
  const other = await browser.newContext({ viewport: { width, height }, hasTouch: true, isMobile: true });
  const page2 = await other.newPage();
  const p2 = new Player(page2, `${name}, another device`);
  await page2.goto(`${server.url}?test`);
  await p2.ready();
  const [chooser] = await Promise.all([page2.waitForEvent('filechooser'), p2.tap('Restore a backup…')]);
  await chooser.setFiles(file);
  await p2.find(`Restored ${names.length} files from the backup.`);
  await page2.screenshot({ path: join(shots, `${name}-restored.png`) });
  await p2.tap("Dead Man's Hand");
  await p2.tap('Play', 'Button');
  await p2.find((n) => n.startsWith('Resume '), 'Button');
  await other.close();
  // Back to the game on the first device.
  await p.tap("Dead Man's Hand");
}

const server = await serve(site, PORT);
const browser = await launch();
let failed = false;
try {
  await scenario(browser, server, { name: 'phone', width: 390, height: 844, offline: false, everySystem: true });
  await scenario(browser, server, { name: 'tablet', width: 800, height: 1280, offline: true, everySystem: true });
} catch (e) {
  console.error(`browser-test: ${e.message}`);
  failed = true;
} finally {
  await browser.close();
  await server.stop();
}
if (problems.length) {
  console.error(`browser-test: ${problems.length} touch problems:\n${[...new Set(problems)].join('\n')}`);
  failed = true;
}
console.log(`browser-test: screenshots in ${shots}`);
process.exit(failed ? 1 : 0);
