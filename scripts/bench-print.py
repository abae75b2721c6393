#!/usr/bin/env python3
"""How long `posse gang print` takes, and how many pages it prints.

    python3 scripts/bench-print.py [RUNS] [--bin PATH] [--timeout SECONDS]

First the rulebook-sized roster (tests/fixtures/lawmen-21.json) on A4 and Letter: the median of
RUNS runs (21 unless given) and the PDF's size. Then the stress gangs, each built from that
fixture in a temporary folder: a gang name of 30,000 and of 100,000 characters, one model with
3,000 weapons, and 1,000 models; each is printed three times on A4 (the median is given) and
stopped after --timeout seconds (60 unless given). Printing must grow with the text, not with
its square: these four should take about as long as the small roster plus the PDF they write.
--bin compares another build (for example one of an older commit) with the same gangs.
"""
import argparse, json, os, statistics, subprocess, tempfile, time

ROOT = os.path.join(os.path.dirname(__file__), "..")
FIXTURE = os.path.join(ROOT, "tests", "fixtures", "lawmen-21.json")

parser = argparse.ArgumentParser()
parser.add_argument("runs", nargs="?", type=int, default=21)
parser.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "posse"))
parser.add_argument("--timeout", type=float, default=60.0)
args = parser.parse_args()

folder = tempfile.mkdtemp()
out = os.path.join(folder, "roster.pdf")


def once(gang, paper):
    """Prints `gang`; returns (milliseconds, pages), or (None, None) when it timed out."""
    start = time.perf_counter()
    try:
        run = subprocess.run([args.bin, "gang", "print", gang, "--out", out, "--paper", paper, "--json"],
                             check=True, capture_output=True, text=True, timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return None, None
    elapsed = (time.perf_counter() - start) * 1000
    return elapsed, json.loads(run.stdout)["pages"]


for paper in ["a4", "letter"]:
    once(FIXTURE, paper)
    times = [once(FIXTURE, paper)[0] for _ in range(args.runs)]
    print(f"gang print ({paper}): median {statistics.median(times):.1f} ms over {args.runs} runs "
          f"(min {min(times):.1f}, max {max(times):.1f}); PDF {os.path.getsize(out)} bytes")

with open(FIXTURE, encoding="utf-8") as f:
    base = json.load(f)


def variant(name, change):
    gang = json.loads(json.dumps(base))
    change(gang)
    path = os.path.join(folder, f"{name}.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(gang, f)
    return path


def long_name(n):
    return lambda g: g.update(name=("Tombstone " * (n // 10 + 1))[:n])


def weapons(g):
    g["models"][3]["weapons"] = ["pistol", "rifle", "shotgun"] * 1000


def models(g):
    g["models"] = [{"name": f"Deputy {i}", "profile": "deputy", "weapons": ["pistol"]} for i in range(1000)]


for file, label, change in [("name-30k", "a 30,000-character name", long_name(30_000)),
                            ("name-100k", "a 100,000-character name", long_name(100_000)),
                            ("weapons-3000", "one model with 3,000 weapons", weapons),
                            ("models-1000", "1,000 models", models)]:
    gang = variant(file, change)
    results = []
    for _ in range(3):
        results.append(once(gang, "a4"))
        if results[-1][0] is None:
            break
    if results[-1][0] is None:
        print(f"gang print, {label} (a4): did not finish within {args.timeout:.0f} s")
        continue
    times = [t for t, _ in results]
    print(f"gang print, {label} (a4): median {statistics.median(times):.0f} ms over 3 runs, "
          f"{results[-1][1]} page(s), PDF {os.path.getsize(out)} bytes")
