#!/usr/bin/env python3
"""Lazy SMP speed-up: time to depth with N threads against one thread.

Usage: scripts/smp_speedup.py ENGINE [ENGINE...] [--depth D] [--threads N] [--runs R] [--runs1 R1] [--hash MB]

Searches every bench position (read from
crates/songo-engine/src/bench.rs) to depth D with one thread (R1 times,
default 1) and R times with N threads, each from a cleared table, and
prints per position the times and the ratio, then the ratio of
the summed times and the geometric mean of the per-position ratios. Times are the
engine's own `time` field of its `info depth D` line. The summed speed-up is
then split into its two factors: the nodes the N threads searched together
(their mean, against one thread's) and their nodes per second.

Given several engines (builds to compare), the one-thread time is the
first engine's (their one-thread searches must be the same: same bench
signature). For each position the one-thread runs and every engine's
N-thread runs take turns. An untimed search first touches the table's
pages, so that no timed search pays for them.
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
    src = pathlib.Path(__file__).resolve().parent.parent / "crates" / "songo-engine" / "src" / "bench.rs"
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
        self.wait_for("readyok")

    def wait_for(self, word):
        """The next line that starts with `word`."""
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            if line.split()[:1] == [word]:
                return line

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
    ap.add_argument("engines", nargs="+", metavar="ENGINE")
    ap.add_argument("--depth", type=int, default=18)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--runs1", type=int, default=1, help="one-thread runs per position (their mean counts)")
    ap.add_argument("--hash", type=int, default=256)
    a = ap.parse_args()
    engines = [Engine(cmd) for cmd in a.engines]
    # A fresh table's pages are first touched by the first search, which
    # costs close to a second for 256 MB here: let an untimed search pay it.
    first = bench_positions()[0]
    for e in engines:
        e.search(*first, a.depth - 2, a.threads, a.hash)
    total1 = 0
    nodes1 = 0
    totaln = [0.0] * len(engines)
    nodesn = [0.0] * len(engines)
    logs = [[] for _ in engines]
    for variant, fen in bench_positions():
        # One-thread runs and the engines' N-thread runs alternate, so that
        # a change in the machine's speed falls on all of them alike.
        one = []
        tn = [[] for _ in engines]
        for r in range(max(a.runs, a.runs1)):
            if r < a.runs1:
                one.append(engines[0].search(variant, fen, a.depth, 1, a.hash))
            for k, e in enumerate(engines):
                if r < a.runs:
                    t, n = e.search(variant, fen, a.depth, a.threads, a.hash)
                    tn[k].append(t)
                    nodesn[k] += n / a.runs
        t1 = sum(t for t, _ in one) // a.runs1
        total1 += t1
        nodes1 += one[0][1]
        cells = []
        for k, times in enumerate(tn):
            mean = sum(times) / len(times)
            totaln[k] += mean
            ratio = t1 / max(mean, 1)
            logs[k].append(math.log(ratio))
            cells.append(" ".join(f"{t:6d}" for t in times) + f" ms: {ratio:5.2f}x")
        print(f"{variant:17} {fen:42} 1 thread {t1:6d} ms, {a.threads} threads "
              + " | ".join(cells), flush=True)
    for e in engines:
        e.close()
    for k, cmd in enumerate(a.engines):
        name = f"{cmd}: " if len(engines) > 1 else ""
        print(f"{name}summed: {total1} ms against {totaln[k]:.0f} ms: {total1 / totaln[k]:.2f}x; "
              f"geometric mean of ratios {math.exp(sum(logs[k]) / len(logs[k])):.2f}x; "
              f"nodes {nodesn[k] / nodes1:.2f}x, nodes per second "
              f"{(nodesn[k] / totaln[k]) / (nodes1 / total1):.2f}x")


if __name__ == "__main__":
    main()
