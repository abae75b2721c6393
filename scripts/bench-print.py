#!/usr/bin/env python3
"""How long `posse gang print` takes for one roster, and how large the PDF is (median of runs)."""
import os, statistics, subprocess, sys, tempfile, time

ROOT = os.path.join(os.path.dirname(__file__), "..")
BIN = os.path.join(ROOT, "target", "release", "posse")
GANG = os.path.join(ROOT, "tests", "fixtures", "lawmen-21.json")
RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 21

out = os.path.join(tempfile.mkdtemp(), "roster.pdf")
def once(paper):
    start = time.perf_counter()
    subprocess.run([BIN, "gang", "print", GANG, "--out", out, "--paper", paper], check=True, stdout=subprocess.DEVNULL)
    return (time.perf_counter() - start) * 1000

for paper in ["a4", "letter"]:
    once(paper)
    times = [once(paper) for _ in range(RUNS)]
    print(f"gang print ({paper}): median {statistics.median(times):.1f} ms over {RUNS} runs "
          f"(min {min(times):.1f}, max {max(times):.1f}); PDF {os.path.getsize(out)} bytes")
