#!/usr/bin/env python3
"""Balanced random openings for `songo match --openings`.

Usage: scripts/balanced_openings.py VARIANT COUNT [--plies K] [--seed S]
           [--depth D] [--margin CP] > FILE

Plays K random legal plies from the start, then keeps the position only if
the engine (target/release/songo, or $SONGO) scores it within CP
centiseeds of even at depth D: random openings are often already won for
one side, and a pair of games from such an opening ends one win each
whoever plays, which hides differences in strength. Balanced opening
books are the usual remedy in engine testing.
"""
import argparse
import os
import random
import subprocess


class Engine:
    def __init__(self, cmd, variant):
        self.p = subprocess.Popen([cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.send(f"setoption name UCI_Variant value {variant}")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def board(self, moves):
        """The position string, legal moves and state after `moves`."""
        self.send("position startpos moves " + " ".join(moves) if moves else "position startpos")
        self.send("d")
        fields = {}
        for line in self.p.stdout:
            key, _, value = line.strip().partition(": ")
            fields[key] = value
            if key == "State":
                break
        return fields["Position"], fields["Legal moves"].split(), fields["State"]

    def score(self, depth):
        self.send(f"go depth {depth}")
        cp = None
        for line in self.p.stdout:
            t = line.split()
            if t[:2] == ["info", "depth"] and int(t[2]) == depth and "bound" not in t[t.index("score"):]:
                cp = int(t[t.index("cp") + 1]) if "cp" in t else None
            if t and t[0] == "bestmove":
                return cp


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("variant")
    ap.add_argument("count", type=int)
    ap.add_argument("--plies", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--depth", type=int, default=14)
    ap.add_argument("--margin", type=int, default=100)
    a = ap.parse_args()
    e = Engine(os.environ.get("SONGO", "target/release/songo"), a.variant)
    rng = random.Random(a.seed)
    seen = set()
    while len(seen) < a.count:
        moves = []
        for _ in range(a.plies):
            _, legal, state = e.board(moves)
            if state != "in progress":
                break
            moves.append(rng.choice(legal))
        fen, legal, state = e.board(moves)
        if state != "in progress" or not legal or fen in seen:
            continue
        cp = e.score(a.depth)
        if cp is not None and abs(cp) <= a.margin:
            seen.add(fen)
            print(fen, flush=True)
    e.send("quit")


if __name__ == "__main__":
    main()
