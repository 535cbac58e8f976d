"""Songo, the mancala game of the Fang and Beti: the rules, songo's engine
and its endgame tables, compiled from Rust, and game environments for
reinforcement learning (``songo.env``, which needs numpy, gymnasium and
pettingzoo).

Moves are named as in songo's protocol: pit letters ``A``-``G`` for South's
pits 1-7 and ``a``-``g`` for North's. Positions are the five-field string of
docs/rules.md, e.g. ``"5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg"``.

>>> import songo
>>> game = songo.Game("songo40")
>>> game.legal_moves()
['A', 'B', 'C', 'D', 'E', 'F', 'G']
>>> game.play("C")
>>> game.to_move
'north'
"""

from ._songo import (
    VARIANTS,
    Analysis,
    Engine,
    EngineError,
    Game,
    GameOverError,
    IllegalMoveError,
    LimitError,
    Line,
    Outcome,
    Playouts,
    PositionError,
    Probe,
    Record,
    RecordError,
    Score,
    SongoError,
    Tablebases,
    TablebaseError,
    VariantError,
    __version__,
    random_playouts,
    read_records,
)

__all__ = [
    "VARIANTS",
    "Analysis",
    "Engine",
    "EngineError",
    "Game",
    "GameOverError",
    "IllegalMoveError",
    "LimitError",
    "Line",
    "Outcome",
    "Playouts",
    "PositionError",
    "Probe",
    "Record",
    "RecordError",
    "Score",
    "SongoError",
    "Tablebases",
    "TablebaseError",
    "VariantError",
    "__version__",
    "random_playouts",
    "read_records",
]
