"""Random games played through the Python API, compared position by position
with songo-core's own replay of their moves by the `songo` command
(`songo replay --boards`), a path that shares no code with the binding."""

import random
import re
import subprocess

import pytest

import songo

GAMES_PER_VARIANT = 12


def play_random(variant: str, rng: random.Random) -> tuple[songo.Game, list[tuple[str, list[str], bool]]]:
    """A random game to its end, and what the binding said before each move
    and at the end: the position string, the legal moves, whether it was over."""
    game = songo.Game(variant)
    seen = []
    while True:
        seen.append((game.fen(), game.legal_moves(), game.is_over()))
        if game.is_over():
            return game, seen
        game.play(rng.choice(game.legal_moves()))


def boards(songo_bin: str, path) -> list[list[tuple[str, list[str], bool]]]:
    """Each game's boards as `songo replay --boards` prints them."""
    out = subprocess.run(
        [songo_bin, "replay", "--boards", str(path)], check=True, capture_output=True, text=True
    ).stdout
    games = []
    for block in re.split(r"^Game \d+: ", out, flags=re.M)[1:]:
        positions = re.findall(r"^Position: (.*)$", block, flags=re.M)
        legal = re.findall(r"^Legal moves: ?(.*)$", block, flags=re.M)
        states = re.findall(r"^State: (.*)$", block, flags=re.M)
        assert len(positions) == len(legal) == len(states), block
        games.append(
            [(p, l.split(), s.startswith("over")) for p, l, s in zip(positions, legal, states)]
        )
    return games


@pytest.mark.parametrize("variant", songo.VARIANTS)
def test_random_games_agree_with_the_cores_own_replay(songo_bin, tmp_path, variant):
    rng = random.Random(f"replay {variant}")
    played = [play_random(variant, rng) for _ in range(GAMES_PER_VARIANT)]
    path = tmp_path / "games.pgn"
    path.write_text("\n".join(game.record(event="pytest") for game, _ in played))
    replayed = boards(songo_bin, path)
    assert len(replayed) == len(played)
    for (game, seen), theirs in zip(played, replayed):
        assert len(seen) == game.ply + 1 == len(theirs)
        for ply, (ours, reference) in enumerate(zip(seen, theirs)):
            assert ours == reference, f"{variant}, ply {ply}: {ours} != {reference}"
        outcome = game.result()
        assert outcome is not None
        summary = subprocess.run(
            [songo_bin, "replay", str(path)], check=True, capture_output=True, text=True
        ).stdout
        assert f"Result: {outcome.token} ({outcome.reason})" in summary


def test_undo_walks_back_through_the_same_positions():
    rng = random.Random(7)
    game, seen = play_random("songo36-amateur", rng)
    for fen, legal, over in reversed(seen):
        assert (game.fen(), game.legal_moves(), game.is_over()) == (fen, legal, over)
        game.undo()
    assert game.ply == 0
