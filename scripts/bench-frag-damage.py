#!/usr/bin/env python3
"""How long `posse frag damage --dice 10 --health 8 --json` takes in the release binary: 10
attack dice against 8 defence dice, the odds computed exactly. Each run times the whole
process (start-up, the odds, the JSON); prints the median, the fastest and the slowest."""
import os, statistics, subprocess, sys, time

here = os.path.dirname(os.path.abspath(__file__))
posse = os.path.join(here, "..", "target", "release", "posse")
command = [posse, "frag", "damage", "--dice", "10", "--health", "8", "--json"]
count = int(sys.argv[1]) if len(sys.argv) > 1 else 51

def milliseconds():
    began = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return 1000 * (time.perf_counter() - began)

milliseconds()
samples = sorted(milliseconds() for _ in range(count))
print(f"{' '.join(command[1:])}: median {statistics.median(samples):.1f} ms, "
      f"fastest {samples[0]:.1f}, slowest {samples[-1]:.1f}, {count} runs")
