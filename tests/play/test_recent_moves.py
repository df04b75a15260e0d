"""The moves made since a player's own last one (a bot's, a friend's), for the page to show one
at a time: which moves, the position after each, and nothing hidden in them."""

import pytest

from play.games.registry import get_engine
from play.selectors import RECENT_LIMIT, match_state
from play.services.matches import SeatSpec, match_start
from play.services.moves import match_play_move
from play.tokens import token_for
from tests.factories import make_game

ENGINE = get_engine("buffalo")


def play_first_legal(match, token) -> dict:
    match.refresh_from_db()
    state = match_state(match=match, token=token)
    move = state["legal_moves"][0]
    match_play_move(
        match=match, token=token, seat=state["viewer"], move=move, expected_version=state["version"]
    )
    match.refresh_from_db()
    return move


@pytest.fixture
def against_bot(buffalo_game):
    return match_start(
        game=buffalo_game, seats=[SeatSpec("local"), SeatSpec("bot", bot_level="beginner")]
    )


def test_no_recent_moves_before_anyone_else_moved(against_bot):
    match, token = against_bot
    assert match_state(match=match, token=token)["recent"] is None


def test_recent_holds_the_bots_answer_to_my_move(against_bot):
    match, token = against_bot
    mine = play_first_legal(match, token)
    state = match_state(match=match, token=token)
    recent = state["recent"]
    assert [m["ply"] for m in recent["moves"]] == [2]
    (bot_move,) = recent["moves"]
    assert bot_move["seat"] == 1 and bot_move["by_bot"] is True
    assert bot_move["text"] == state["log"][1]["text"]
    # The position after the bot's move is the one shown now; before it, the one after mine.
    assert bot_move["view"] == ENGINE.view(ENGINE.from_dict(match.state), None)
    before = recent["before"]["last_move"]
    assert (before["from"], before["to"]) == (mine["from"], mine["to"])


def test_recent_starts_after_my_last_move_only(against_bot):
    match, token = against_bot
    play_first_legal(match, token)
    play_first_legal(match, token)
    recent = match_state(match=match, token=token)["recent"]
    assert [m["ply"] for m in recent["moves"]] == [4]


def test_spectator_gets_the_latest_moves_up_to_the_limit(buffalo_game):
    match, _ = match_start(
        game=buffalo_game,
        seats=[SeatSpec("bot", bot_level="beginner"), SeatSpec("bot", bot_level="beginner")],
        bots_only_allowed=True,
    )
    from play.services.bot_turns import match_advance_bots

    for _ in range(20):
        match_advance_bots(match=match)
        match.refresh_from_db()
        if match.plies > RECENT_LIMIT or match.status == "finished":
            break
    recent = match_state(match=match, token=None)["recent"]
    plies = [m["ply"] for m in recent["moves"]]
    assert plies == list(range(match.plies - len(plies) + 1, match.plies + 1))
    assert len(plies) == min(match.plies, RECENT_LIMIT)


def test_recent_positions_hide_every_secret(db, toy_game):
    guess = make_game("Devine", engine="guess", min_players=2, max_players=2)
    match, _ = match_start(game=guess, seats=[SeatSpec("invite"), SeatSpec("invite")])
    seat0, seat1 = token_for(match, "seat0"), token_for(match, "seat1")
    match_play_move(match=match, token=seat1, seat=1, move={"bet": 3}, expected_version=0)
    match.refresh_from_db()
    recent = match_state(match=match, token=seat0)["recent"]
    assert [m["seat"] for m in recent["moves"]] == [1]
    for view in [recent["before"], *(m["view"] for m in recent["moves"])]:
        assert view["cards"] == [None, None]  # not even seat 0's own card: the screen may be shared
    assert recent["moves"][0]["view"]["bets"] == [False, True]  # that seat 1 bet, not what
