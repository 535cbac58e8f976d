"""Bad input to every API raises a songo exception (a ValueError) with the
core's reason; none crashes the interpreter."""

import pytest

import songo


def test_the_exceptions_are_value_errors_in_a_hierarchy():
    for cls in (
        songo.IllegalMoveError,
        songo.GameOverError,
        songo.PositionError,
        songo.VariantError,
        songo.RecordError,
        songo.LimitError,
        songo.EngineError,
        songo.TablebaseError,
    ):
        assert issubclass(cls, songo.SongoError)
    assert issubclass(songo.SongoError, ValueError)
    assert issubclass(songo.GameOverError, songo.IllegalMoveError)


def test_an_illegal_move_says_why():
    game = songo.Game()
    with pytest.raises(songo.IllegalMoveError, match=r"move a is illegal here .*North's pit"):
        game.play("a")
    with pytest.raises(songo.IllegalMoveError, match="is not a move"):
        game.play("Z")
    with pytest.raises(songo.IllegalMoveError, match="is not a move"):
        game.play("")
    with pytest.raises(songo.IllegalMoveError, match="not a pit number"):
        game.play_pit(8)
    with pytest.raises(songo.IllegalMoveError, match="not a pit number"):
        game.play_pit(-1)
    # An empty pit, with the rule's words.
    game = songo.Game.from_fen("0,5,5,5,5,5,5/5,5,5,5,5,5,10 s 0 0 -")
    with pytest.raises(songo.IllegalMoveError, match="it is empty"):
        game.play("A")
    assert game.ply == 0  # nothing changed


def test_a_move_after_the_end_is_refused():
    game = songo.Game.from_fen("3,2,1,5,0,0,0/0,0,0,0,0,0,0 s 19 40 -")
    with pytest.raises(songo.GameOverError, match="already over"):
        game.play("A")


@pytest.mark.parametrize(
    "fen, reason",
    [
        ("", "expected 5 fields"),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0", "expected 5 fields"),
        ("5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg", "not two rows of 7"),
        ("5,5,5,5,5,5,x/5,5,5,5,5,5,5 s 0 0 Gg", "pit count 'x'"),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 w 0 0 Gg", "side to move 'w'"),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 1 Gg", "total 71 seeds"),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 X", "flags 'X'"),
    ],
)
def test_a_damaged_position_string_names_its_fault(fen, reason):
    with pytest.raises(songo.PositionError, match=reason):
        songo.Game.from_fen(fen)
    with pytest.raises(songo.PositionError):
        songo.Game("songo40", fen)
    with pytest.raises(songo.PositionError):
        songo.random_playouts(1, fen=fen)


def test_an_unknown_variant_is_refused_everywhere():
    with pytest.raises(songo.VariantError, match="songo41"):
        songo.Game("songo41")
    with pytest.raises(songo.VariantError):
        songo.Game.from_fen("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg", "oware")
    with pytest.raises(songo.VariantError):
        songo.read_records("", variant="chess")
    with pytest.raises(songo.VariantError):
        songo.random_playouts(1, variant="")


def test_a_bad_record_names_its_line():
    with pytest.raises(songo.RecordError, match="line 3"):
        songo.read_records('[Variant "songo40"]\n\n1. C C *\n')
    with pytest.raises(songo.RecordError):
        songo.Game.from_record("")  # not exactly one game
    with pytest.raises(songo.RecordError, match="Variant"):
        songo.read_records('[Event "x"]\n\n1. C *\n')


def test_bad_limits_and_settings_are_refused_before_searching():
    engine = songo.Engine(hash_mb=1)
    game = songo.Game()
    with pytest.raises(songo.LimitError, match="depth"):
        engine.analyse(game, depth=-1)
    with pytest.raises(songo.LimitError, match="depth"):
        engine.analyse(game, depth=0)
    with pytest.raises(songo.LimitError, match="nodes"):
        engine.analyse(game, nodes=-5)
    with pytest.raises(songo.LimitError, match="movetime"):
        engine.play(game, movetime=-0.5)
    with pytest.raises(songo.LimitError, match="movetime"):
        engine.play(game, movetime=float("nan"))
    with pytest.raises(songo.LimitError, match="MultiPV"):
        engine.analyse(game, depth=2, multipv=0)
    with pytest.raises(songo.LimitError, match="needs a limit"):
        engine.analyse(game)
    with pytest.raises(songo.LimitError, match="Threads"):
        songo.Engine(threads=0)
    with pytest.raises(songo.LimitError, match="Hash"):
        songo.Engine(hash_mb=-1)
    with pytest.raises(songo.LimitError, match="Skill Level"):
        songo.Engine(level=11)
    with pytest.raises(songo.LimitError, match="games"):
        songo.random_playouts(-1)
    over = songo.Game.from_fen("3,2,1,5,0,0,0/0,0,0,0,0,0,0 s 19 40 -")
    with pytest.raises(songo.GameOverError):
        engine.play(over, depth=3)


def test_a_table_path_that_does_not_exist_raises(tmp_path):
    with pytest.raises(songo.TablebaseError, match="missing"):
        songo.Tablebases(tmp_path / "nowhere")
    tables = songo.Tablebases(tmp_path)  # a directory without tables covers nothing
    assert tables.max_seeds("songo40") == 0
    assert tables.probe(songo.Game()) is None
    with pytest.raises(songo.VariantError):
        tables.max_seeds("songo99")
