#!/usr/bin/env bash
# The README's strength table: the engine against sparring partners and
# against itself, for each variant. Usage: scripts/strength.sh [SONGO] [VARIANT...]
# Each match prints its summary; the lines starting with a name and "vs"
# are the table. Takes about 50 minutes on 2 cores.
set -euo pipefail
songo=${1:-target/release/songo}
shift || true
variants=${*:-songo36-beginner songo36-amateur songo40}
common=(--concurrency 2 --plies 6 --seed 2026)
for v in $variants; do
  echo "== $v"
  for kind in random greedy; do
    "$songo" match -v "$v" -e name=songo -e "arg=sparring arg=--kind=$kind" \
      --tc 1+0.01 -n 100 "${common[@]}" 2>/dev/null
  done
  # 200 games: the goal (90%) is close to what 100 games can tell apart.
  "$songo" match -v "$v" -e name=songo -e "arg=sparring arg=--kind=plain" \
    --tc 1+0.01 -n 200 "${common[@]}" 2>/dev/null
  # The same against plain alpha-beta from balanced openings.
  book=$(mktemp)
  SONGO="$songo" python3 "$(dirname "$0")/balanced_openings.py" "$v" 50 --seed 2026 > "$book"
  "$songo" match -v "$v" -e name=songo -e "arg=sparring arg=--kind=plain" \
    --tc 1+0.01 -n 100 --concurrency 2 --openings "$book" 2>/dev/null
  rm -f "$book"
  "$songo" match -v "$v" -e name=songo -e "name=songo-half tc=0.5+0.005" \
    --tc 1+0.01 -n 200 "${common[@]}" 2>/dev/null
  "$songo" match -v "$v" -e name=tuned -e "name=captures option.Evaluation=captures" \
    --tc nodes=5000 -n 1000 --sprt 50,150 "${common[@]}" 2>/dev/null
done
