#!/usr/bin/env python3
"""How far the first search after `setoption name Hash` gets: the engine
starts, sets a table of HASH MB, answers isready, then searches
`go movetime MS` at once. Prints the final depth and nodes of that first
search, for each binary in turn (A B A B ...), so that two builds are
compared side by side on the same machine load.

    scripts/first_search_after_hash.py [--hash MB] [--movetime MS] [--runs N] SONGO...
"""
import argparse
import subprocess
import time


def first_search(binary, hash_mb, movetime):
    p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True, bufsize=1)
    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()
    def wait(word):
        while True:
            line = p.stdout.readline()
            if not line:
                raise RuntimeError(f"{binary} exited")
            if line.split()[:1] == [word]:
                return line
    send("uci"); wait("uciok")
    send(f"setoption name Hash value {hash_mb}")
    t0 = time.monotonic()
    send("isready"); wait("readyok")
    ready_ms = (time.monotonic() - t0) * 1000
    send(f"go movetime {movetime}")
    depth = nodes = 0
    while True:
        line = p.stdout.readline()
        words = line.split()
        if words[:1] == ["info"] and "nodes" in words and "depth" in words:
            depth = int(words[words.index("depth") + 1])
            nodes = int(words[words.index("nodes") + 1])
        if words[:1] == ["bestmove"]:
            break
    send("quit")
    p.wait()
    return ready_ms, depth, nodes


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hash", type=int, default=1024)
    ap.add_argument("--movetime", type=int, default=100)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("binaries", nargs="+")
    a = ap.parse_args()
    results = {b: [] for b in a.binaries}
    for _ in range(a.runs):
        for b in a.binaries:
            results[b].append(first_search(b, a.hash, a.movetime))
    for b, rs in results.items():
        nodes = sorted(r[2] for r in rs)
        depths = sorted(r[1] for r in rs)
        ready = sorted(round(r[0], 1) for r in rs)
        print(f"{b}: Hash {a.hash} MB, go movetime {a.movetime}: nodes {nodes}, "
              f"depth {depths}, isready {ready} ms")


if __name__ == "__main__":
    main()
