#!/usr/bin/env bash
# The soak match of issue 6: songo against itself at 1 s + 10 ms per game,
# two games at a time, 1000 games per variant, every game recorded.
# Usage: scripts/soak.sh [SONGO] [OUTDIR]
set -euo pipefail
songo=${1:-target/release/songo}
out=${2:-soak}
mkdir -p "$out"
for v in songo36-beginner songo36-amateur songo40; do
  "$songo" match -v "$v" -e name=songo-a -e name=songo-b --tc 1+0.01 -n 1000 \
    --concurrency 2 --plies 6 --seed 7 --record "$out/soak-$v.pgn" 2>/dev/null \
    | tee "$out/soak-$v.txt"
done
