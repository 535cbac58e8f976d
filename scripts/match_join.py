#!/usr/bin/env python3
"""Joins the records of several `songo match` runs of the same two engines
into one result, as `songo match` would report it had the runs been one:
W-D-L, Elo with its 95% interval over the game pairs (the pentanomial
model of src/stats), the pairs, and how the games ended.

Long matches are run in pieces (different --seed each) so that a session's
end loses at most one piece; this script reports the whole.

    scripts/match_join.py NAME RECORD.pgn [RECORD.pgn ...]

NAME is the engine whose point of view is reported (its name= in the
match). The two games of a pair are the records' `Round "k.1"` and
`Round "k.2"` of one file; an unpaired game (a piece cut short) is left out
of the pairs and counted in the W-D-L.
"""
import math
import re
import sys
from collections import Counter
from statistics import NormalDist

CONFIDENCE = 0.95


def games(path):
    text = open(path, encoding="utf-8").read()
    for block in text.split("[Event ")[1:]:
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', block))
        yield tags


def points(tags, name):
    result = tags["Result"]
    if result == "1/2-1/2":
        return 0.5
    south_won = result == "1-0"
    return 1.0 if south_won == (tags["South"] == name) else 0.0


def elo(score):
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def estimate(counts):
    """Elo and half-width of its interval from bin counts on 0..1."""
    n = sum(counts)
    step = 1.0 / (len(counts) - 1)
    mean = sum(c * i * step for i, c in enumerate(counts)) / n
    var = sum(c * (i * step - mean) ** 2 for i, c in enumerate(counts)) / n
    z = NormalDist().inv_cdf(1.0 - (1.0 - CONFIDENCE) / 2.0)
    err = math.sqrt(var / n)
    lo, hi = elo(mean - z * err), elo(mean + z * err)
    half = (hi - lo) / 2.0 if math.isfinite(lo) and math.isfinite(hi) else math.inf
    return elo(mean), half


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    name, paths = sys.argv[1], sys.argv[2:]
    wdl = Counter()
    penta = [0] * 5
    ends = Counter()
    for path in paths:
        rounds = {}
        for tags in games(path):
            if name not in (tags["South"], tags["North"]):
                sys.exit(f"{path}: {name} did not play {tags.get('Round')}")
            p = points(tags, name)
            wdl[p] += 1
            ends[tags.get("Termination", "?")] += 1
            opening, _, game = tags["Round"].partition(".")
            rounds.setdefault(opening, {})[game] = p
        for pair in rounds.values():
            if len(pair) == 2:
                penta[int(round(2 * sum(pair.values())))] += 1
    n = sum(wdl.values())
    if n == 0:
        sys.exit("no games")
    w, d, l = wdl[1.0], wdl[0.5], wdl[0.0]
    print(f"{name}: {n} games, {w}-{d}-{l}, score {(w + d / 2) / n:.1%}")
    if sum(penta):
        e, half = estimate(penta)
        print(f"Elo {e:+.1f} ± {half:.1f} over {sum(penta)} pairs {penta}")
    print("ends: " + ", ".join(f"{k} {v}" for k, v in ends.most_common()))


if __name__ == "__main__":
    main()
