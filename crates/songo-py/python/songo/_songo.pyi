"""Type stubs of songo's compiled module (the Rust crate songo-py)."""

from os import PathLike
from typing import Callable, Literal, final

_Side = Literal["south", "north"]
_Verdict = Literal["loss", "draw", "win"]

VARIANTS: list[str]
__version__: str
__all__ = [
    "SongoError",
    "IllegalMoveError",
    "GameOverError",
    "PositionError",
    "VariantError",
    "RecordError",
    "LimitError",
    "EngineError",
    "TablebaseError",
    "Game",
    "Outcome",
    "Record",
    "read_records",
    "Score",
    "Line",
    "Analysis",
    "Engine",
    "Tablebases",
    "Probe",
    "Playouts",
    "random_playouts",
    "VARIANTS",
    "__version__",
]

class SongoError(ValueError):
    """The base of every songo error (a ValueError)."""

class IllegalMoveError(SongoError):
    """A move that is not a move name, or not legal in the position."""

class GameOverError(IllegalMoveError):
    """A move (or a search) asked for after the game ended."""

class PositionError(SongoError):
    """A position string (FEN) that cannot be read."""

class VariantError(SongoError):
    """A variant name that is not one of songo.VARIANTS."""

class RecordError(SongoError):
    """A game record that cannot be read, or a game that cannot be written as one."""

class LimitError(SongoError):
    """A search limit or engine setting out of its range."""

class EngineError(SongoError):
    """The engine could not do what was asked."""

class TablebaseError(SongoError):
    """Tablebase files that cannot be opened or read."""

@final
class Outcome:
    """How a finished game ended."""

    winner: _Side | None
    reason: Literal["capture threshold", "few seeds", "no seeds", "cannot feed", "repetition"]
    scores: tuple[int, int]
    token: Literal["1-0", "0-1", "1/2-1/2"]
    @property
    def is_draw(self) -> bool: ...
    def reward(self, side: str) -> int:
        """1 for a win of ``side``, -1 for a loss, 0 for a draw."""

@final
class Game:
    """A game of Songo: variant, start, moves and positions, played in place."""

    def __new__(cls, variant: str = "songo40", fen: str | None = None) -> Game: ...
    @staticmethod
    def from_fen(fen: str, variant: str = "songo40") -> Game: ...
    @staticmethod
    def from_record(text: str) -> Game: ...
    @property
    def variant(self) -> str: ...
    @property
    def pits(self) -> tuple[int, ...]:
        """Seeds in the 14 pits: South's A-G, then North's a-g."""
    @property
    def captured(self) -> tuple[int, int]:
        """Seeds captured, (south, north)."""
    @property
    def pit7_unplayed(self) -> tuple[bool, bool]: ...
    @property
    def to_move(self) -> _Side: ...
    @property
    def moves(self) -> list[str]: ...
    @property
    def ply(self) -> int: ...
    @property
    def start_fen(self) -> str: ...
    def fen(self) -> str: ...
    def legal_moves(self) -> list[str]: ...
    def legal_mask(self) -> int:
        """Bit i set when the mover's pit i + 1 is legal."""
    def play(self, move: str) -> None:
        """Plays a pit letter, or the mover's pit number "1"-"7"."""
    def play_pit(self, pit: int) -> None:
        """Plays the mover's pit 1-7."""
    def undo(self) -> str | None: ...
    def is_over(self) -> bool: ...
    def result(self) -> Outcome | None: ...
    def record(
        self, event: str = "?", south: str = "?", north: str = "?", time_control: str = "-"
    ) -> str: ...
    def copy(self) -> Game: ...
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: object) -> Game: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Record:
    """One game of a record file, checked."""

    line: int
    @property
    def game(self) -> Game: ...
    @property
    def tags(self) -> list[tuple[str, str]]: ...
    def tag(self, name: str) -> str | None: ...
    @property
    def result(self) -> Literal["1-0", "0-1", "1/2-1/2", "*"]: ...
    @property
    def termination(self) -> str: ...
    @property
    def comments(self) -> dict[int, str]: ...
    def text(self) -> str: ...

def read_records(text: str, variant: str | None = None) -> list[Record]: ...

@final
class Score:
    """A score for the side to move; str() is the text a person reads."""

    raw: int
    @property
    def kind(self) -> Literal["seeds", "mate", "tb_win", "tb_loss"]: ...
    @property
    def centiseeds(self) -> int | None: ...
    @property
    def seeds(self) -> float | None: ...
    @property
    def mate(self) -> int | None: ...
    @property
    def plies(self) -> int | None: ...
    def __lt__(self, other: Score, /) -> bool: ...
    def __le__(self, other: Score, /) -> bool: ...
    def __gt__(self, other: Score, /) -> bool: ...
    def __ge__(self, other: Score, /) -> bool: ...

@final
class Line:
    """One line of a search, as an info line reports it."""

    multipv: int
    depth: int
    seldepth: int
    score: Score
    bound: Literal["exact", "lower", "upper"]
    nodes: int
    time: float
    tbhits: int
    pv: list[str]

@final
class Analysis:
    """The answer of Engine.analyse."""

    move: str
    ponder: str | None
    score: Score
    depth: int
    nodes: int
    pv: list[str]
    lines: list[Line]
    book: bool

@final
class Engine:
    """songo's engine; searches release the GIL."""

    threads: int
    hash_mb: int
    level: int
    def __new__(cls, threads: int = 1, hash_mb: int = 16, level: int | None = None) -> Engine: ...
    def analyse(
        self,
        game: Game,
        depth: int | None = None,
        movetime: float | None = None,
        nodes: int | None = None,
        multipv: int = 1,
        info: Callable[[Line], object] | None = None,
    ) -> Analysis: ...
    def play(
        self,
        game: Game,
        depth: int | None = None,
        movetime: float | None = None,
        nodes: int | None = None,
    ) -> str: ...
    def seed(self, seed: int) -> None: ...
    def new_game(self) -> None: ...

@final
class Probe:
    """What the tablebases prove about a position, for the side to move."""

    worst: _Verdict
    best: _Verdict
    exact: _Verdict | None
    text: str
    seeds: int
    moves: list[tuple[str, tuple[_Verdict, _Verdict] | None]]
    best_moves: list[str]

@final
class Tablebases:
    """The endgame tables of a directory."""

    def __new__(cls, path: str | PathLike[str]) -> Tablebases: ...
    def max_seeds(self, variant: str) -> int: ...
    @property
    def problems(self) -> list[str]: ...
    def probe(self, game: Game) -> Probe | None: ...

@final
class Playouts:
    """What random_playouts played."""

    games: int
    moves: int
    south_wins: int
    north_wins: int
    draws: int

def random_playouts(
    games: int, variant: str = "songo40", seed: int = 0, fen: str | None = None
) -> Playouts: ...
