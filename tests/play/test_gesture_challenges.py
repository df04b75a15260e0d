"""Gesture challenges never pile up (audit: one address made 1,151 rows in a minute, never
deleted): a seat has at most one per position, asking again gives it back (or replaces it in
place), and every move (a person's or a bot's), undo, join, end or purge deletes them."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone

from play.errors import IllegalMoveError
from play.games.bataclan import gesture
from play.games.registry import get_engine
from play.models import GestureChallenge, Match
from play.services.bot_turns import _bot_move_played
from play.services.gestures import match_gesture_challenge
from play.services.matches import SeatSpec, match_start, seat_join
from play.services.moves import match_play_move, match_undo
from play.services.purge import PURGE_CACHE_KEY, matches_purge_abandoned
from play.tokens import token_for
from tests.factories import make_game

from .games.bataclan.helpers import first_placement, press

BUFFALO = get_engine("buffalo")


@pytest.fixture(autouse=True)
def no_purge_on_creation(db):
    cache.set(PURGE_CACHE_KEY, True, 3600)
    yield
    cache.delete(PURGE_CACHE_KEY)


@pytest.fixture
def placement(db, match_seed):
    """A Bataclan match at a placement, both seats on this screen: (match, token, seat, move)."""
    match_seed("challenges/1")
    game = make_game("Bataclan", engine="bataclan", min_players=2, max_players=6)
    match, token = match_start(game=game, seats=[SeatSpec("local"), SeatSpec("local")])
    seat, place = first_placement(match, token)
    match.refresh_from_db()
    return match, token, seat, place


def leftover_challenge(match: Match, seat: int = 0) -> GestureChallenge:
    """A challenge row as a page would have left it, at the match's present version."""
    return GestureChallenge.objects.create(
        match=match,
        seat=seat,
        version=match.version,
        key=f"left-{match.pk}-{match.version}-{seat}",
        params={"period_ms": 1000, "phase": 0.5},
        issued_at=timezone.now(),
    )


def test_a_flood_of_requests_adds_one_row(client, placement):
    match, token, seat, _place = placement
    url = f"/api/v1/matches/{match.code}/challenge/"
    body = json.dumps({"seat": seat, "expected_version": match.version})
    ids = set()
    for _ in range(300):
        response = client.post(url, body, content_type="application/json", HTTP_X_SEAT_TOKEN=token)
        assert response.status_code == 201
        ids.add(response.json()["id"])
    assert len(ids) == 1
    assert GestureChallenge.objects.count() == 1


def test_asking_again_gives_the_same_challenge_while_it_has_time_left(placement):
    match, token, seat, _place = placement
    ask = lambda: match_gesture_challenge(  # noqa: E731
        match=match, token=token, seat=seat, expected_version=match.version
    )
    first = ask()
    assert ask() == first
    # Past half its life it is replaced in place: a new marker, a new key, still one row.
    GestureChallenge.objects.update(
        issued_at=timezone.now() - timedelta(seconds=gesture.MAX_AGE_SECONDS / 2 + 1)
    )
    second = ask()
    assert second["id"] != first["id"]
    assert list(GestureChallenge.objects.values_list("key", flat=True)) == [second["id"]]
    assert ask() == second


