"""Alcatraz through the match machinery: the alarm decided out of turn by the left neighbour."""

import pytest

from play.errors import IllegalMoveError, UndoRefused
from play.games.registry import get_engine
from play.selectors import match_state
from play.services.matches import SeatSpec, match_start
from play.services.moves import match_play_move, match_undo
from play.tokens import token_for
from tests.factories import make_game

ENGINE = get_engine("alcatraz")


HATCHED = {f"{c}{r}" for c in "def" for r in (1, 2, 3)}


def _seat0_choice(moves):
    """Head for the hatched squares, then board: a scripted, deterministic player."""
    for move in moves:
        if move["type"] == "board":
            return move
    for move in moves:
        if move["type"] == "move" and move["to"] in HATCHED:
            return move
    return min(moves, key=lambda m: int(m.get("to", "z9")[1:]) if m["type"] == "move" else 99)


@pytest.fixture
def alarm_match(db):
    """Two friends play from the seed until seat 0 is about to board (no chance before that)."""
    game = make_game("Alcatraz", engine="alcatraz", min_players=2, max_players=4)
    match, _ = match_start(game=game, seats=[SeatSpec("invite"), SeatSpec("invite")])
    tokens = [token_for(match, "seat0"), token_for(match, "seat1")]
    for _ in range(200):
        state = ENGINE.from_dict(match.state)
        (seat,) = ENGINE.to_act(state)
        moves = ENGINE.legal_moves(state, seat)
        if seat == 0 and any(m["type"] == "board" for m in moves):
            return match, tokens[0], tokens[1]
        move = _seat0_choice(moves) if seat == 0 else moves[-1]
        match_play_move(
            match=match, token=tokens[seat], seat=seat, move=move, expected_version=match.version
        )
    raise AssertionError("seat 0 never reached a hatched square")


def _board(match, token):
    state = ENGINE.from_dict(match.state)
    move = next(m for m in ENGINE.legal_moves(state, 0) if m["type"] == "board")
    match_play_move(match=match, token=token, seat=0, move=move, expected_version=match.version)
    return move


def test_boarding_raises_the_alarm_for_the_left_neighbour(alarm_match):
    match, seat0, seat1 = alarm_match
    move = _board(match, seat0)
    view = match_state(match=match, token=seat1)
    assert view["to_act"] == [1]
    assert view["legal_moves"] == [{"type": "roll"}]
    assert view["log"][-1]["text"].startswith(
        f"Un prisonnier monte dans le bateau depuis {move['from']}."
    )
    assert "Alarme ! Le joueur 2 lance le dé." in view["log"][-1]["text"]


def test_roll_comes_from_the_seed_and_the_roller_chooses_the_direction(alarm_match):
    match, seat0, seat1 = alarm_match
    _board(match, seat0)
    v = match.version
    match_play_move(match=match, token=seat1, seat=1, move={"type": "roll"}, expected_version=v)
    view = match_state(match=match, token=seat1)
    roll = view["view"]["alarm_roll"]
    assert 1 <= roll <= 8
    assert view["legal_moves"] == [
        {"type": "alarm", "direction": "left"},
        {"type": "alarm", "direction": "right"},
    ]
    assert match.moves.get(ply=match.plies).chance  # a random event: undo may not cross it
    with pytest.raises(UndoRefused):
        match_undo(match=match, token=seat1, seat=1, expected_version=v + 1)
    # The seat that boarded cannot answer for the roller.
    with pytest.raises(IllegalMoveError) as error:
        match_play_move(
            match=match,
            token=seat0,
            seat=0,
            move={"type": "alarm", "direction": "left"},
            expected_version=v + 1,
        )
    assert error.value.details["rule"] == "not_your_turn"
    match_play_move(
        match=match,
        token=seat1,
        seat=1,
        move={"type": "alarm", "direction": "left"},
        expected_version=v + 1,
    )
    text = match_state(match=match, token=None)["log"][-1]["text"]
    assert f"gardien de la rangée {roll} court vers la gauche" in text
    # Then the roller plays a normal turn.
    after = match_state(match=match, token=seat1)
    assert after["to_act"] == [1] and all(
        m["type"] in ("move", "board") for m in after["legal_moves"]
    )


def test_boarding_can_be_taken_back_before_the_neighbour_rolls(alarm_match):
    match, seat0, _ = alarm_match
    before = match.state
    _board(match, seat0)
    match_undo(match=match, token=seat0, seat=0, expected_version=match.version)
    assert match.state == before


def test_the_roll_replays_from_the_seed(alarm_match):
    from play.selectors import replay

    match, seat0, seat1 = alarm_match
    _board(match, seat0)
    match_play_move(
        match=match, token=seat1, seat=1, move={"type": "roll"}, expected_version=match.version
    )
    assert ENGINE.to_dict(replay(match)) == match.state
