#!/usr/bin/env bash
# songo as a static web site (docs/web.md): the page of `songo gui`, with
# its room in the page and the engine in WebAssembly in a Web Worker, and a
# service worker that keeps it all for offline use.
#
#   scripts/web-build.sh OUT_DIR
#   python3 -m http.server -d OUT_DIR     # then open http://127.0.0.1:8000/
#
# Steps: the engine as WebAssembly with its JavaScript glue
# (scripts/wasm-engine-build.sh: cargo build --release for wasm32, wasm-opt
# when there, wasm-bindgen of Cargo.lock's version); the page's assets
# (crates/songo-gui/assets, the same files `songo gui` embeds) with
# index.html switched to the "worker" transport and given its
# Content-Security-Policy, icons and manifest; the static site's own files
# (crates/songo-gui/web: the engine worker, the in-page room, the manifest,
# the icons); last the service worker, sw.js, with the list of every file
# and a cache name made of their hash.
#
# It installs nothing: a missing tool is named with the command that
# installs it, and the script exits with status 3 (wasm-engine-build.sh's).
# OUT_DIR must be absent, empty or an earlier build (it is emptied).
set -euo pipefail

out=${1:?usage: scripts/web-build.sh OUT_DIR}
case $out in /*) ;; *) out="$PWD/$out" ;; esac
root=$(cd "$(dirname "$0")/.." && pwd)
assets="$root/crates/songo-gui/assets"
web="$root/crates/songo-gui/web"

for tool in sha256sum gzip sed find; do
    if ! command -v "$tool" >/dev/null; then
        echo "web-build: missing $tool; install it with: apt-get install coreutils gzip sed findutils" >&2
        exit 3
    fi
done
# Emptying a directory is only safe when it is ours.
if [ -d "$out" ] && [ -n "$(ls -A "$out")" ] && ! [ -f "$out/sw.js" -a -f "$out/manifest.webmanifest" ]; then
    echo "web-build: $out is not empty and not an earlier build; give a new directory" >&2
    exit 1
fi

# --- the engine ------------------------------------------------------------
# The one build of the wasm engine (its tools checked there); its web/ output
# is an ES module for the worker.
engine="${CARGO_TARGET_DIR:-$root/target}/web-engine"
"$root/scripts/wasm-engine-build.sh" "$engine"

mkdir -p "$out"
find "$out" -mindepth 1 -delete
cp "$engine/web/songo_wasm.js" "$engine/web/songo_wasm_bg.wasm" "$out/"

# --- the page -----------------------------------------------------------------
# Every file of the assets, with each panel's directory (play/, analysis/,
# review/, games/, rules/, learn/, puzzles/, mistakes/: docs/web.md's table).
cp -r "$assets"/* "$out/"
cp -r "$web"/* "$out/"
# Type declarations are for the type check only (crates/songo-gui/jsconfig.json).
find "$out" -name '*.d.ts' -delete
# The rules panel shows the rules document itself (songo gui serves it too).
cp "$root/docs/rules.md" "$out/"
rm "$out/sw.js" # written last, below

# index.html: the transport, then what only the site has. The policy allows
# nothing but the site's own files: no inline script or style, no other
# origin; 'wasm-unsafe-eval' lets the page compile WebAssembly (the engine's
# worker has no policy of its own unless the host sends one as a header).
csp="default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self'; connect-src 'self'; worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'"
index="$out/index.html"
sed -i \
    -e 's|<meta name="songo-transport" content="websocket">|<meta name="songo-transport" content="worker">|' \
    -e "s|<meta charset=\"utf-8\">|&\n<meta http-equiv=\"Content-Security-Policy\" content=\"$csp\">|" \
    -e 's|<link rel="icon" href="data:,">|<link rel="icon" href="icons/songo.svg" type="image/svg+xml">\n<link rel="apple-touch-icon" href="icons/icon-192.png">\n<link rel="manifest" href="manifest.webmanifest">\n<meta name="theme-color" content="#8a5a2b">|' \
    "$index"
# Each rewrite must have happened: index.html is edited by hand.
for want in 'content="worker"' 'http-equiv="Content-Security-Policy"' 'rel="manifest"'; do
    if ! grep -q "$want" "$index"; then
        echo "web-build: index.html was not rewritten ($want missing): did its <head> change?" >&2
        exit 1
    fi
done

# --- the service worker ------------------------------------------------------
cd "$out"
files=$(find . -type f | sed 's|^\./||' | LC_ALL=C sort)
hash=$(echo "$files" | xargs sha256sum | sha256sum | cut -c1-16)
{
    echo "// Written by scripts/web-build.sh."
    echo "const CACHE = \"songo-$hash\";"
    echo "const FILES = ["
    echo "  \"./\","
    echo "$files" | sed 's|.*|  "&",|'
    echo "];"
    echo
    cat "$web/sw.js"
} >sw.js

# --- what the page loads ---------------------------------------------------------
# The first visit loads every file (the service worker fetches them all): the
# figure is their sum, each gzipped alone as a server would send it.
total=0
gz=0
for f in $(find . -type f | LC_ALL=C sort); do
    total=$((total + $(wc -c <"$f")))
    gz=$((gz + $(gzip -9 -c "$f" | wc -c)))
done
echo "web-build: $out: $(find . -type f | wc -l) files, $total bytes, $gz gzipped (each file gzip -9)"
