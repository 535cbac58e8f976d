#!/usr/bin/env bash
# Evaluation ablation: for each variant, the tuned evaluation against the
# same evaluation with one term left out (`Evaluation` = `without <term>`),
# at equal nodes. A term earns its place when the tuned side scores above
# 50%. Usage: scripts/ablation.sh [SONGO] [GAMES] [VARIANT...]
# Prints one summary line per match. Takes about 25 minutes on 2 cores at
# the default 400 games.
set -euo pipefail
songo=${1:-target/release/songo}
games=${2:-400}
shift $(($# < 2 ? $# : 2)) # the rest, if any, are variants
variants=${*:-songo36-beginner songo36-amateur songo40}
terms=("captured" "captured late" "seeds in row" "weak pits" "empty pits"
       "big piles" "mobility" "capture threat" "pit 7 unplayed")
for v in $variants; do
  for term in "${terms[@]}"; do
    if [[ $term == "pit 7 unplayed" && $v != songo40 ]]; then
      continue # the term is zero outside songo40
    fi
    printf '%-17s without %-15s ' "$v" "$term"
    "$songo" match -v "$v" -e name=tuned -e "name=without \"option.Evaluation=without $term\"" \
      --tc nodes=5000 -n "$games" --concurrency 2 --plies 6 --seed 11 2>/dev/null |
      grep '^tuned vs'
  done
done
