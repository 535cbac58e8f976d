#!/usr/bin/env python3
"""Stopgap time-control check until `songo match` exists: plays songo
against itself through the protocol with a GUI-side clock and counts time
losses. Usage: scripts/clock_selfplay.py GAMES VARIANT [BASE_MS INC_MS]"""
import subprocess, sys, time, random, os
DEBUG = os.environ.get("DEBUG")

def main():
    games, variant = int(sys.argv[1]), sys.argv[2]
    base = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
    inc = int(sys.argv[4]) if len(sys.argv) > 4 else 10
    exe = "target/release/songo"
    engines = [subprocess.Popen([exe], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
               for _ in range(2)]
    def send(e, line):
        if DEBUG: print(">", line, file=sys.stderr)
        e.stdin.write(line + "\n"); e.stdin.flush()
    def until(e, prefix):
        while True:
            line = e.stdout.readline()
            if DEBUG: print("<", line.strip(), file=sys.stderr)
            if not line:
                raise SystemExit("engine died")
            if line.startswith(prefix):
                return line.strip()
    for e in engines:
        send(e, f"setoption name UCI_Variant value {variant}")
    flags, worst, plies_total = 0, 1e9, 0
    rng = random.Random(1)
    for g in range(games):
        moves, clock = [], [base, base]
        opening = [rng.choice("ABCDEFG")]
        moves += opening
        for e in engines:
            send(e, "ucinewgame")
        side = 1  # North moves after the random first move
        while True:
            e = engines[(side + g) % 2]
            send(e, "position startpos moves " + " ".join(moves))
            send(e, "query gameover")
            if until(e, "response") == "response true":
                break
            start = time.monotonic()
            send(e, f"go wtime {int(clock[0])} btime {int(clock[1])} winc {inc} binc {inc}")
            best = until(e, "bestmove").split()[1]
            used = (time.monotonic() - start) * 1000
            clock[side] -= used
            worst = min(worst, clock[side])
            if clock[side] < 0:
                flags += 1
                break
            clock[side] += inc
            moves.append(best)
            side = 1 - side
            if len(moves) > 600:
                break
        plies_total += len(moves)
    for e in engines:
        send(e, "quit")
    print(f"{games} games {variant} {base}+{inc} ms: {flags} time losses, "
          f"{plies_total} plies, lowest clock left {worst:.0f} ms")

main()
