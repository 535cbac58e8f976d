#!/usr/bin/env python3
"""How long `setoption name TablebasePath` takes, and what memory the
tables cost with one engine and with two side by side (Linux only).

Usage:
  scripts/tb_open_memory.py open ENGINE TABLES [--runs N] [--cold]
  scripts/tb_open_memory.py memory ENGINE TABLES [--runs N] [--fen F] [--go LIMITS]

`open`: per run, a fresh engine answers `uci`; then the time from sending
`setoption name TablebasePath value TABLES` (and `isready` right after)
to its `readyok`. With --cold, the table files are first dropped from the
system's page cache (posix_fadvise DONTNEED on those files only: the
next reader gets them from the disk).

`memory`: per run, engine A opens the tables, then searches FEN with
`go LIMITS` (default `nodes 20000000`: the same tree every time with one
thread; its tbhits and time are printed); then engine B does the same
while A still runs. After each step: each engine's VmRSS, RssAnon and RssFile
(/proc/PID/status) and Pss (/proc/PID/smaps_rollup: a page shared by two
processes counts half in each), and the system's change since the run
began (/proc/meminfo): AnonPages (the processes' own memory), Mapped
(file pages mapped by some process: a page mapped by two counts once)
and Cached (the page cache). Other jobs on the machine move the system
figures too; the per-process ones are exact.

Figures are min / median / max over the runs, in MB (10^6 bytes) and ms.
"""
import argparse
import os
import statistics
import subprocess
import time

# 22 seeds on the board, no pit-7 flag: a search reaches the 10-20 seed
# tables of songo40 after a capture or two.
DEFAULT_FEN = "2,2,2,1,2,1,1/2,1,2,2,2,1,1 s 24 24 -"


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait_for(self, prefix):
        lines = []
        for line in self.p.stdout:
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines
        raise RuntimeError(f"engine ended before {prefix!r}: {lines}")

    def open_tables(self, tables):
        started = time.perf_counter()
        self.send(f"setoption name TablebasePath value {tables}")
        self.send("isready")
        lines = self.wait_for("readyok")
        elapsed = time.perf_counter() - started
        errors = [l for l in lines if "error" in l]
        if errors:
            raise RuntimeError("\n".join(errors))
        return elapsed, lines

    def search(self, fen, limits):
        """Searches; returns the tbhits and the time (ms) of the last info."""
        self.send(f"position fen {fen}")
        self.send(f"go {limits}")
        lines = self.wait_for("bestmove")
        last = [l.split() for l in lines if " tbhits " in l and " time " in l][-1]
        return int(last[last.index("tbhits") + 1]), int(last[last.index("time") + 1])

    def memory(self):
        pid = self.p.pid
        status = {}
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                key, _, rest = line.partition(":")
                if key in ("VmRSS", "RssAnon", "RssFile"):
                    status[key] = int(rest.split()[0]) * 1024
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    status["Pss"] = int(line.split()[1]) * 1024
        return status

    def quit(self):
        self.send("quit")
        self.p.wait()


def meminfo():
    m = {}
    with open("/proc/meminfo") as f:
        for line in f:
            key, _, rest = line.partition(":")
            m[key] = int(rest.split()[0]) * 1024
    return {k: m[k] for k in ("AnonPages", "Mapped", "Cached")}


def drop_from_cache(tables):
    for name in os.listdir(tables):
        if name.endswith(".sgtb"):
            fd = os.open(os.path.join(tables, name), os.O_RDONLY)
            try:
                os.fsync(fd)
                os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
            finally:
                os.close(fd)


def spread(values, scale=1.0, fmt="{:.0f}"):
    v = sorted(x * scale for x in values)
    return " / ".join(fmt.format(x) for x in (v[0], statistics.median(v), v[-1]))


def open_times(a):
    times = []
    for _ in range(a.runs):
        if a.cold:
            drop_from_cache(a.tables)
        e = Engine(a.engine)
        elapsed, lines = e.open_tables(a.tables)
        e.quit()
        times.append(elapsed)
    print(f"open {'cold' if a.cold else 'warm'} ({a.runs} runs): "
          f"{spread(times, 1000, '{:.1f}')} ms")
    for line in lines:
        if line.startswith("info string tablebases"):
            print("  last run: " + line)


def memory(a):
    rows = {}

    def note(label, engines, base):
        sysnow = meminfo()
        for name, e in engines:
            for key, value in e.memory().items():
                rows.setdefault((label, name, key), []).append(value)
        for key, value in sysnow.items():
            rows.setdefault((label, "system", key + " +"), []).append(value - base[key])

    hits, times = [], []

    def search(e):
        h, t = e.search(a.fen, a.go)
        hits.append(h)
        times.append(t)

    for _ in range(a.runs):
        base = meminfo()
        ea = Engine(a.engine)
        ea.open_tables(a.tables)
        note("1 engine, tables open", [("A", ea)], base)
        search(ea)
        note("1 engine, after a search", [("A", ea)], base)
        eb = Engine(a.engine)
        eb.open_tables(a.tables)
        search(eb)
        note("2 engines, after a search each", [("A", ea), ("B", eb)], base)
        ea.quit()
        eb.quit()
    print(f"memory ({a.runs} runs, MB, min / median / max; per search: tbhits {spread(hits)}, "
          f"time {spread(times)} ms)")
    for (label, name, key), values in rows.items():
        print(f"  {label:32} {name:7} {key:11} {spread(values, 1e-6, '{:.1f}')}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=["open", "memory"])
    ap.add_argument("engine")
    ap.add_argument("tables")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--cold", action="store_true")
    ap.add_argument("--fen", default=DEFAULT_FEN)
    ap.add_argument("--go", default="nodes 20000000")
    a = ap.parse_args()
    a.tables = os.path.abspath(a.tables)
    (open_times if a.mode == "open" else memory)(a)


if __name__ == "__main__":
    main()
