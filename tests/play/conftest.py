import pytest

from tests.factories import make_game


@pytest.fixture
def buffalo_game(db):
    return make_game("Prairie ou Buffalo", engine="buffalo", min_players=2, max_players=2)
