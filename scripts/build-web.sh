#!/usr/bin/env bash
# Builds the web page into a folder (target/site/ unless given another): the app compiled to
# WebAssembly with the `web` profile (Cargo.toml), its JavaScript glue from wasm-bindgen, the
# page, the web manifest, the icons and the service worker. Serve the folder as it is, e.g.
#   python3 -m http.server --bind 127.0.0.1 --directory target/site 8000
# Needs (once): rustup target add wasm32-unknown-unknown
#               cargo install wasm-bindgen-cli --version <the wasm-bindgen version in Cargo.lock>
# No wasm-opt: Debian's (binaryen 108) makes the .wasm 6 % smaller raw, but the page it
# gives does not start (WebAssembly.Table.set() refuses wasm-bindgen 0.2.130's glue), whether
# run before or after wasm-bindgen.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/site}

# The posse.wasm cargo built, from its JSON messages on stdin: the `filenames` of the
# compiler-artifact of the posse binary (the last one, if cargo reports it twice).
wasm_artifact() {
  python3 -c '
import json, sys
found = ""
for line in sys.stdin:
    try:
        m = json.loads(line)
    except ValueError:
        continue
    if m.get("reason") == "compiler-artifact" and m.get("target", {}).get("name") == "posse" \
            and "bin" in m.get("target", {}).get("kind", []):
        found = next((f for f in m.get("filenames", []) if f.endswith(".wasm")), found)
print(found)
'
}

# wasm-bindgen's command line must be the very version the crate links.
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3 }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [ "$have" != "$want" ]; then
  echo "build-web: wasm-bindgen $want is needed (found: ${have:-none}); install it with" >&2
  echo "  cargo install wasm-bindgen-cli --version $want" >&2
  exit 2
fi

# POSSE_WEB_PROFILE=web-ci (what .ci/run uses) skips the whole-program optimisation.
profile=${POSSE_WEB_PROFILE:-web}
# Cargo says where it put the .wasm (CARGO_TARGET_DIR, a build.target-dir setting or
# target/): its JSON messages go to stdout, the diagnostics to stderr as usual.
messages=$(mktemp)
trap 'rm -f "$messages"' EXIT
cargo build --profile "$profile" --target wasm32-unknown-unknown --bin posse \
  --message-format=json-render-diagnostics > "$messages"
wasm=$(wasm_artifact < "$messages")
if [ -z "$wasm" ] || [ ! -f "$wasm" ]; then
  echo "build-web: cargo reported no posse.wasm (found: '${wasm}')" >&2
  exit 2
fi
rm -rf "$out"
mkdir -p "$out"
wasm-bindgen --target web --no-typescript --out-dir "$out" --out-name posse "$wasm"
cp web/index.html web/manifest.webmanifest "$out/"
cp -r web/icons "$out/"
# The service worker carries this build's version, so a new build replaces the cached one.
version=$(cat "$out/posse_bg.wasm" "$out/posse.js" web/index.html web/manifest.webmanifest web/sw.js \
  | sha256sum | cut -c1-16)
sed "s/@VERSION@/$version/" web/sw.js > "$out/sw.js"

raw=$(stat -c %s "$out/posse_bg.wasm")
zipped=$(gzip -9 -c "$out/posse_bg.wasm" | wc -c)
echo "build-web: $out ready (posse_bg.wasm: $raw bytes, $zipped gzipped; version $version)"
