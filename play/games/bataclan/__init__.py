"""Bataclan (Gigamic, 1997): the game package (engine, physical model, bots, texts, board)."""

from .game import BataclanGame

GAME = BataclanGame()
