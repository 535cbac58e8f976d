#!/usr/bin/env bash
# The Skill Level ladder: each level against the one below it, at the
# GUI's move time (every level gets `go movetime 2000`; levels 1-8 stop at
# their depth, 9 at 100 ms, 10 uses the 2 s). Writes one log and one
# record per pair to OUT and prints each pair's final line.
#
#   scripts/level_ladder.sh SONGO OUT [VARIANT] [FROM] [TO]
#
# Game counts per pair: LADDER_GAMES_FAST for the depth-capped pairs (up
# to 8 vs 7, seconds a game, two at a time), LADDER_GAMES_SLOW for the
# timed ones (minutes a game, one at a time). Openings: random 6-ply ones
# seeded by the lower level, or, with LADDER_OPENINGS=FILE, the balanced
# openings of FILE (docs/openings/; fewer pairs won by one colour).
set -euo pipefail
songo=${1:?songo binary}
out=${2:?output directory}
variant=${3:-songo40}
from=${4:-1}
to=${5:-9}
fast=${LADDER_GAMES_FAST:-200}
slow=${LADDER_GAMES_SLOW:-40}
mkdir -p "$out"
for low in $(seq "$from" "$to"); do
    high=$((low + 1))
    if [ "$high" -le 8 ]; then games=$fast; conc=2; else games=$slow; conc=1; fi
    if [ -n "${LADDER_OPENINGS:-}" ]; then
        openings=(--openings "$LADDER_OPENINGS")
    else
        openings=(--seed "$low")
    fi
    log="$out/$variant-L$high-vs-L$low.log"
    "$songo" match --variant "$variant" --tc movetime=2000 -n "$games" -c "$conc" \
        "${openings[@]}" --record "$out/$variant-L$high-vs-L$low.pgn" \
        -e "name=L$high \"option.Skill Level=$high\"" \
        -e "name=L$low \"option.Skill Level=$low\"" >"$log" 2>&1
    grep "^L$high vs L$low:" "$log" | tail -1
done
