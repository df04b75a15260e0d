"""The generic engine contract, checked on Pow Wow at every seat count and option."""

from __future__ import annotations

import pytest

from play.games.powwow import GAME
from tests.play.engines.test_conformance import play_checked_game

GAMES_PER_PRESET = 6


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("options", [{}, {"first_roller": "random"}])
def test_random_games_keep_the_contract(seats, options):
    for i in range(GAMES_PER_PRESET):
        play_checked_game(GAME.engine, seats, options, seed=f"powwow/{seats}/{options}/{i}")
