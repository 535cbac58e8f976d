#!/usr/bin/env bash
# The engine in WebAssembly (crates/songo-wasm), built for JavaScript:
#
#   scripts/wasm-engine-build.sh OUT_DIR
#
# writes OUT_DIR/nodejs/ (a CommonJS module for node: tests/web/) and
# OUT_DIR/web/ (an ES module for a page or a worker), each songo_wasm.js
# with its songo_wasm_bg.wasm. Steps: `cargo build --release --target
# wasm32-unknown-unknown -p songo-wasm` with SIMD; `wasm-bindgen`, which must be
# exactly the version of the wasm-bindgen crate in Cargo.lock (the two
# halves of the bridge change together); before it, `wasm-opt -O3`
# (Debian's binaryen) when it is there.
#
# It installs nothing: when a tool is missing it says which, and the
# command that installs it, and exits with status 3 (tests/wasm_engine.rs
# tells that from a failed build).
set -euo pipefail

out=${1:?usage: scripts/wasm-engine-build.sh OUT_DIR}
case $out in /*) ;; *) out="$PWD/$out" ;; esac # the build runs at the root
root=$(cd "$(dirname "$0")/.." && pwd)
target=wasm32-unknown-unknown

# --- what the build needs -------------------------------------------------
missing=0
need() { # what, the command that installs it
    echo "wasm-engine-build: missing $1; install it with: $2" >&2
    missing=1
}
locked=$(grep -A1 '^name = "wasm-bindgen"$' "$root/Cargo.lock" | sed -n 's/^version = "\(.*\)"$/\1/p')
if [ -z "$locked" ]; then
    echo "wasm-engine-build: no wasm-bindgen in Cargo.lock" >&2
    exit 1
fi
if ! command -v cargo >/dev/null; then
    need "cargo (a Rust toolchain)" "rustup, as the README says (Rust 1.87 or newer)"
elif ! [ -d "$(rustc --print sysroot)/lib/rustlib/$target" ]; then
    need "the Rust standard library for $target" "rustup target add $target"
fi
# Without its default features the command builds in a fifth of the time
# (1.6 against 7.5 minutes here: no HTTP client for its test runner) and
# works the same. Not --locked: its lock names a webpki-roots the
# registry here lacks.
install="cargo install wasm-bindgen-cli --version $locked --no-default-features"
if ! command -v wasm-bindgen >/dev/null; then
    need "wasm-bindgen $locked" "$install"
else
    have=$(wasm-bindgen --version | awk '{print $2}')
    if [ "$have" != "$locked" ]; then
        need "wasm-bindgen $locked (found $have, which must equal the crate's version in Cargo.lock)" \
            "$install --force"
    fi
fi
if [ "$missing" = 1 ]; then
    exit 3
fi

# --- build ----------------------------------------------------------------
cd "$root"
# 128-bit SIMD (every current browser and node have it, Safari from 16.4):
# LLVM vectorises the net's inference with it, which doubles the bench's
# nps under node (2.9 to 5.9 M here). Only this build's flags: a RUSTFLAGS
# of the caller's own overrides them (Cargo's order).
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="${CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS:--C target-feature=+simd128}"
# The release profile as Cargo.toml has it (fat LTO, one codegen unit):
# what is shipped, and what the size and speed figures measure, whatever
# overrides the caller's environment holds (.ci/run lightens the profile
# for its test build).
env -u CARGO_PROFILE_RELEASE_LTO -u CARGO_PROFILE_RELEASE_CODEGEN_UNITS \
    -u CARGO_PROFILE_RELEASE_OPT_LEVEL \
    cargo build --release --locked --target "$target" -p songo-wasm
wasm="${CARGO_TARGET_DIR:-$root/target}/$target/release/songo_wasm.wasm"

# --- optimise ------------------------------------------------------------
# Before wasm-bindgen, not after as usual: Debian's binaryen 108 rewrites
# the export of the externref table that wasm-bindgen adds as the export of
# the function table, and the module then fails to load
# ("WebAssembly.Table.set(): Argument 1 is invalid for table"). On rustc's
# output it is sound (tests/web/ checks the result) and does the same work:
# a quarter smaller, as fast.
if command -v wasm-opt >/dev/null; then
    opt="${wasm%.wasm}.opt.wasm"
    # The features rustc's wasm32 target turns on by default, and SIMD;
    # binaryen refuses what it is not told about.
    wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int \
        --enable-sign-ext --enable-mutable-globals --enable-reference-types \
        --enable-multivalue --enable-simd "$wasm" -o "$opt"
    wasm=$opt
else
    echo "wasm-engine-build: wasm-opt not found, the .wasm is not optimised further;" \
        "install it with: apt-get install binaryen" >&2
fi

# --- the bridge to JavaScript ---------------------------------------------
mkdir -p "$out"
for js in nodejs web; do
    rm -rf "${out:?}/$js"
    # --out-name: the same file names whether or not wasm-opt ran.
    wasm-bindgen --target "$js" --out-name songo_wasm --out-dir "$out/$js" "$wasm"
done

for js in nodejs web; do
    bg="$out/$js/songo_wasm_bg.wasm"
    echo "$bg: $(wc -c <"$bg") bytes, $(gzip -9 -c "$bg" | wc -c) gzipped"
done
