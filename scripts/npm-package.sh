#!/usr/bin/env bash
# songo's npm package (docs/npm.md): the engine in a worker, the rules and
# the protocol's helpers, for a web page (or node) to install.
#
#   scripts/npm-package.sh OUT_DIR
#   npm pack OUT_DIR                    # the tarball, songo-VERSION.tgz
#
# Steps: the WebAssembly module and its glue (scripts/wasm-engine-build.sh,
# its `web` output: an ES module that loads in a page, a worker and node);
# the package's hand-kept sources (crates/songo-wasm/npm: package.json,
# the modules, the worker, the types, the README); the version of the
# workspace (Cargo.toml) stamped into package.json, so that the package
# and the crates it is built from carry one number.
#
# It installs nothing: a missing tool is named with the command that
# installs it, and the script exits with status 3 (wasm-engine-build.sh's).
# OUT_DIR must be absent, empty or an earlier package (it is emptied).
set -euo pipefail

out=${1:?usage: scripts/npm-package.sh OUT_DIR}
case $out in /*) ;; *) out="$PWD/$out" ;; esac
root=$(cd "$(dirname "$0")/.." && pwd)
sources="$root/crates/songo-wasm/npm"

# Emptying a directory is only safe when it is ours.
if [ -d "$out" ] && [ -n "$(ls -A "$out")" ] && ! grep -qs '"name": "songo"' "$out/package.json"; then
    echo "npm-package: $out is not empty and not an earlier package; give a new directory" >&2
    exit 1
fi

# The same build as the static site's (scripts/web-build.sh), so that the
# two share it in one target directory.
engine="${CARGO_TARGET_DIR:-$root/target}/web-engine"
"$root/scripts/wasm-engine-build.sh" "$engine"

mkdir -p "$out"
find "$out" -mindepth 1 -delete
cp "$engine/web/songo_wasm.js" "$engine/web/songo_wasm_bg.wasm" "$engine/web/songo_wasm.d.ts" "$out/"
cp "$sources"/*.js "$sources"/*.d.ts "$sources"/README.md "$sources"/package.json "$out/"

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$root/Cargo.toml" | head -n 1)
sed -i "s/\"version\": \"[^\"]*\"/\"version\": \"$version\"/" "$out/package.json"
if ! grep -q "\"version\": \"$version\"" "$out/package.json"; then
    echo "npm-package: package.json's version was not set to $version" >&2
    exit 1
fi
echo "$out: songo $version, $(find "$out" -type f | wc -l) files"
