"""songo.Game: the rules through Python, move names, copies, equality, results."""

import copy

import songo

START = "5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg"


def test_a_new_game_is_at_the_start_with_south_to_move():
    game = songo.Game()
    assert game.variant == "songo40"
    assert game.fen() == START
    assert game.start_fen == START
    assert game.pits == (5,) * 14
    assert game.captured == (0, 0)
    assert game.pit7_unplayed == (True, True)
    assert game.to_move == "south"
    assert game.legal_moves() == list("ABCDEFG")
    assert game.legal_mask() == 0b1111111
    assert not game.is_over()
    assert game.result() is None
    assert songo.VARIANTS == ["songo36-beginner", "songo36-amateur", "songo40"]


def test_moves_are_pit_letters_or_the_movers_pit_numbers():
    game = songo.Game()
    game.play("C")
    assert game.to_move == "north"
    assert game.pits[2] == 0
    assert game.legal_moves() == list("abcdefg")
    game.play("4")  # North's pit 4: d
    game.play_pit(5)  # South's pit 5: E
    assert game.moves == ["C", "d", "E"]
    assert game.ply == 3
    assert game.undo() == "E"
    assert game.undo() == "d"
    assert game.moves == ["C"]
    assert game.undo() == "C"
    assert game.undo() is None
    assert game.fen() == START


def test_from_fen_reads_every_field():
    fen = "13,1,14,3,5,0,2/10,3,0,2,1,1,9 s 0 6 -"
    game = songo.Game.from_fen(fen, "songo36-amateur")
    assert game.variant == "songo36-amateur"
    assert game.fen() == fen
    assert game.pits == (13, 1, 14, 3, 5, 0, 2, 10, 3, 0, 2, 1, 1, 9)
    assert game.captured == (0, 6)
    assert game.pit7_unplayed == (False, False)
    assert songo.Game("songo36-amateur", fen) == game


def test_a_finished_game_has_a_result_and_no_moves():
    # North has captured 40: songo40's threshold ends the game.
    game = songo.Game.from_fen("3,2,1,5,0,0,0/0,0,0,0,0,0,0 s 19 40 -")
    assert game.is_over()
    assert game.legal_moves() == []
    assert game.legal_mask() == 0
    outcome = game.result()
    assert outcome is not None
    assert outcome.winner == "north"
    assert outcome.token == "0-1"
    assert outcome.reason == "capture threshold"
    assert outcome.scores == (19, 40)
    assert outcome.reward("north") == 1 and outcome.reward("south") == -1
    assert str(outcome) == "0-1"


def test_songo40_counts_a_margin_under_five_as_a_draw():
    game = songo.Game.from_fen("0,0,0,0,0,0,0/3,2,1,0,0,0,0 s 32 32 -")
    outcome = game.result()
    assert outcome is not None and outcome.is_draw and outcome.token == "1/2-1/2"
    assert outcome.reward("south") == 0


def test_copies_are_independent_and_equal_until_they_differ():
    game = songo.Game()
    game.play("C")
    for other in (game.copy(), copy.copy(game), copy.deepcopy(game)):
        assert other == game and hash(other) == hash(game)
        other.play("d")
        assert other != game
        assert game.moves == ["C"]
    assert game != "C" and game != songo.Game()
    # The history is part of the game: the same position by another path
    # differs (the third repetition depends on it).
    assert songo.Game("songo36-beginner") != songo.Game("songo40")
    assert len({songo.Game(), songo.Game(), game}) == 2


def test_a_game_round_trips_through_a_record():
    game = songo.Game("songo36-amateur")
    for move in ["C", "d", "E", "a"]:
        game.play(move)
    text = game.record(event="test", south="me", north="you")
    assert '[Variant "songo36-amateur"]' in text
    assert '[Result "*"]' in text
    assert "1. C d 2. E a *" in text
    again = songo.Game.from_record(text)
    assert again == game
    (record,) = songo.read_records(text)
    assert record.game == game
    assert record.tag("Event") == "test" and record.tag("South") == "me"
    assert record.result == "*" and record.termination == "unterminated"
    assert record.text() == text
    assert ("North", "you") in record.tags


def test_records_of_finished_games_and_many_games():
    games = []
    for start in ["0,0,0,0,0,0,1/0,0,0,0,0,0,0 s 30 39 -", START]:
        game = songo.Game.from_fen(start)
        while not game.is_over() and game.ply < 6:
            game.play(game.legal_moves()[0])
        games.append(game)
    text = "\n".join(g.record() for g in games)
    records = songo.read_records(text)
    assert [r.game for r in records] == games
    assert records[0].tag("FEN") == games[0].start_fen
    assert records[1].line > records[0].line
    # Other tools' PGN has no Variant tag: the caller names it.
    bare = '[Event "x"]\n\n1. C d *\n'
    (record,) = songo.read_records(bare, variant="songo40")
    assert record.game.moves == ["C", "d"]
