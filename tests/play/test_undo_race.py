"""Undo racing another move loses with 409 ``stale_version``, never 400 (issue 9, item 7)."""

import pytest

from play.errors import StaleVersion
from play.models import Match
from play.services.matches import SeatSpec, match_start
from play.services.moves import match_play_move, match_undo
from play.tokens import token_for


@pytest.fixture
def after_first_move(buffalo_game):
    match, _ = match_start(game=buffalo_game, seats=[SeatSpec("invite"), SeatSpec("invite")])
    seat0 = token_for(match, "seat0")
    match_play_move(
        match=match, token=seat0, seat=0, move={"from": "a1", "to": "a2"}, expected_version=0
    )
    return match, seat0, token_for(match, "seat1")


def test_undo_that_loses_the_race_to_a_move_is_stale(after_first_move):
    match, seat0, seat1 = after_first_move
    seen = Match.objects.get(pk=match.pk)  # the undo request loaded the match here…
    match_play_move(  # …then the other player's move was committed
        match=match, token=seat1, seat=1, move={"from": "f6", "to": "f5"}, expected_version=1
    )
    with pytest.raises(StaleVersion):
        match_undo(match=seen, token=seat0, seat=0, expected_version=1)
    match.refresh_from_db()
    assert match.plies == 2 and match.version == 2


def test_undo_that_loses_the_race_to_another_undo_is_stale(after_first_move):
    match, seat0, _ = after_first_move
    seen = Match.objects.get(pk=match.pk)
    match_undo(match=match, token=seat0, seat=0, expected_version=1)
    with pytest.raises(StaleVersion):
        match_undo(match=seen, token=seat0, seat=0, expected_version=1)
    match.refresh_from_db()
    assert match.plies == 0 and match.version == 2
