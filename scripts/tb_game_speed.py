#!/usr/bin/env python3
"""Search speed with tables over whole games, one engine process per
table directory: from each position of OPENINGS, the engine plays both
sides at `go depth DEPTH` (one thread) until the game ends or MAX_PLIES,
as a game in a GUI or a match goes on, its caches kept from move to move.
The directories are taken in turn (A B A B ... for --runs rounds), so
that they are compared on the same machine load; each run prints its
total search time (from `go` to `bestmove`) and its nodes. The same
tables in raw and compressed files give the same moves and nodes: only
the time differs.

    scripts/tb_game_speed.py [--variant V] [--depth D] [--runs N] [--max-plies P] \
        SONGO OPENINGS DIR...

OPENINGS: position strings, one per line (scripts/endgame_openings.py).
"""
import argparse
import subprocess
import time


def run(songo, variant, tables, openings, depth, max_plies):
    p = subprocess.Popen([songo], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True, bufsize=1)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    def wait(word, nodes=None):
        while True:
            line = p.stdout.readline()
            if not line:
                raise RuntimeError(f"{songo} exited")
            fields = line.split()
            if nodes is not None and "nodes" in fields:
                nodes[0] = int(fields[fields.index("nodes") + 1])
            if fields[:1] == [word]:
                return fields

    send("uci"); wait("uciok")
    send(f"setoption name UCI_Variant value {variant}")
    send(f"setoption name TablebasePath value {tables}")
    send("isready"); wait("readyok")
    searching, total_nodes = 0.0, 0
    for fen in openings:
        send("ucinewgame")
        moves = []
        for _ in range(max_plies):
            tail = f" moves {' '.join(moves)}" if moves else ""
            send(f"position fen {fen}{tail}")
            nodes = [0]
            t0 = time.monotonic()
            send(f"go depth {depth}")
            best = wait("bestmove", nodes)
            searching += time.monotonic() - t0
            total_nodes += nodes[0]
            if best[1] == "(none)":
                break
            moves.append(best[1])
    send("quit")
    p.wait()
    return searching, total_nodes


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("songo")
    ap.add_argument("openings")
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--variant", default="songo40")
    ap.add_argument("--depth", type=int, default=14)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--max-plies", type=int, default=60)
    a = ap.parse_args()
    with open(a.openings) as f:
        openings = [line.strip() for line in f if line.strip()]
    for r in range(a.runs):
        for d in a.dirs:
            t, n = run(a.songo, a.variant, d, openings, a.depth, a.max_plies)
            print(f"run {r + 1} {d}: {t:.2f} s searching, {n} nodes, {n / max(t, 1e-9):.0f} nps",
                  flush=True)


if __name__ == "__main__":
    main()
