"""songo.Engine: typed results, the info callback, levels, and searches
that release the GIL (engines searching at once from threads)."""

import threading
import time

import pytest

import songo

# South plays F, captures and reaches 40 with a lead: a win in one.
WIN_IN_ONE = "0,0,0,0,0,3,1/2,2,0,5,5,0,0 s 37 15 -"


def follow(game: songo.Game, moves: list[str]) -> songo.Game:
    """Plays a line on a copy: raises if a move of it is illegal."""
    line = game.copy()
    for move in moves:
        if line.is_over():
            break
        line.play(move)
    return line


def test_analyse_returns_a_typed_result_whose_line_is_legal():
    engine = songo.Engine(hash_mb=4)
    game = songo.Game()
    game.play("C")
    heard: list[songo.Line] = []
    result = engine.analyse(game, depth=8, multipv=3, info=heard.append)
    assert isinstance(result, songo.Analysis)
    assert result.move in game.legal_moves()
    assert result.depth == 8
    assert result.nodes > 0
    assert not result.book
    assert result.pv[0] == result.move
    follow(game, result.pv)
    assert result.score.kind == "seeds"
    assert result.score.mate is None
    assert result.score.seeds == pytest.approx(result.score.centiseeds / 100)
    assert [line.multipv for line in result.lines] == [1, 2, 3]
    assert len({line.pv[0] for line in result.lines}) == 3
    assert result.lines[0].score >= result.lines[1].score >= result.lines[2].score
    for line in result.lines:
        follow(game, line.pv)
        assert line.bound == "exact" and line.depth == 8
    # The callback heard every depth, each a Line.
    assert all(isinstance(line, songo.Line) for line in heard)
    assert {line.depth for line in heard} == set(range(1, 9))
    assert game.moves == ["C"]  # the caller's game is not changed


def test_a_forced_win_scores_as_mate():
    engine = songo.Engine(hash_mb=1)
    result = engine.analyse(songo.Game.from_fen(WIN_IN_ONE), depth=4)
    assert result.move == "F"
    assert result.score.kind == "mate"
    assert result.score.mate == 1
    assert str(result.score) == "win in 1"
    assert result.score.seeds is None


def test_searches_by_depth_or_nodes_on_one_thread_repeat_exactly():
    engine = songo.Engine(hash_mb=2)
    game = songo.Game("songo36-amateur")
    first = engine.analyse(game, nodes=5000)
    engine.new_game()
    again = engine.analyse(game, nodes=5000)
    assert (first.move, first.score, first.nodes, first.pv) == (again.move, again.score, again.nodes, again.pv)
    assert engine.play(game, depth=6) in game.legal_moves()


def test_a_level_plays_legal_moves_and_a_seed_replays_them():
    def game_of(seed: int) -> list[str]:
        engine = songo.Engine(hash_mb=1, level=1)
        engine.seed(seed)
        game = songo.Game()
        for _ in range(20):
            if game.is_over():
                break
            move = engine.play(game)  # level 1 caps the search: no limit needed
            assert move in game.legal_moves()
            game.play(move)
        return game.moves

    assert game_of(11) == game_of(11)
    assert songo.Engine(level=4).level == 4
    assert songo.Engine().level == 10


def test_movetime_bounds_a_search():
    engine = songo.Engine(hash_mb=1)
    started = time.perf_counter()
    result = engine.analyse(songo.Game(), movetime=0.2)
    assert 0.05 < time.perf_counter() - started < 3
    assert result.move in list("ABCDEFG")


def test_an_exception_in_the_callback_stops_the_search_and_is_raised():
    engine = songo.Engine(hash_mb=1)
    calls = []

    def stop(line):
        calls.append(line)
        raise KeyError("enough")

    with pytest.raises(KeyError, match="enough"):
        engine.analyse(songo.Game(), depth=30, info=stop)
    assert len(calls) == 1
    # The engine is usable afterwards.
    assert engine.analyse(songo.Game(), depth=3).depth == 3


def test_a_search_releases_the_gil():
    engine = songo.Engine(hash_mb=1)
    started, done = threading.Event(), threading.Event()

    def search():
        started.set()
        engine.analyse(songo.Game(), movetime=0.5)
        done.set()

    thread = threading.Thread(target=search)
    thread.start()
    started.wait()
    began = time.perf_counter()
    in_the_middle = 0
    while not done.is_set():
        # Python bytecode runs here in the middle of the search only if the
        # search does not hold the GIL (a holder in Rust never lets go).
        if 0.1 < time.perf_counter() - began < 0.4:
            in_the_middle += 1
    thread.join()
    assert in_the_middle > 1000


def test_two_engines_search_at_once_from_threads():
    game = songo.Game()
    game.play("D")
    engines = [songo.Engine(hash_mb=2), songo.Engine(hash_mb=2)]
    alone = [engine.analyse(game, depth=9) for engine in engines]
    for engine in engines:
        engine.new_game()
    results: dict[int, songo.Analysis] = {}
    barrier = threading.Barrier(2)

    def search(i: int) -> None:
        barrier.wait()
        engines[i].analyse(game, movetime=0.5)
        engines[i].new_game()
        results[i] = engines[i].analyse(game, depth=9)

    started = time.perf_counter()
    threads = [threading.Thread(target=search, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # Two searches of half a second each (of the clock, whatever the load)
    # took less than one second: they ran at once, not one after the other.
    assert time.perf_counter() - started < 0.9
    # And the threads did not disturb each other's depth-9 answers.
    for i in range(2):
        assert (results[i].move, results[i].score, results[i].nodes) == (alone[i].move, alone[i].score, alone[i].nodes)


def test_two_threads_may_share_one_engine():
    engine = songo.Engine(threads=2, hash_mb=2)
    moves: list[str] = []

    def play() -> None:
        moves.append(engine.play(songo.Game(), depth=6))

    threads = [threading.Thread(target=play) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(moves) == 3 and all(m in "ABCDEFG" for m in moves)


def test_a_game_stays_free_while_it_is_analysed():
    engine = songo.Engine(hash_mb=1)
    game = songo.Game()
    answers: list[songo.Analysis] = []
    thread = threading.Thread(target=lambda: answers.append(engine.analyse(game, movetime=0.4)))
    thread.start()
    time.sleep(0.15)
    game.play("C")  # the search has its own copy: the game is not borrowed
    thread.join()
    assert answers[0].move in list("ABCDEFG")
    assert game.moves == ["C"]