def test_a_replaced_challenge_no_longer_serves(placement):
    match, token, seat, place = placement
    old = press(match, token, seat, place, backdate_ms=(gesture.MAX_AGE_SECONDS // 2 + 5) * 1000)
    new = press(match, token, seat, place)
    assert old["challenge"] != new["challenge"]
    with pytest.raises(IllegalMoveError) as error:
        match_play_move(
            match=match, token=token, seat=seat, move=old, expected_version=match.version
        )
    assert error.value.details["rule"] == "unknown_challenge"
    match_play_move(match=match, token=token, seat=seat, move=new, expected_version=match.version)
    assert not GestureChallenge.objects.exists()


def test_a_gesture_move_deletes_its_positions_challenges(placement):
    match, token, seat, place = placement
    other = leftover_challenge(match, seat=1 - seat)  # another seat's, for the same position
    move = press(match, token, seat, place)
    assert GestureChallenge.objects.count() == 2
    match_play_move(match=match, token=token, seat=seat, move=move, expected_version=match.version)
    assert not GestureChallenge.objects.filter(pk=other.pk).exists()
    assert not GestureChallenge.objects.exists()


def test_a_persons_move_deletes_them(buffalo_game):
    match, token = match_start(
        game=buffalo_game, seats=[SeatSpec("local"), SeatSpec("bot", bot_level="beginner")]
    )
    leftover_challenge(match)
    move = BUFFALO.legal_moves(BUFFALO.from_dict(match.state), 0)[0]
    match_play_move(match=match, token=token, seat=0, move=move, expected_version=match.version)
    assert match.moves.filter(by_bot=True).exists()  # the bot answered meanwhile
    assert not GestureChallenge.objects.exists()


def test_a_bots_move_deletes_them(db):
    """The bot opens (seat 0 a bot): its move deletes a challenge left for the position."""
    game = make_game("Prairie ou Buffalo", engine="buffalo", min_players=2, max_players=2)
    seats = [SeatSpec("bot", bot_level="beginner"), SeatSpec("local")]
    match, _token = match_start(game=game, seats=seats)
    assert match.moves.filter(by_bot=True).exists()

    # A position where the bot is to act: rebuild the start and leave a challenge there.
    Match.objects.filter(pk=match.pk).update(
        state=BUFFALO.to_dict(BUFFALO.new_game(seats=2, options=match.options, rng=None)),
        plies=0,
        bot_to_move=True,
    )
    match.moves.all().delete()
    match.refresh_from_db()
    leftover_challenge(match, seat=0)
    assert _bot_move_played(match.pk, match.version) is not None
    assert match.moves.filter(by_bot=True).count() == 1
    assert not GestureChallenge.objects.exists()


def test_an_undo_deletes_them(buffalo_game):
    match, token = match_start(
        game=buffalo_game, seats=[SeatSpec("local"), SeatSpec("bot", bot_level="beginner")]
    )
    move = BUFFALO.legal_moves(BUFFALO.from_dict(match.state), 0)[0]
    match_play_move(match=match, token=token, seat=0, move=move, expected_version=match.version)
    leftover_challenge(match)
    match_undo(match=match, token=token, seat=0, expected_version=match.version)
    assert not GestureChallenge.objects.exists()


def test_a_join_deletes_them(buffalo_game):
    match, _host = match_start(game=buffalo_game, seats=[SeatSpec("local"), SeatSpec("invite")])
    leftover_challenge(match, seat=1)
    seat_join(match=match, token=token_for(match, "seat1"), seat=1, name="Zoé")
    assert not GestureChallenge.objects.exists()


def test_the_end_of_the_match_deletes_them(buffalo_game):
    """The last move of a match (one that ends it) leaves no challenge behind."""
    match, token = match_start(game=buffalo_game, seats=[SeatSpec("local"), SeatSpec("local")])
    for _ in range(BUFFALO.max_plies):
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            break
        leftover_challenge(match)
        state = BUFFALO.from_dict(match.state)
        seat = BUFFALO.to_act(state)[0]
        move = BUFFALO.legal_moves(state, seat)[0]
        match_play_move(
            match=match, token=token, seat=seat, move=move, expected_version=match.version
        )
        assert not GestureChallenge.objects.exists()
    assert match.status == Match.Status.FINISHED


def test_a_purged_match_takes_its_challenges_with_it(buffalo_game):
    match, _token = match_start(game=buffalo_game, seats=[SeatSpec("local"), SeatSpec("local")])
    leftover_challenge(match)
    Match.objects.filter(pk=match.pk).update(updated_at=timezone.now() - timedelta(days=2))
    assert matches_purge_abandoned(older_than=timedelta(days=1)) == 1
    assert not GestureChallenge.objects.exists()
