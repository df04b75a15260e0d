import pytest

from tests.factories import make_game


@pytest.fixture
def buffalo_game(db):
    return make_game("Prairie ou Buffalo", engine="buffalo", min_players=2, max_players=2)


@pytest.fixture
def toy_game(settings):
    """The toy game package registered beside the real ones (``PLAY_GAMES``), for one test."""
    from play.games.registry import GAME_PACKAGES

    settings.PLAY_GAMES = [*GAME_PACKAGES, "tests.play.toy_game"]
    yield "guess"
