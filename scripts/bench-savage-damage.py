#!/usr/bin/env python3
"""Wall time of `posse savage damage --dice 4d10+2 --raise --toughness 12 --json` (issue 13:
under 10 ms in the release CLI), median of many runs of the release binary, in a fresh data
folder."""
import os, statistics, subprocess, sys, tempfile, time

BIN = os.path.join(os.path.dirname(__file__), "..", "target", "release", "posse")
RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 51
ARGS = ["savage", "damage", "--dice", "4d10+2", "--raise", "--toughness", "12", "--json"]
ENV = dict(os.environ, POSSE_DATA_DIR=tempfile.mkdtemp(prefix="posse-bench-"))

def once(args):
    start = time.perf_counter()
    subprocess.run([BIN, *args], check=True, stdout=subprocess.DEVNULL, env=ENV)
    return (time.perf_counter() - start) * 1000

# The same process start with nothing to compute, to tell the odds from the machine's load.
for args in (ARGS, ["--version"]):
    once(args)  # warm the page cache
    times = [once(args) for _ in range(RUNS)]
    print(f"posse {' '.join(args)}: median {statistics.median(times):.1f} ms over {RUNS} runs "
          f"(min {min(times):.1f}, max {max(times):.1f})")
