"""songo.env: PettingZoo's api_test and Gymnasium's check_env, reproducible
resets, the observation layout and the rewards."""

import random

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import songo
from songo.env import SongoEnv, board, songo_v0


@pytest.mark.parametrize("variant", songo.VARIANTS)
def test_the_aec_env_passes_pettingzoos_api_test(variant):
    api_test(songo_v0.env(variant=variant), num_cycles=1000)
    api_test(songo_v0.env(variant=variant, opening_plies=3, max_moves=40), num_cycles=1000)


def test_the_gym_env_passes_gymnasiums_check_env():
    # The render modes are checked through gymnasium.make, which gives the
    # environment the spec that check needs.
    check_env(gymnasium.make("songo/Songo-v0", render_mode="ansi").unwrapped)
    check_env(SongoEnv(), skip_render_check=True)
    check_env(SongoEnv(side="random", level=1, opening_plies=2, max_moves=30), skip_render_check=True)
    check_env(SongoEnv(variant="songo36-beginner", level=10, nodes=300), skip_render_check=True)


def test_the_observation_is_laid_out_as_documented():
    game = songo.Game.from_fen("1,2,3,4,5,6,7/8,9,10,1,2,3,0 n 4 5 g")
    south = board.observe(game, "south")
    north = board.observe(game, "north")
    assert south.dtype == np.int8 and south.shape == (board.OBSERVATION_SIZE,)
    assert south.tolist() == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1, 2, 3, 0, 4, 5, 0, 1, 0]
    assert north.tolist() == [8, 9, 10, 1, 2, 3, 0, 1, 2, 3, 4, 5, 6, 7, 5, 4, 1, 0, 1]
    assert board.observation_space().contains(south)
    mask = board.action_mask(game, "north")
    assert mask.tolist() == [(game.legal_mask() >> i) & 1 for i in range(7)]
    assert board.action_mask(game, "south").tolist() == [0] * 7
    assert "North captured 5" in board.text(game)


def run_aec(env, seed, rng):
    """A whole episode with random legal actions: observations and rewards."""
    env.reset(seed=seed)
    seen, totals = [], {agent: 0 for agent in env.possible_agents}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        seen.append(observation["observation"].tolist())
        if terminated or truncated:
            action = None
        else:
            legal = np.flatnonzero(observation["action_mask"])
            action = int(rng.choice(legal))
        env.step(action)
    return seen, totals


def test_aec_rewards_follow_the_variants_result_draws_included():
    outcomes = set()
    for variant in songo.VARIANTS:
        env = songo_v0.env(variant=variant)
        for episode in range(25):
            _, totals = run_aec(env, episode, random.Random(episode))
            outcome = env.unwrapped.game.result()
            assert outcome is not None
            assert totals == {side: outcome.reward(side) for side in board.SIDES}
            outcomes.add(outcome.token)
    assert outcomes == {"1-0", "0-1", "1/2-1/2"}


def test_an_illegal_aec_action_loses():
    env = songo_v0.env(fen="0,5,5,5,5,5,5/5,5,5,5,5,5,10 s 0 0 -")
    env.reset()
    env.step(0)  # South's pit 1 is empty
    _, reward, terminated, _, _ = env.last()
    assert terminated
    assert env.rewards == {"south": -1, "north": 0}


def test_aec_reset_with_a_seed_is_reproducible():
    env = songo_v0.env(opening_plies=6)
    first = run_aec(env, 3, random.Random(1))
    again = run_aec(env, 3, random.Random(1))
    other = run_aec(env, 4, random.Random(1))
    assert first == again
    assert first[0][0] != other[0][0]  # another seed, another opening


def run_gym(env, seed):
    observation, info = env.reset(seed=seed)
    seen = [observation.tolist()]
    rng = random.Random(seed)
    while True:
        action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
        observation, reward, terminated, truncated, info = env.step(action)
        seen.append(observation.tolist())
        if terminated or truncated:
            return seen, reward, {k: v for k, v in info.items() if k != "action_mask"}


@pytest.mark.parametrize("opponent", [{"level": 2}, {"nodes": 500}])
def test_gym_reset_with_a_seed_is_reproducible(opponent):
    env = SongoEnv(side="random", opening_plies=2, **opponent)
    first = run_gym(env, 9)
    assert run_gym(env, 9) == first
    assert run_gym(SongoEnv(side="random", opening_plies=2, **opponent), 9) == first
    assert first[1] in (-1.0, 0.0, 1.0)
    assert first[2]["result"] in ("1-0", "0-1", "1/2-1/2")


def test_gym_rewards_and_illegal_actions():
    env = SongoEnv(side="north", level=1)
    observation, info = env.reset(seed=0)
    assert env.game.ply == 1  # the engine, South, moved first
    assert env.game.to_move == "north" and observation[18] == 1
    # Rewards at the end are the variant's result for the agent's side.
    for seed in range(4):
        _, reward, _ = run_gym(env, seed)
        outcome = env.game.result()
        if outcome is not None:
            assert reward == outcome.reward("north")
    # An illegal action ends the episode with illegal_reward.
    env = SongoEnv(level=1)
    env.reset(seed=0)
    env.game = songo.Game.from_fen("0,5,5,5,5,5,5/5,5,5,5,5,5,10 s 0 0 -")
    _, reward, terminated, truncated, info = env.step(0)
    assert (reward, terminated, truncated, info["illegal_move"]) == (-1.0, True, False, True)
    assert env.game.ply == 0
