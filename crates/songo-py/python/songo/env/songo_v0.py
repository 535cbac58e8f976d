"""PettingZoo's naming of an environment and its version: ``songo_v0.env()``
(wrapped) and ``songo_v0.raw_env`` (see ``songo.env.aec``)."""

from .aec import env, raw_env

__all__ = ["env", "raw_env"]
