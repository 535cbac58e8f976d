#!/usr/bin/env python3
"""Nodes and time to search every bench position to depth D, per engine.

Usage: scripts/tree_size.py DEPTH HASH_MB ENGINE [ENGINE ...]

One thread, each position from a cleared table, positions read from
crates/songo-engine/src/bench.rs. Compares search changes by tree size,
which one thread makes exact, where time to depth is noisy on a shared
machine.
"""
import sys

from smp_speedup import Engine, bench_positions


def main():
    depth, hash_mb = int(sys.argv[1]), int(sys.argv[2])
    for cmd in sys.argv[3:]:
        e = Engine(cmd)
        runs = [e.search(variant, fen, depth, 1, hash_mb) for variant, fen in bench_positions()]
        e.close()
        nodes = [n for _, n in runs]
        each = " ".join(f"{n / 1e6:.1f}" for n in nodes)
        print(f"{cmd}: depth {depth}, Hash {hash_mb}: {sum(nodes)} nodes, "
              f"{sum(ms for ms, _ in runs)} ms (per position, M: {each})", flush=True)


if __name__ == "__main__":
    main()
