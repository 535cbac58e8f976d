"""What the environments show an agent: the observation vector, the action
mask, and the board as text.

The observation is one vector of 19 small integers (``numpy.int8``), seen
from one side (the *observer*), so that a policy learns one game whichever
side it plays:

=========  ==========================================================
index      content
=========  ==========================================================
0-6        seeds in the observer's pits 1-7 (South: A-G, North: a-g)
7-13       seeds in the opponent's pits 1-7, in the opponent's own order
14         seeds the observer has captured
15         seeds the opponent has captured
16         1 if the observer's pit 7 was never played, else 0
17         1 if the opponent's pit 7 was never played, else 0
18         1 if it is the observer's move, else 0
=========  ==========================================================

Sowing runs counter-clockwise: from the observer's pit 7 it goes on to the
opponent's pit 1, and from the opponent's pit 7 back to the observer's pit
1, so indices 0-13 are in sowing order. Action ``i`` (0-6) plays the
observer's pit ``i + 1``; the action mask has a 1 for each legal one.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from .._songo import Game

#: Length of the observation vector.
OBSERVATION_SIZE = 19
#: Actions: the mover's pits 1-7.
ACTIONS = 7
#: The two sides, South first (South moves first from the start position).
SIDES = ("south", "north")

_SEEDS = 70
_HIGH = np.array([_SEEDS] * 16 + [1, 1, 1], dtype=np.int8)


def observation_space() -> spaces.Box:
    """The space of ``observe``'s vectors."""
    return spaces.Box(low=0, high=_HIGH, shape=(OBSERVATION_SIZE,), dtype=np.int8)


def mask_space() -> spaces.Box:
    """The space of ``action_mask``'s vectors."""
    return spaces.Box(low=0, high=1, shape=(ACTIONS,), dtype=np.int8)


def observe(game: Game, observer: str) -> np.ndarray:
    """The observation of ``game`` from ``observer``'s side (see the module
    documentation for the layout)."""
    pits = game.pits
    south_captured, north_captured = game.captured
    south_fresh, north_fresh = game.pit7_unplayed
    if observer == "south":
        values = (
            *pits,
            south_captured,
            north_captured,
            south_fresh,
            north_fresh,
            game.to_move == "south",
        )
    else:
        values = (
            *pits[7:],
            *pits[:7],
            north_captured,
            south_captured,
            north_fresh,
            south_fresh,
            game.to_move == "north",
        )
    return np.array(values, dtype=np.int8)


def action_mask(game: Game, observer: str) -> np.ndarray:
    """1 for each of ``observer``'s pits (index = pit - 1) it may play now;
    all 0 when it is not its move or the game is over."""
    mask = game.legal_mask() if game.to_move == observer else 0
    return np.array([(mask >> i) & 1 for i in range(ACTIONS)], dtype=np.int8)


def check_settings(render_mode: str | None, opening_plies: int, max_moves: int | None) -> None:
    """Refuses, with a ``ValueError``, the settings both environments take."""
    if render_mode is not None and render_mode != "ansi":
        raise ValueError(f"render_mode {render_mode!r} is not 'ansi' or None")
    if opening_plies < 0:
        raise ValueError(f"opening_plies must be 0 or more, not {opening_plies}")
    if max_moves is not None and max_moves < 1:
        raise ValueError(f"max_moves must be at least 1, not {max_moves}")


def play_opening(game: Game, plies: int, rng: np.random.Generator) -> None:
    """Plays up to ``plies`` random legal moves on ``game``, drawn from ``rng``."""
    for _ in range(plies):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(legal[int(rng.integers(len(legal)))])


def text(game: Game) -> str:
    """The board as text: North's row above (pits g to a, as North sees
    them from across the board), South's below, the captured seeds and the
    side to move."""
    pits = game.pits
    north = " ".join(f"{n:2d}" for n in reversed(pits[7:]))
    south = " ".join(f"{n:2d}" for n in pits[:7])
    south_captured, north_captured = game.captured
    lines = [
        "    g  f  e  d  c  b  a",
        f"   {north}   North captured {north_captured}",
        f"   {south}   South captured {south_captured}",
        "    A  B  C  D  E  F  G",
        f"{game.fen()}  ({game.variant}, {game.to_move} to move)",
    ]
    return "\n".join(lines) + "\n"
