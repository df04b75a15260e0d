"""Undo against bots never takes back a bot's answer in a game with hidden information (audit: in
Pow Wow against two bots, a person took a die and undid it with three different dice, and saw
three answers that depended on the bots' secret cards).

The barrier is the bot's answer itself: the person's own last move, before any bot answered, still
goes back; games without hidden information (Buffalo, Alcatraz) keep undo against the computer.
"""

from __future__ import annotations

import json

import pytest

from play.errors import UndoRefused
from play.games.registry import get_engine
from play.models import Match, MoveRecord
from play.selectors import match_state, undo_start
from play.services.matches import SeatSpec, match_start
from play.services.moves import match_play_move, match_undo
from tests.factories import make_game

HIDDEN_REASON = "hidden_information"


def table(slug: str, seats: list[SeatSpec], seed: str, match_seed):
    match_seed(seed)
    engine = get_engine(slug)
    game = make_game(f"Jeu {slug}", engine=slug, min_players=2, max_players=engine.info.max_seats)
    return match_start(game=game, seats=seats)


def undo_range(match: Match, person: int) -> list[MoveRecord] | None:
    """The moves an undo by ``person`` would take back under the rule without the hidden
    information barrier (its bots' answers included), or None if that rule refuses too."""
    moves = list(match.moves.order_by("ply"))
    try:
        start = undo_start(moves, list(match.seats.all()), {person})
    except UndoRefused:
        return None
    return moves[start:]


def play_until_a_bot_answered(match: Match, token: str, person: int = 0, limit: int = 120):
    """The person plays its first legal move until a bot has answered a move of theirs with no
    chance nor reveal in between: the position the audit probed from."""
    engine = get_engine(match.engine)
    for _ in range(limit):
        match.refresh_from_db()
        taken_back = undo_range(match, person)
        if taken_back and any(m.by_bot for m in taken_back):
            return taken_back
        assert match.status == Match.Status.ACTIVE
        state = engine.from_dict(match.state)
        assert engine.to_act(state) == (person,)
        move = engine.legal_moves(state, person)[0]
        match_play_move(
            match=match, token=token, seat=person, move=move, expected_version=match.version
        )
    raise AssertionError(f"no bot answer without chance in {limit} moves")


def snapshot(match: Match):
    match.refresh_from_db()
    return match.version, match.plies, json.dumps(match.state, sort_keys=True)


@pytest.mark.parametrize(
    ("slug", "seats", "seed"),
    [
        (
            "powwow",
            [
                SeatSpec("local"),
                SeatSpec("bot", bot_level="beginner"),
                SeatSpec("bot", "", "beginner"),
            ],
            "undo-hidden/powwow",
        ),
        (
            "tayu",  # the three-player auction: bids, no tile drawn yet
            [
                SeatSpec("local"),
                SeatSpec("bot", bot_level="beginner"),
                SeatSpec("bot", "", "beginner"),
            ],
            "undo-hidden/tayu",
        ),
    ],
    ids=["powwow-against-two-bots", "tayu-auction-against-two-bots"],
)
def test_no_undo_past_a_bots_answer_with_hidden_information(db, match_seed, slug, seats, seed):
    match, token = table(slug, seats, seed, match_seed)
    taken_back = play_until_a_bot_answered(match, token)
    assert not any(m.chance or m.reveals for m in taken_back)  # the old rule allowed it
    view = match_state(match=match, token=token)
    assert view["can_undo"] is False and view["undo_seat"] is None
    assert view["undo_refused"]["reason"] == HIDDEN_REASON
    assert view["undo_refused"]["message"].startswith("Annulation impossible")
    before = snapshot(match)
    with pytest.raises(UndoRefused) as error:
        match_undo(match=match, token=token, seat=0, expected_version=match.version)
    assert error.value.details["reason"] == HIDDEN_REASON
    assert snapshot(match) == before


def test_the_audits_probe_is_refused_through_the_api(client, db, match_seed):
    """Take a die, undo, take another: the second step is refused, nothing changes."""
    seats = [
        SeatSpec("local"),
        SeatSpec("bot", bot_level="beginner"),
        SeatSpec("bot", "", "beginner"),
    ]
    match, token = table("powwow", seats, "undo-hidden/api", match_seed)
    play_until_a_bot_answered(match, token)
    before = snapshot(match)
    bot_moves = list(match.moves.filter(by_bot=True).values_list("ply", "move"))
    response = client.post(
        f"/api/v1/matches/{match.code}/undo/",
        json.dumps({"seat": 0, "expected_version": match.version}),
        content_type="application/json",
        HTTP_X_SEAT_TOKEN=token,
    )
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "undo_refused" and body["reason"] == HIDDEN_REASON
    assert "cachées" in body["message"]
    assert snapshot(match) == before
    assert list(match.moves.filter(by_bot=True).values_list("ply", "move")) == bot_moves
    detail = client.get(f"/api/v1/matches/{match.code}/", HTTP_X_SEAT_TOKEN=token).json()
    assert detail["can_undo"] is False and detail["undo_refused"]["reason"] == HIDDEN_REASON


def test_ones_own_move_before_any_bot_answered_still_goes_back():
    """The barrier is a bot's answer: with none yet (its job still queued), undo is offered."""
    seats = [_seat(0, "local"), _seat(1, "bot"), _seat(2, "bot")]
    mine = MoveRecord(ply=1, seat=0, move={}, description="", by_bot=False)
    bot = MoveRecord(ply=2, seat=1, move={}, description="", by_bot=True)
    assert undo_start([bot, mine], seats, {0}, hidden_information=True) == 1
    with pytest.raises(UndoRefused) as error:
        undo_start([mine, bot], seats, {0}, hidden_information=True)
    assert error.value.details["reason"] == HIDDEN_REASON
    assert undo_start([mine, bot], seats, {0}, hidden_information=False) == 0


def _seat(index: int, kind: str):
    from play.models import Seat

    return Seat(index=index, kind=kind)


@pytest.mark.parametrize(
    ("slug", "seats", "seed"),
    [
        ("buffalo", [SeatSpec("local"), SeatSpec("bot", bot_level="beginner")], "undo-open/b"),
        ("alcatraz", [SeatSpec("local"), SeatSpec("bot", bot_level="beginner")], "undo-open/a"),
    ],
)
def test_games_without_hidden_information_keep_undo_against_bots(db, match_seed, slug, seats, seed):
    match, token = table(slug, seats, seed, match_seed)
    taken_back = play_until_a_bot_answered(match, token)
    start = match.plies - len(taken_back)
    view = match_state(match=match, token=token)
    assert view["can_undo"] and view["undo_seat"] == 0 and view["undo_refused"] is None
    match_undo(match=match, token=token, seat=0, expected_version=match.version)
    match.refresh_from_db()
    assert match.plies == start and match.moves.count() == start


def test_the_view_explains_chance_but_not_an_empty_history(buffalo_game):
    match, token = match_start(
        game=buffalo_game, seats=[SeatSpec("local"), SeatSpec("bot", bot_level="beginner")]
    )
    assert match_state(match=match, token=token)["undo_refused"] is None  # nothing to take back
    engine = get_engine("buffalo")
    move = engine.legal_moves(engine.from_dict(match.state), 0)[0]
    match_play_move(match=match, token=token, seat=0, move=move, expected_version=match.version)
    MoveRecord.objects.filter(match=match, by_bot=True).update(chance=True)
    refusal = match_state(match=match, token=token)["undo_refused"]
    assert refusal["reason"] == "chance_or_reveal" and "hasard" in refusal["message"]
    assert match_state(match=match, token=None)["undo_refused"] is None  # a spectator
