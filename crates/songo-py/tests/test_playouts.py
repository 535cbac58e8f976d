"""songo.random_playouts: many random games in one call."""

import subprocess
import sys

import songo


def test_playouts_are_counted_and_repeat_with_their_seed():
    for variant in songo.VARIANTS:
        first = songo.random_playouts(200, variant=variant, seed=5)
        assert first.games == 200
        assert first.south_wins + first.north_wins + first.draws == 200
        assert first.moves > 200 * 10
        again = songo.random_playouts(200, variant=variant, seed=5)
        assert (again.moves, again.south_wins, again.draws) == (first.moves, first.south_wins, first.draws)
        other = songo.random_playouts(200, variant=variant, seed=6)
        assert other.moves != first.moves


def test_playouts_from_a_finished_position_play_no_move():
    over = songo.random_playouts(3, fen="3,2,1,5,0,0,0/0,0,0,0,0,0,0 s 19 40 -")
    assert (over.games, over.moves, over.north_wins) == (3, 0, 3)
    assert songo.random_playouts(0).games == 0


def test_the_benchmark_script_runs(repo):
    """scripts/py_playouts.py (docs/python.md's speed), briefly: its songo
    rows, and OpenSpiel's when pyspiel is installed."""
    done = subprocess.run(
        [sys.executable, str(repo / "scripts" / "py_playouts.py"), "--seconds", "0.05", "--runs", "1"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "songo songo40, Python loop" in done.stdout
    assert "songo songo40, random_playouts" in done.stdout
    assert "OpenSpiel oware" in done.stdout or "pyspiel is not installed" in done.stderr
