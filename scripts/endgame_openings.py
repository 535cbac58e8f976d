#!/usr/bin/env python3
"""Random endgame openings for `songo match --openings`: positions with few
seeds on the board, for matches of the engine with and without tablebases.

Usage: scripts/endgame_openings.py VARIANT SEEDS COUNT [--seed S] > FILE

Each line is a position string (docs/rules.md): SEEDS seeds spread at
random over the 14 pits, the 70 - SEEDS others captured, split at random
within 4 seeds of even; South to move; no pit-7 flag. Positions where a
side has already reached a threshold are left out; so is any position the
engine (target/release/songo, or $SONGO) finds over or without moves.
"""
import argparse
import os
import random
import subprocess


def over(songo, variant, fen):
    out = subprocess.run([songo, "analyze", "--variant", variant, "--fen", fen, "--depth", "1", "--json"],
                         capture_output=True, text=True)
    return out.returncode != 0 or '"over":true' in out.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("variant")
    ap.add_argument("seeds", type=int)
    ap.add_argument("count", type=int)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    songo = os.environ.get("SONGO", "target/release/songo")
    rng = random.Random(a.seed)
    off = 70 - a.seeds
    limit = 35 if a.variant.startswith("songo36") else 39
    made = 0
    while made < a.count:
        pits = [0] * 14
        for _ in range(a.seeds):
            pits[rng.randrange(14)] += 1
        south = off // 2 + rng.randint(-4, 4)
        north = off - south
        if max(south, north) > limit or min(south, north) < 0:
            continue
        fen = f"{','.join(map(str, pits[:7]))}/{','.join(map(str, pits[7:]))} s {south} {north} -"
        if over(songo, a.variant, fen):
            continue
        print(fen, flush=True)
        made += 1


if __name__ == "__main__":
    main()
