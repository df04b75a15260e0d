"""Prairie / Buffalo (Alex Randolph, 1975): the game package (``GAME`` lives in ``game``)."""
