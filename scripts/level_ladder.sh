#!/usr/bin/env bash
# The Skill Level ladder: each level against the one below it, at the
# GUI's move time (every level gets `go movetime 2000`; levels 1-7 stop at
# their depth, 8 and 9 at 100 ms and 400 ms, 10 uses the 2 s). Writes one
# log per pair to OUT and prints each pair's final line.
#
#   scripts/level_ladder.sh SONGO OUT [VARIANT] [FROM] [TO]
#
# Game counts per pair: LADDER_GAMES_FAST for pairs below level 8 (depth
# capped, seconds a game), LADDER_GAMES_SLOW for the timed levels (a
# minute or two a game).
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
    if [ "$high" -le 7 ]; then games=$fast; conc=2; else games=$slow; conc=1; fi
    log="$out/$variant-L$high-vs-L$low.log"
    "$songo" match --variant "$variant" --tc movetime=2000 -n "$games" -c "$conc" \
        --seed "$low" --record "$out/$variant-L$high-vs-L$low.pgn" \
        -e "name=L$high \"option.Skill Level=$high\"" \
        -e "name=L$low \"option.Skill Level=$low\"" >"$log" 2>&1
    grep "^L$high vs L$low:" "$log" | tail -1
done
