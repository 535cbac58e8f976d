"""songo.Tablebases: probes agree with `songo tb probe` on positions of
random games."""

import random
import subprocess

import songo

POSITIONS = 15


def their_probe(songo_bin: str, tables, fen: str) -> tuple[str, dict[str, str]]:
    """`songo tb probe`'s verdict and its verdict after each move."""
    out = subprocess.run(
        [songo_bin, "tb", "probe", "--dir", str(tables), "--variant", "songo40", "--fen", fen],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.splitlines()
    verdict = out[0].split(": ", 1)[1]
    moves = dict(line.split(": ", 1) for line in out[1:])
    return verdict, moves


def words(worst: str, best: str) -> str:
    return worst if worst == best else f"{worst} or {best}"


def covered_positions(tables: songo.Tablebases):
    """Games played at random until they reach a covered position."""
    rng = random.Random(42)
    while True:
        game = songo.Game()
        while not game.is_over():
            probe = tables.probe(game)
            if probe is not None:
                yield game.copy(), probe
                break
            game.play(rng.choice(game.legal_moves()))


def test_probes_agree_with_the_command(songo_bin, tables):
    tb = songo.Tablebases(tables)
    assert tb.max_seeds("songo40") == 12
    assert tb.max_seeds("songo36-amateur") == 0
    assert tb.problems == []
    assert tb.probe(songo.Game()) is None  # 70 seeds: not covered
    found = 0
    for game, probe in covered_positions(tb):
        verdict, moves = their_probe(songo_bin, tables, game.fen())
        assert probe.text == verdict
        assert probe.seeds == sum(game.pits) <= 12
        assert probe.exact in (probe.worst, None)
        assert [m for m, _ in probe.moves] == game.legal_moves() == list(moves)
        for move, range_ in probe.moves:
            assert range_ is not None
            assert words(*range_) == moves[move]
        rank = {"loss": 0, "draw": 1, "win": 2}
        floor = max(rank[r[0]] for _, r in probe.moves)
        assert probe.best_moves == [m for m, r in probe.moves if rank[r[1]] >= floor]
        assert probe.best_moves
        found += 1
        if found == POSITIONS:
            break
