#!/usr/bin/env python3
"""Wall time of one `posse shoot … --json` call of the release binary, median of many runs."""
import os, statistics, subprocess, sys, time

BIN = os.path.join(os.path.dirname(__file__), "..", "target", "release", "posse")
RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 51
ARGS = ["shoot", "--weapon", "pistol", "--distance", "14", "--shot", "2", "--target-moves", "1",
        "--cover", "--roll", "15", "--json"]

def once():
    start = time.perf_counter()
    subprocess.run([BIN, *ARGS], check=True, stdout=subprocess.DEVNULL)
    return (time.perf_counter() - start) * 1000

once()  # warm the page cache
times = [once() for _ in range(RUNS)]
print(f"posse {' '.join(ARGS)}: median {statistics.median(times):.1f} ms over {RUNS} runs "
      f"(min {min(times):.1f}, max {max(times):.1f})")
