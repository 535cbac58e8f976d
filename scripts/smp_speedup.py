#!/usr/bin/env python3
"""Lazy SMP speed-up: time to depth with N threads against one thread.

Usage: scripts/smp_speedup.py ENGINE [--depth D] [--threads N] [--runs R] [--hash MB]

Searches every bench position (read from src/bench.rs) to depth D, once
with one thread and R times with N threads, each from a cleared table, and
prints per position the times and the ratio, then the ratio of the summed
times and the geometric mean of the per-position ratios. Times are the
engine's own `time` field of its `info depth D` line.
"""
import argparse
import math
import pathlib
import re
import subprocess

VARIANTS = {
    "Songo36Beginner": "songo36-beginner",
    "Songo36Amateur": "songo36-amateur",
    "Songo40": "songo40",
}


def bench_positions():
    src = pathlib.Path(__file__).resolve().parent.parent / "src" / "bench.rs"
    text = src.read_text()
    return [(VARIANTS[v], fen) for v, fen in re.findall(r'Variant::(\w+),\s*"([^"]+)"', text)]


class Engine:
    def __init__(self, cmd):
        self.p = subprocess.Popen([cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def sync(self):
        self.send("isready")
        while self.p.stdout.readline().strip() != "readyok":
            pass

    def time_to_depth(self, variant, fen, depth, threads, hash_mb):
        return self.search(variant, fen, depth, threads, hash_mb)[0]

    def search(self, variant, fen, depth, threads, hash_mb):
        """(time, nodes) of the last complete iteration of a `go depth` from a cleared table."""
        for line in [f"setoption name UCI_Variant value {variant}",
                     f"setoption name Threads value {threads}",
                     f"setoption name Hash value {hash_mb}",
                     "setoption name Clear Hash",
                     "ucinewgame",
                     f"position fen {fen}"]:
            self.send(line)
        self.sync()
        self.send(f"go depth {depth}")
        result = None
        for line in self.p.stdout:
            t = line.split()
            if t[:2] == ["info", "depth"] and "bound" not in t:
                result = (int(t[t.index("time") + 1]), int(t[t.index("nodes") + 1]))
            if t and t[0] == "bestmove":
                break
        return result

    def close(self):
        self.send("quit")
        self.p.wait()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("engine")
    ap.add_argument("--depth", type=int, default=18)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--hash", type=int, default=256)
    a = ap.parse_args()
    e = Engine(a.engine)
    total1 = totaln = 0
    logs = []
    for variant, fen in bench_positions():
        t1 = e.time_to_depth(variant, fen, a.depth, 1, a.hash)
        tn = [e.time_to_depth(variant, fen, a.depth, a.threads, a.hash) for _ in range(a.runs)]
        mean = sum(tn) / len(tn)
        total1 += t1
        totaln += mean
        ratio = t1 / max(mean, 1)
        logs.append(math.log(ratio))
        runs = " ".join(f"{t:6d}" for t in tn)
        print(f"{variant:17} {fen:42} 1 thread {t1:6d} ms, {a.threads} threads {runs} ms: {ratio:5.2f}x",
              flush=True)
    e.close()
    print(f"summed: {total1} ms against {totaln:.0f} ms: {total1 / totaln:.2f}x; "
          f"geometric mean of ratios {math.exp(sum(logs) / len(logs)):.2f}x")


if __name__ == "__main__":
    main()
