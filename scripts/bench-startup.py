#!/usr/bin/env python3
"""Start-up to first frame of the release app, as the median of several runs.

Needs a display: run under Xvfb, e.g.
    Xvfb :99 -screen 0 1280x900x24 -nolisten tcp &
    DISPLAY=:99 python3 scripts/bench-startup.py [RUNS] [--bin PATH] [--baseline PATH]
The app, started with POSSE_STARTUP_PROBE=1, prints `first-frame` once its first frame has
been shown and closes itself; the time is measured from spawning the process.

With --baseline (an empty eframe window built with Posse's eframe features:
`cargo build --release --example empty-window`, then `--baseline target/release/examples/empty-window`),
RUNS alternating pairs are timed, the two programs taking turns to go first, and the script
gives each one's median and the median of the pairs' ratios (Posse's time over the
baseline's).
"""
import os, statistics, subprocess, sys, tempfile, time

args = sys.argv[1:]
ROOT = os.path.join(os.path.dirname(__file__), "..")
BIN = os.path.join(ROOT, "target", "release", "posse")
BASELINE = None
if "--bin" in args:
    i = args.index("--bin")
    BIN = args[i + 1]
    del args[i:i + 2]
if "--baseline" in args:
    i = args.index("--baseline")
    BASELINE = args[i + 1]
    del args[i:i + 2]
RUNS = int(args[0]) if args else 11
# A fresh data folder, never the player's own (a given POSSE_DATA_DIR is kept).
DATA = os.environ.get("POSSE_DATA_DIR") or tempfile.mkdtemp()

def once(binary):
    env = dict(os.environ, POSSE_STARTUP_PROBE="1", XDG_RUNTIME_DIR=tempfile.mkdtemp(), POSSE_DATA_DIR=DATA)
    start = time.perf_counter()
    errors = tempfile.TemporaryFile(mode="w+")
    proc = subprocess.Popen([binary], stdout=subprocess.PIPE, stderr=errors, env=env, text=True)
    for line in proc.stdout:
        if line.strip() == "first-frame":
            elapsed = time.perf_counter() - start
            break
    else:
        proc.wait(timeout=10)
        errors.seek(0)
        raise SystemExit(f"{binary} closed without showing a frame: {errors.read()[-2000:]}")
    proc.stdout.close()
    proc.wait(timeout=10)
    return elapsed * 1000

def summary(name, times):
    return (f"{name}: median {statistics.median(times):.0f} ms "
            f"(min {min(times):.0f}, max {max(times):.0f})")

if BASELINE is None:
    times = [once(BIN) for _ in range(RUNS)]
    print(f"start-up to first frame over {RUNS} runs: " + summary("posse", times).split(": ", 1)[1])
else:
    posse, empty, ratios = [], [], []
    for n in range(RUNS):
        if n % 2 == 0:
            p = once(BIN)
            e = once(BASELINE)
        else:
            e = once(BASELINE)
            p = once(BIN)
        posse.append(p)
        empty.append(e)
        ratios.append(p / e)
    print(f"start-up to first frame over {RUNS} alternating pairs:")
    print("  " + summary("posse", posse))
    print("  " + summary("empty eframe window", empty))
    print(f"  posse / empty, median of the pairs: {statistics.median(ratios):.2f}x "
          f"(min {min(ratios):.2f}, max {max(ratios):.2f})")
