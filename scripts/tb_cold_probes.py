#!/usr/bin/env python3
"""How far timed searches overrun their clock when the tables are not in
the page cache: for each position of OPENINGS, a fresh engine opens the
tables of TB_DIR, the system's page cache is dropped (needs root), and the
engine answers `go wtime W btime W winc I binc I` from that position (and
then, still in the same process, the next few plies of a self-played game,
as in a match). Prints, per engine, how long the moves took (`go` to
`bestmove`): median, 90th percentile, worst, and how many went past W/3,
the most the engine plans for one move.

Usage: scripts/tb_cold_probes.py VARIANT OPENINGS TB_DIR SONGO [SONGO…]
           [--wtime 300] [--inc 10] [--plies 6] [--count 10]
Engines are alternated position by position, each with a cold cache.
"""
import argparse
import statistics
import subprocess
import time

from smp_speedup import Engine


def drop_caches():
    subprocess.run(["sync"])
    with open("/proc/sys/vm/drop_caches", "w") as f:
        f.write("1\n")


def run_one(songo, variant, fen, tb_dir, wtime, inc, plies):
    e = Engine(songo)
    e.send(f"setoption name UCI_Variant value {variant}")
    e.send(f"setoption name TablebasePath value {tb_dir}")
    e.sync()
    drop_caches()
    moves, times = [], []
    for _ in range(plies):
        e.send(f"position fen {fen}" + (" moves " + " ".join(moves) if moves else ""))
        start = time.monotonic()
        e.send(f"go wtime {wtime} btime {wtime} winc {inc} binc {inc}")
        best = e.wait_for("bestmove").split()
        times.append(time.monotonic() - start)
        if len(best) < 2 or best[1] in ("(none)", "0000"):
            break
        moves.append(best[1])
    with open(f"/proc/{e.p.pid}/stat") as f:
        majflt = int(f.read().rsplit(")", 1)[1].split()[9])
    e.close()
    return times, majflt


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("variant")
    ap.add_argument("openings")
    ap.add_argument("tb_dir")
    ap.add_argument("songo", nargs="+")
    ap.add_argument("--wtime", type=int, default=300)
    ap.add_argument("--inc", type=int, default=10)
    ap.add_argument("--plies", type=int, default=6)
    ap.add_argument("--count", type=int, default=10)
    a = ap.parse_args()
    fens = [l.strip() for l in open(a.openings) if l.strip()][: a.count]
    over = {s: [] for s in a.songo}
    faults = {s: 0 for s in a.songo}
    for fen in fens:
        for s in a.songo:
            t, f = run_one(s, a.variant, fen, a.tb_dir, a.wtime, a.inc, a.plies)
            over[s] += [1000 * x for x in t]
            faults[s] += f
    for s, o in over.items():
        o.sort()
        print(f"{s}: {len(o)} moves, time a move in ms: median {statistics.median(o):.1f}, "
              f"90% {o[len(o) * 9 // 10]:.1f}, worst {o[-1]:.1f}; over W/3 ({a.wtime // 3} ms): {sum(x > a.wtime / 3 for x in o)}; "
              f"page faults that read the disk: {faults[s]}")


if __name__ == "__main__":
    main()
