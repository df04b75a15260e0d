"""Alcatraz (Bernhard Weber, 1999): the game package (``GAME`` lives in ``game``)."""
