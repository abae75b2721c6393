// What the browser test and the start-up measurement share: the built site served on
// 127.0.0.1, Debian's Chromium started headless through playwright-core, and the page's test
// hook (`window.posse_test`, src/web.rs) read and tapped as a player would.

import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from 'playwright-core';

export { sleep };

/// The flags that keep Chromium off a closed network (see ecosystem-notes).
const FLAGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  // WebGL in software: eframe draws with WebGL, and there is no GPU here.
  '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
];

/// Serves `dir` on 127.0.0.1:`port` until `stop()`.
export async function serve(dir, port) {
  const server = spawn('python3', ['-m', 'http.server', '--bind', '127.0.0.1', '--directory', dir, String(port)],
    { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      break;
    } catch {
      await sleep(100);
    }
  }
  const exited = new Promise((done) => server.once('exit', done));
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => { server.kill(); return exited; },
  };
}

/// Debian's Chromium, headless.
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: FLAGS,
  });
}

/// The page's test hook, with the steps of the test as a player takes them.
export class Player {
  constructor(page, what) {
    this.page = page;
    this.what = what;
  }

  /// Waits until the app has drawn and its hook answers.
  async ready() {
    await this.page.waitForFunction(() => window.posse_test && JSON.parse(window.posse_test.widgets()).length > 0,
      null, { timeout: 30000 });
    await this.frames();
  }

  /// Lets the app draw a few frames.
  async frames() {
    await sleep(150);
  }

  async widgets() {
    return JSON.parse(await this.page.evaluate(() => window.posse_test.widgets()));
  }

  async state() {
    return JSON.parse(await this.page.evaluate(() => window.posse_test.state()));
  }

  /// The widget named `name` (a function of the name, or the name itself), of `role` if
  /// given; the last one when several match (an open list comes last). Waits for it.
  async find(name, role, timeout = 10000) {
    const match = typeof name === 'function' ? name : (n) => n === name;
    const until = Date.now() + timeout;
    for (;;) {
      // A panic stops the app: say so rather than wait for a widget that never comes.
      if (this.panics?.length) throw new Error(`${this.what}: the page panicked:\n${this.panics.join('\n')}`);
      const found = (await this.widgets()).filter((w) => match(w.name) && (!role || w.role === role));
      if (found.length) return found[found.length - 1];
      if (Date.now() > until) {
        const names = (await this.widgets()).map((w) => `${w.role} '${w.name}'`).join(', ');
        throw new Error(`${this.what}: no widget ${name}${role ? ` (${role})` : ''} on screen; there are: ${names}`);
      }
      await sleep(100);
    }
  }

  /// Taps the widget, first scrolling it into view as a finger would.
  async tap(name, role) {
    let w = await this.find(name, role);
    // Always: a widget inside the screen may still be scrolled out of its own pane (the
    // rectangles are not clipped to their scroll area).
    await this.page.evaluate((n) => window.posse_test.show(n), w.name);
    await this.frames();
    await sleep(150);
    w = await this.find(w.name, w.role);
    if (w.disabled) throw new Error(`${this.what}: '${w.name}' is greyed out`);
    // The rectangle of the frame now on screen (a frame after a change may move it).
    await this.frames();
    w = await this.find(w.name, w.role);
    (this.taps ??= []).push(`${w.role} '${w.name}' at ${Math.round(w.x + w.w / 2)},${Math.round(w.y + w.h / 2)}`);
    await this.page.touchscreen.tap(w.x + w.w / 2, w.y + w.h / 2);
    await this.frames();
  }

  /// Taps a text field and types into it with the keyboard.
  async type(name, text) {
    await this.tap(name, 'TextInput');
    await this.page.keyboard.press('Control+A');
    await this.page.keyboard.type(text, { delay: 20 });
    await this.frames();
  }

  /// Every control on screen under 44 px high, or reaching past the right or the left edge
  /// (sideways scrolling), as sentences.
  async touchProblems(where) {
    const view = this.page.viewportSize();
    const tapped = new Set(['Button', 'CheckBox', 'RadioButton', 'TextInput', 'ComboBox', 'Slider', 'SpinButton',
      'Link', 'Tab', 'MenuItem']);
    const problems = [];
    for (const w of await this.widgets()) {
      const onScreen = w.y + w.h > 0 && w.y < view.height;
      if (!onScreen) continue;
      if (w.x + w.w > view.width + 0.5) problems.push(`${where}: ${w.role} '${w.name}' reaches x = ${Math.round(w.x + w.w)}`);
      if (w.x < -0.5) problems.push(`${where}: ${w.role} '${w.name}' starts at x = ${Math.round(w.x)}`);
      if (tapped.has(w.role) && w.h < 43.5) problems.push(`${where}: ${w.role} '${w.name}' is ${Math.round(w.h)} px high`);
    }
    return problems;
  }
}
