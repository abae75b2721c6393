#!/usr/bin/env python3
"""Start-up to first frame of the release app, as the median of several runs.

Needs a display: run under Xvfb, e.g.
    Xvfb :99 -screen 0 1280x900x24 -nolisten tcp &
    DISPLAY=:99 python3 scripts/bench-startup.py
The app, started with POSSE_STARTUP_PROBE=1, prints `first-frame` once its first frame has
been shown and closes itself; the time is measured from spawning the process.
"""
import os, statistics, subprocess, sys, tempfile, time

BIN = os.path.join(os.path.dirname(__file__), "..", "target", "release", "posse")
RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 11

def once():
    env = dict(os.environ, POSSE_STARTUP_PROBE="1", XDG_RUNTIME_DIR=tempfile.mkdtemp())
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
