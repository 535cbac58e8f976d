"""``songo_v0``: Songo as a two-agent PettingZoo ``AECEnv``.

Agents ``"south"`` and ``"north"`` take turns; South moves first. Each
agent's observation is a dict: ``"observation"``, the board from its side
(19 ``int8``, laid out in ``songo.env.board``), and ``"action_mask"``, 1 for
each of its pits it may play (all 0 when it is not its move). Action ``i``
plays the mover's pit ``i + 1``.

Rewards come at the end only: +1 to the winner, -1 to the loser, 0 to both
for a draw, as the variant counts it (songo40: a margin under 5 seeds;
songo36: 35 all; a third repetition ends the game, scored as the rules
say). ``env()`` wraps the game as PettingZoo's classic games are wrapped:
an illegal action ends the game with -1 for the agent that made it.

``reset(seed=...)`` is reproducible: the seed drives only the optional
random opening (``opening_plies`` random moves before the agents play).
``max_moves`` truncates a game after that many moves of the agents.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from .._songo import Game
from . import board


def env(**kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's usual wrappers (illegal moves end
    the game, actions out of range raise, calls out of order raise)."""
    wrapped: AECEnv = raw_env(**kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    wrapped = wrappers.OrderEnforcingWrapper(wrapped)
    return wrapped


class raw_env(AECEnv):
    """Songo for two agents, without wrappers (see ``env``).

    :param variant: one of ``songo.VARIANTS``.
    :param render_mode: ``"ansi"`` (``render()`` returns the board as text) or ``None``.
    :param opening_plies: random moves played at each reset, from the seeded generator.
    :param max_moves: truncate after this many moves (``None``: play to the end).
    :param fen: start from this position string instead of the start position.
    """

    metadata = {
        "render_modes": ["ansi"],
        "name": "songo_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        variant: str = "songo40",
        render_mode: str | None = None,
        opening_plies: int = 0,
        max_moves: int | None = None,
        fen: str | None = None,
    ) -> None:
        super().__init__()
        board.check_settings(render_mode, opening_plies, max_moves)
        # Checks the variant and the position now rather than at reset.
        self._start = Game(variant, fen)
        self.variant = variant
        self.render_mode = render_mode
        self.opening_plies = opening_plies
        self.max_moves = max_moves
        self.possible_agents = list(board.SIDES)
        self.observation_spaces = {
            agent: spaces.Dict(
                {"observation": board.observation_space(), "action_mask": board.mask_space()}
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(board.ACTIONS) for agent in self.possible_agents}
        self._np_random, _ = seeding.np_random(None)
        self.game = self._start.copy()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return {
            "observation": board.observe(self.game, agent),
            "action_mask": board.action_mask(self.game, agent),
        }

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
        self.game = self._start.copy()
        board.play_opening(self.game, self.opening_plies, self._np_random)
        self._agents_start_ply = self.game.ply
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: dict[str, Any]() for agent in self.agents}
        self.agent_selection = self.game.to_move
        if self.game.is_over():
            self._end()

    def _end(self) -> None:
        """The game is over: rewards by the rules, every agent terminated."""
        outcome = self.game.result()
        assert outcome is not None
        for agent in self.agents:
            self.rewards[agent] = outcome.reward(agent)
            self.terminations[agent] = True
            self.infos[agent] = {"result": outcome.token, "reason": outcome.reason}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        self.rewards = {a: 0 for a in self.agents}
        assert action is not None, "a live agent's action cannot be None"
        self.game.play_pit(int(action) + 1)
        if self.game.is_over():
            self._end()
        elif self.max_moves is not None and self.game.ply - self._agents_start_ply >= self.max_moves:
            self.truncations = {a: True for a in self.agents}
        self.agent_selection = self.game.to_move
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return board.text(self.game)

    def close(self) -> None:
        pass
