"""Ta Yü (Niek Neuwahl, Kosmos, 1999): the game package (see ``engine`` for the rules)."""

from .game import TaYuGame

GAME = TaYuGame()
