#!/usr/bin/env python3
"""Start-up to the first frame counted in instructions (valgrind's callgrind), Posse against
the empty eframe window, with where the difference goes.

Wall-clock start-up (`scripts/bench-startup.py`) moves by tens of percent with whatever else
the machine is doing; an instruction count is the same from one run to the next. Needs
valgrind and a display (Xvfb):
    cargo build --release --bin posse --example empty-window
    Xvfb :99 -screen 0 1280x900x24 -nolisten tcp &
    DISPLAY=:99 python3 scripts/startup-instructions.py
Each program runs twice under valgrind and the second run is counted, with one Mesa shader
cache for both: the first run of a shader variant under Mesa's software renderer compiles it
with LLVM and caches it, and a count taken before the cache is warm is mostly that compile (a
quarter of a billion instructions). Both programs run on fresh, empty data folders.
"""
import os, re, subprocess, sys, tempfile

ROOT = os.path.join(os.path.dirname(__file__), "..")
PROGRAMS = [
    ("posse", os.path.join(ROOT, "target", "release", "posse")),
    ("empty window", os.path.join(ROOT, "target", "release", "examples", "empty-window")),
]
# Inclusive counts of these functions (a substring of callgrind's name), in this order.
PARTS = [
    ("the app's ui pass (layout, glyphs)", "egui::context::Context::run_pass_dyn"),
    ("painting (tessellate, upload, draw calls)", "egui_glow::painter::Painter::paint_and_update_textures"),
    ("the software renderer's threads", "pthread_create.c:start_thread"),
    ("the window, GL context and event loop", "GlowWinitApp::init_run_state"),
]
CACHE = tempfile.mkdtemp()


def env():
    return dict(os.environ, POSSE_STARTUP_PROBE="1", POSSE_DATA_DIR=tempfile.mkdtemp(),
                XDG_RUNTIME_DIR=tempfile.mkdtemp(), MESA_SHADER_CACHE_DIR=CACHE)


def count(binary):
    out = tempfile.mktemp(suffix=".callgrind")
    # Twice: the first run warms the shader cache (under valgrind, whose CPU is not the
    # machine's, so a cache warmed without it is not used), the second is counted.
    for _ in range(2):
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", binary], env=env(),
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=900)
    text = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", out],
                          capture_output=True, text=True, check=True).stdout
    os.remove(out)
    figures = {}
    for line in text.splitlines():
        m = re.match(r"\s*([\d,]+) \([\d. %]+\)\s+(.*)", line)
        if not m:
            continue
        n, name = int(m.group(1).replace(",", "")), m.group(2)
        if "PROGRAM TOTALS" in name:
            figures["total"] = n
        for _, key in PARTS:
            if key in name and key not in figures:
                figures[key] = n
    return figures


def main():
    counts = {name: count(path) for name, path in PROGRAMS}
    posse, empty = counts["posse"], counts["empty window"]
    print("instructions to the first frame (millions):   posse   empty   difference")
    for label, key in [("total", "total")] + [(l, k) for l, k in PARTS]:
        a, b = posse.get(key, 0) / 1e6, empty.get(key, 0) / 1e6
        print(f"  {label:<42} {a:7.1f} {b:7.1f} {a - b:+9.1f}")
    print(f"posse / empty window: {posse['total'] / empty['total']:.2f}x")


if __name__ == "__main__":
    sys.exit(main())
