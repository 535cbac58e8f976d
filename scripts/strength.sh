#!/usr/bin/env bash
# The README's strength table: the engine against sparring partners and
# against itself, for each variant. Usage: scripts/strength.sh [SONGO] [VARIANT...]
# Each match prints its summary; the lines starting with a name and "vs"
# are the table. Takes about half an hour on 2 cores.
set -euo pipefail
songo=${1:-target/release/songo}
shift || true
variants=${*:-songo36-beginner songo36-amateur songo40}
common=(--concurrency 2 --plies 6 --seed 2026)
for v in $variants; do
  echo "== $v"
  for kind in random greedy plain; do
    "$songo" match -v "$v" -e name=songo -e "arg=sparring arg=--kind=$kind" \
      --tc 1+0.01 -n 100 "${common[@]}" 2>/dev/null
  done
  "$songo" match -v "$v" -e name=songo -e "name=songo-half tc=0.5+0.005" \
    --tc 1+0.01 -n 200 "${common[@]}" 2>/dev/null
  "$songo" match -v "$v" -e name=tuned -e "name=captures option.Evaluation=captures" \
    --tc nodes=5000 -n 1000 --sprt 50,150 "${common[@]}" 2>/dev/null
done
