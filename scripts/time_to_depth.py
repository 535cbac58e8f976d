#!/usr/bin/env python3
"""Time for the engine to finish depth D from a variant's start position.

Usage: scripts/time_to_depth.py ENGINE DEPTH [--threads N] [--hash MB] [--variant V ...]

Drives the engine over the protocol and reports the `time` field of the
last complete `info depth D` line (the engine's own clock), per variant.
"""
import argparse
import subprocess

VARIANTS = ["songo36-beginner", "songo36-amateur", "songo40"]


def time_to_depth(engine, variant, depth, threads, hash_mb):
    p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    for line in [f"setoption name UCI_Variant value {variant}",
                 f"setoption name Threads value {threads}",
                 f"setoption name Hash value {hash_mb}",
                 "isready"]:
        p.stdin.write(line + "\n")
    p.stdin.flush()
    while p.stdout.readline().strip() != "readyok":
        pass
    p.stdin.write(f"go depth {depth}\n")
    p.stdin.flush()
    result = None
    for line in p.stdout:
        t = line.split()
        if t[:2] == ["info", "depth"] and int(t[2]) == depth and "bound" not in t:
            result = (int(t[t.index("time") + 1]), int(t[t.index("nodes") + 1]))
        if t and t[0] == "bestmove":
            break
    p.stdin.write("quit\n")
    p.stdin.flush()
    p.wait()
    return result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("engine")
    ap.add_argument("depth", type=int)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--hash", type=int, default=256)
    ap.add_argument("--variant", action="append")
    a = ap.parse_args()
    for v in a.variant or VARIANTS:
        ms, nodes = time_to_depth(a.engine, v, a.depth, a.threads, a.hash)
        print(f"{v:18} depth {a.depth} threads {a.threads}: {ms / 1000:8.2f} s {nodes:>12} nodes")


if __name__ == "__main__":
    main()
