"""Pow Wow: the game package (engine, bots, texts, board) — see :mod:`.engine` for the rules."""

from .game import PowwowGame

GAME = PowwowGame()
