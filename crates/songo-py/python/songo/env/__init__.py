"""Environments for reinforcement learning (they need numpy, gymnasium and
pettingzoo: ``pip install songo[env]``).

- ``songo.env.songo_v0``: two agents, a PettingZoo ``AECEnv``
  (``songo_v0.env()``).
- ``songo.env.SongoEnv``: one agent against songo's engine, a Gymnasium
  ``Env``, also registered as ``gymnasium.make("songo/Songo-v0")``.
- ``songo.env.board``: the observation both share, documented array by
  array.
"""

import gymnasium

from . import board, songo_v0
from .gym_env import SongoEnv

if "songo/Songo-v0" not in gymnasium.registry:
    gymnasium.register(id="songo/Songo-v0", entry_point="songo.env.gym_env:SongoEnv")

__all__ = ["SongoEnv", "board", "songo_v0"]
