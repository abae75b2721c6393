#!/usr/bin/env python3
"""Start-up to first frame of the release app, as the median of several runs.

Needs a display: run under Xvfb, e.g.
    Xvfb :99 -screen 0 1280x900x24 -nolisten tcp &
    DISPLAY=:99 python3 scripts/bench-startup.py [RUNS] [--bin PATH]
The app, started with POSSE_STARTUP_PROBE=1, prints `first-frame` once its first frame has
been shown and closes itself; the time is measured from spawning the process.
"""
import os, statistics, subprocess, sys, tempfile, time

args = sys.argv[1:]
BIN = os.path.join(os.path.dirname(__file__), "..", "target", "release", "posse")
if "--bin" in args:
    i = args.index("--bin")
    BIN = args[i + 1]
    del args[i:i + 2]
RUNS = int(args[0]) if args else 11
# A fresh data folder, never the player's own (a given POSSE_DATA_DIR is kept).
DATA = os.environ.get("POSSE_DATA_DIR") or tempfile.mkdtemp()

def once():
    env = dict(os.environ, POSSE_STARTUP_PROBE="1", XDG_RUNTIME_DIR=tempfile.mkdtemp(), POSSE_DATA_DIR=DATA)
    start = time.perf_counter()
    proc = subprocess.Popen([BIN], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
    for line in proc.stdout:
        if line.strip() == "first-frame":
            elapsed = time.perf_counter() - start
            break
    else:
        raise SystemExit("the app closed without showing a frame")
    proc.wait(timeout=10)
    return elapsed * 1000

times = [once() for _ in range(RUNS)]
print(f"start-up to first frame over {RUNS} runs: median {statistics.median(times):.0f} ms "
      f"(min {min(times):.0f}, max {max(times):.0f})")
