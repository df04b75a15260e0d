"""``python -m arena GAME``: the arena's command line (:mod:`arena.cli`)."""

from arena.cli import main

main()
