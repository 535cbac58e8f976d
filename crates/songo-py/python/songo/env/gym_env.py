"""``SongoEnv``: Songo as a single-agent Gymnasium ``Env``, against songo's
engine at a chosen level or node budget.

The agent plays one side (``side``: ``"south"``, ``"north"``, or
``"random"``, drawn at each reset); the engine plays the other, at once,
inside ``reset`` and ``step``. Observations are ``songo.env.board``'s
vector (19 ``int8``) from the agent's side; the legal actions are in
``info["action_mask"]``. Action ``i`` plays the agent's pit ``i + 1``.

Rewards: +1 for a win, -1 for a loss, 0 for a draw (as the variant counts
it), at the end only; an illegal action ends the episode with
``illegal_reward`` (-1) and ``info["illegal_move"]`` set. ``max_moves``
truncates.

``reset(seed=...)`` is reproducible: the engine forgets earlier games and
its random choices (levels 1-7) are seeded from the environment's
generator, and a search bounded by depth or nodes on one thread is
deterministic. Level 9 thinks for a time, not a depth: its moves are not.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from .._songo import Engine, Game
from . import board

#: The node budget of a full-strength engine given no other limit.
DEFAULT_NODES = 10_000


class SongoEnv(gym.Env):
    """One agent against songo's engine.

    :param variant: one of ``songo.VARIANTS``.
    :param side: the agent's side: ``"south"``, ``"north"`` or ``"random"``.
    :param level: the engine's level, 1-10 (``None``: 3).
    :param nodes: a node budget for each engine move (with ``level``, both apply).
    :param depth: a depth limit for each engine move.
    :param hash_mb: the engine's table, in megabytes.
    :param opening_plies: random moves played at each reset, before either side.
    :param max_moves: truncate after this many moves (both sides').
    :param illegal_reward: the reward of an illegal action, which ends the episode.
    :param render_mode: ``"ansi"`` or ``None``.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        variant: str = "songo40",
        side: str = "south",
        level: int | None = None,
        nodes: int | None = None,
        depth: int | None = None,
        hash_mb: int = 4,
        opening_plies: int = 0,
        max_moves: int | None = None,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        if side not in ("south", "north", "random"):
            raise ValueError(f"side {side!r} is not 'south', 'north' or 'random'")
        board.check_settings(render_mode, opening_plies, max_moves)
        if level is None and nodes is None and depth is None:
            level = 3
        if (level is None or level == 10) and nodes is None and depth is None:
            nodes = DEFAULT_NODES
        self.game = Game(variant)
        self.variant = variant
        self.side = side
        self.engine = Engine(threads=1, hash_mb=hash_mb, level=level)
        self.nodes = nodes
        self.depth = depth
        self.opening_plies = opening_plies
        self.max_moves = max_moves
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.observation_space = board.observation_space()
        self.action_space = spaces.Discrete(board.ACTIONS)
        self.agent_side = "south" if side == "random" else side

    def _info(self, **extra: Any) -> dict[str, Any]:
        info: dict[str, Any] = {
            "action_mask": board.action_mask(self.game, self.agent_side),
            "side": self.agent_side,
        }
        outcome = self.game.result()
        if outcome is not None:
            info["result"] = outcome.token
            info["reason"] = outcome.reason
        info.update(extra)
        return info

    def _engine_moves(self) -> None:
        """The engine plays while it is its move and the game goes on."""
        while not self.game.is_over() and self.game.to_move != self.agent_side:
            self.game.play(self.engine.play(self.game, depth=self.depth, nodes=self.nodes))

    def _reward(self) -> float:
        outcome = self.game.result()
        return 0.0 if outcome is None else float(outcome.reward(self.agent_side))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self.engine.new_game()
        self.engine.seed(int(self.np_random.integers(2**63)))
        if self.side == "random":
            self.agent_side = board.SIDES[int(self.np_random.integers(2))]
        self.game = Game(self.variant)
        board.play_opening(self.game, self.opening_plies, self.np_random)
        self._start_ply = self.game.ply
        self._engine_moves()
        return board.observe(self.game, self.agent_side), self._info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self.game.is_over():
            raise RuntimeError("the episode is over: call reset()")
        pit = int(action) + 1
        if not (1 <= pit <= board.ACTIONS) or not (self.game.legal_mask() >> (pit - 1)) & 1:
            observation = board.observe(self.game, self.agent_side)
            return observation, self.illegal_reward, True, False, self._info(illegal_move=True)
        self.game.play_pit(pit)
        self._engine_moves()
        terminated = self.game.is_over()
        truncated = (
            not terminated
            and self.max_moves is not None
            and self.game.ply - self._start_ply >= self.max_moves
        )
        observation = board.observe(self.game, self.agent_side)
        return observation, self._reward(), terminated, truncated, self._info()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return board.text(self.game)
