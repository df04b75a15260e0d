"""« Rejouer »: a finished match starts a new one of the same table, once, and every seat's own
link follows it (the host's and each friend's), while spectators get a link to watch."""

import json

import pytest

from play.errors import PlayError, SeatForbidden
from play.models import Match
from play.selectors import match_state
from play.services.matches import SeatSpec, match_rematch, match_start
from play.services.moves import match_play_move
from play.tokens import token_for
from tests.factories import make_game


@pytest.fixture
def guess(db, toy_game):
    return make_game("Devine", engine="guess", min_players=2, max_players=2)


def finish(match, host, friend):
    match_play_move(match=match, token=host, seat=0, move={"bet": 1}, expected_version=0)
    match_play_move(match=match, token=friend, seat=1, move={"bet": 2}, expected_version=1)
    match_play_move(match=match, token=host, seat=0, move={"claim": True}, expected_version=2)
    assert match.status == Match.Status.FINISHED


@pytest.fixture
def finished(guess):
    match, host = match_start(
        game=guess,
        seats=[SeatSpec("local", name="Ana"), SeatSpec("invite", name="Bruno")],
        options={},
    )
    friend = token_for(match, "seat1")
    finish(match, host, friend)
    return match, host, friend


def test_rematch_has_the_same_game_options_and_seats(finished):
    match, host, _ = finished
    new = match_rematch(match=match, token=host)
    assert new.pk != match.pk and new.game == match.game and new.options == match.options
    assert new.status == Match.Status.ACTIVE and new.plies == 0
    old_seats = [(s.index, s.kind, s.name, s.bot_level) for s in match.seats.all()]
    assert [(s.index, s.kind, s.name, s.bot_level) for s in new.seats.all()] == old_seats
    # The friend already joined the table: no second « Rejoindre ».
    assert new.seats.get(index=1).joined


def test_every_seat_keeps_its_own_link(finished):
    match, host, friend = finished
    new = match_rematch(match=match, token=friend)
    assert match_state(match=new, token=host)["controlled"] == [0]
    assert match_state(match=new, token=friend)["controlled"] == [1]
    # The friend's token never controls the host's seat, in the new match either.
    with pytest.raises(SeatForbidden):
        match_play_move(match=new, token=friend, seat=0, move={"bet": 1}, expected_version=0)


def test_created_once_and_announced_to_the_old_page(finished):
    match, host, friend = finished
    version = match.version
    first = match_rematch(match=match, token=host)
    again = match_rematch(match=Match.objects.get(pk=match.pk), token=friend)
    assert again.pk == first.pk and Match.objects.count() == 2
    match.refresh_from_db()
    assert match.version == version + 1  # polling pages see the change (a new ETag)
    for token in (host, friend, None):  # players follow it; a spectator may watch it
        assert match_state(match=match, token=token)["rematch"] == f"/parties/{first.code}/"


def test_refused_before_the_end_and_to_spectators(guess, finished):
    match, host = match_start(game=guess, seats=[SeatSpec("local"), SeatSpec("local")])
    with pytest.raises(PlayError) as error:
        match_rematch(match=match, token=host)
    assert error.value.code == "match_not_over"
    over, _, _ = finished
    with pytest.raises(SeatForbidden):
        match_rematch(match=over, token=None)
    with pytest.raises(SeatForbidden):
        match_rematch(match=over, token="forged")


def test_rematch_endpoint(client, finished):
    match, _, friend = finished
    response = client.post(
        f"/api/v1/matches/{match.code}/rematch/",
        content_type="application/json",
        HTTP_X_SEAT_TOKEN=friend,
    )
    assert response.status_code == 201
    body = response.json()
    assert body["code"] != match.code and body["controlled"] == [1]
    assert body["status"] == "active"
    refused = client.post(f"/api/v1/matches/{match.code}/rematch/", json.dumps({}),
                          content_type="application/json")  # fmt: skip
    # No token: a spectator may watch the new match, not start one (it exists already, though).
    assert refused.status_code == 201 and refused.json()["controlled"] == []
