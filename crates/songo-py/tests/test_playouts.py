"""songo.random_playouts: many random games in one call."""

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
