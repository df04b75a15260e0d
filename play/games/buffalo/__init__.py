"""Prairie / Buffalo (Alex Randolph, 1975): the game package (``GAME`` is declared in ``game``)."""

from .game import GAME  # noqa: F401 (for scripts that import it from the package)
