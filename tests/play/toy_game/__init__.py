"""A toy game package (the guessing game of ``tests.play.toy_engine``): it plugs into the play
machinery through ``PLAY_GAMES`` alone, which proves that adding a game needs no generic change.
Its parts follow the game contract (:mod:`play.games.contract`): ``game``, ``texts``, ``bots``,
``scenarios`` and ``static/``."""

from .game import GAME  # noqa: F401 (for scripts that import it from the package)
