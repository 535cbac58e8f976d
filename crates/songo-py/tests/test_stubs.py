"""The type stubs match the compiled module (mypy's stubtest), and a
program using the package type-checks against them (py.typed)."""

import subprocess
import sys
import textwrap

CLIENT = """
import songo
from songo.env import SongoEnv, songo_v0

game: songo.Game = songo.Game.from_fen("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg", "songo40")
moves: list[str] = game.legal_moves()
game.play(moves[0])
engine = songo.Engine(threads=1, hash_mb=1, level=None)
result: songo.Analysis = engine.analyse(game, depth=3, info=lambda line: print(line.depth))
seeds: float | None = result.score.seeds
outcome: songo.Outcome | None = game.result()
probe: songo.Probe | None = None
env = SongoEnv(level=1)
aec = songo_v0.env()
"""


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True)


def test_the_stubs_match_the_compiled_module():
    done = run("mypy.stubtest", "songo._songo")
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_client_type_checks_against_the_package(tmp_path):
    client = tmp_path / "client.py"
    client.write_text(textwrap.dedent(CLIENT))
    done = run("mypy", "--strict", "--no-incremental", str(client))
    assert done.returncode == 0, done.stdout + done.stderr
    wrong = tmp_path / "wrong.py"
    wrong.write_text("import songo\nsongo.Game().play(3)\n")
    done = run("mypy", "--no-incremental", str(wrong))
    assert done.returncode == 1 and "play" in done.stdout, done.stdout
