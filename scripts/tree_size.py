#!/usr/bin/env python3
"""Nodes and time to search every bench position to depth D, per engine.

Usage: scripts/tree_size.py DEPTH HASH_MB ENGINE [ENGINE ...]

One thread, each position from a cleared table (`ucinewgame`), positions
read from src/bench.rs. Compares search changes by tree size, which one
thread makes exact, where time to depth is noisy on a shared machine.
"""
import subprocess
import sys

from smp_speedup import bench_positions


def tree_size(engine, depth, hash_mb):
    p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    per = []
    total_ms = 0
    for variant, fen in bench_positions():
        for line in [f"setoption name UCI_Variant value {variant}",
                     f"setoption name Hash value {hash_mb}",
                     "ucinewgame", f"position fen {fen}", "isready"]:
            p.stdin.write(line + "\n")
        p.stdin.flush()
        while p.stdout.readline().strip() != "readyok":
            pass
        p.stdin.write(f"go depth {depth}\n")
        p.stdin.flush()
        nodes = ms = 0
        for line in p.stdout:
            t = line.split()
            if t[:2] == ["info", "depth"] and "bound" not in t:
                nodes, ms = int(t[t.index("nodes") + 1]), int(t[t.index("time") + 1])
            if t and t[0] == "bestmove":
                break
        per.append(nodes)
        total_ms += ms
    p.stdin.write("quit\n")
    p.stdin.flush()
    p.wait()
    return per, total_ms


def main():
    depth, hash_mb = int(sys.argv[1]), int(sys.argv[2])
    for engine in sys.argv[3:]:
        per, ms = tree_size(engine, depth, hash_mb)
        each = " ".join(f"{n / 1e6:.1f}" for n in per)
        print(f"{engine}: depth {depth}, Hash {hash_mb}: {sum(per)} nodes, {ms} ms "
              f"(per position, M: {each})", flush=True)


if __name__ == "__main__":
    main()
