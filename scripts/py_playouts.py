#!/usr/bin/env python3
"""Random playouts from Python: songo's Python API beside OpenSpiel's Oware.

Both games are played the same way: from the start, a uniformly random
legal move (random.Random.choice over the legal-move list) until the game
ends, one Python call per step of the loop:

    songo:    while not g.is_over(): g.play(rng.choice(g.legal_moves()))
    OpenSpiel: while not s.is_terminal(): s.apply_action(rng.choice(s.legal_actions()))

and songo's batch call, songo.random_playouts(n), which plays whole games
in Rust. Each is timed for --seconds, --runs times; the table gives the
range over the runs (games per second, moves per second). Needs the songo
wheel (docs/python.md) and, for the comparison, `pip install open-spiel`.

    python scripts/py_playouts.py --seconds 3 --runs 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from typing import Callable

import songo


def songo_loop(variant: str) -> Callable[[random.Random], int]:
    def play(rng: random.Random) -> int:
        game = songo.Game(variant)
        while not game.is_over():
            game.play(rng.choice(game.legal_moves()))
        return game.ply

    return play


def oware_loop() -> Callable[[random.Random], int] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    oware = pyspiel.load_game("oware")

    def play(rng: random.Random) -> int:
        state = oware.new_initial_state()
        moves = 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
        return moves

    return play


def timed(play: Callable[[random.Random], int], seconds: float, seed: int) -> tuple[float, float]:
    """Games and moves per second of whole games played for `seconds`."""
    rng = random.Random(seed)
    games = moves = 0
    started = time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds:
        moves += play(rng)
        games += 1
    return games / elapsed, moves / elapsed


def timed_batch(variant: str, seconds: float, seed: int) -> tuple[float, float]:
    """The same with songo.random_playouts, in batches of a tenth of a second or so."""
    games = moves = 0
    batch = 1000
    started = time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds:
        done = songo.random_playouts(batch, variant=variant, seed=seed + games)
        games += done.games
        moves += done.moves
    return games / elapsed, moves / elapsed


def span(values: list[float]) -> str:
    low, high = min(values), max(values)
    return f"{low:>12,.0f} – {high:<12,.0f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time of each run (default 3)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each (default 3)")
    parser.add_argument("--variant", default="songo40", choices=songo.VARIANTS)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    contenders: list[tuple[str, Callable[[int], tuple[float, float]]]] = [
        (f"songo {args.variant}, Python loop", lambda s: timed(songo_loop(args.variant), args.seconds, s)),
        (f"songo {args.variant}, random_playouts", lambda s: timed_batch(args.variant, args.seconds, s)),
    ]
    oware = oware_loop()
    if oware is not None:
        contenders.append(("OpenSpiel oware, Python loop", lambda s: timed(oware, args.seconds, s)))
    else:
        print("pyspiel is not installed (pip install open-spiel): no OpenSpiel comparison", file=sys.stderr)

    results: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name, _ in contenders}
    # Interleaved, so that a change in the machine's load reaches each alike.
    for run in range(args.runs):
        for name, measure in contenders:
            games, moves = measure(args.seed + run)
            results[name][0].append(games)
            results[name][1].append(moves)

    print(f"{args.runs} runs of {args.seconds:g} s each (ranges: lowest – highest)")
    print(f"{'':40} {'games/s':^27} {'moves/s':^27}")
    for name, (games, moves) in results.items():
        print(f"{name:40} {span(games)} {span(moves)}")
    if oware is not None:
        ours = results[contenders[0][0]][1]
        theirs = results["OpenSpiel oware, Python loop"][1]
        print(
            f"songo's Python loop / OpenSpiel's, moves per second: "
            f"{statistics.median(ours) / statistics.median(theirs):.2f}x (medians), "
            f"{min(ours) / max(theirs):.2f}x (songo's slowest run against OpenSpiel's fastest) "
            f"to {max(ours) / min(theirs):.2f}x"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
