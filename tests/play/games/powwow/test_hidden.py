"""Pow Wow's secrets: a seat's cards, the neutral pile and a blind draw's result reach only the
seats allowed to see them; undo may not cross a swap; redeals never peek."""

from __future__ import annotations

import json
import random

from django.utils import translation

from play.games.powwow import GAME
from play.games.powwow.state import COLOURS, MOCCASIN_SQUARES, POWWOW

from .helpers import ENGINE, FixedDice, advance, new, play, position

HANDS4 = [["blue", "red"], ["green", "yellow"], ["black", POWWOW], [POWWOW, "white"]]


def test_each_seat_sees_only_its_own_cards():
    state = position(4, hands=HANDS4)
    for seat in range(4):
        view = ENGINE.view(state, seat)
        assert view["hands"][seat] == HANDS4[seat]
        assert all(h is None for s, h in enumerate(view["hands"]) if s != seat)
        assert view["hand_sizes"] == [2] * 4


def test_public_view_shows_no_card():
    state = position(2, hands=[["blue", "red"], ["green", "yellow"]], neutral=["black", "white"])
    view = ENGINE.view(state, None)
    assert view["hands"] == [None, None] and view["neutral"] is None and view["known"] == []
    assert ENGINE.view(state, 0)["neutral"] is None  # nor to a player


def test_every_card_is_shown_once_the_game_is_over():
    state = position(4, hands=HANDS4, indians={"red": 47})
    over = play(state, 0, advance("A"))
    assert ENGINE.view(over, None)["hands"] == HANDS4
    assert ENGINE.reveals(state, over)


def test_the_log_of_a_swap_names_no_card():
    state = position(4, phase="moccasin", hands=HANDS4, indians={"red": MOCCASIN_SQUARES[0]})
    move = {"type": "swap", "give": "blue", "target": 3}
    after = play(state, 0, move)
    english = ENGINE.describe(state, 0, move)
    assert english == "Seat 0 swaps a card with seat 3."
    with translation.override("fr"):
        french = GAME.describe_move(state, after, 0, move)
    assert french == "Le joueur 1 échange une carte avec le joueur 4."
    for line in (english, french, json.dumps(after.events)):
        for card in ("blue", "bleu", "white", "blanc", POWWOW, "POW WOW"):
            assert card not in line


def test_a_swap_is_known_to_the_swapper_and_the_target_only():
    state = position(4, phase="moccasin", hands=HANDS4, indians={"red": MOCCASIN_SQUARES[0]})
    after = play(state, 0, {"type": "swap", "give": "blue", "target": 3}, random.Random(1))
    assert ENGINE.reveals(state, after)
    drawn = next(c for c in after.hands[0] if c != "red")
    assert ENGINE.view(after, 0)["known"] == [{"holder": 3, "card": "blue"}]
    assert ENGINE.view(after, 3)["known"] == [{"holder": 0, "card": drawn}]
    for seat in (None, 1, 2):
        assert ENGINE.view(after, seat)["known"] == []
        assert ENGINE.view(after, seat)["hands"][0] is None


def test_what_a_swap_taught_is_forgotten_once_that_hand_changes():
    state = position(4, phase="moccasin", hands=HANDS4, indians={"red": MOCCASIN_SQUARES[0]})
    after = play(state, 0, {"type": "swap", "give": "blue", "target": 3})
    data = ENGINE.to_dict(after)
    data.update(phase="moccasin", to_move=1, moved=[True, True, False, False])
    second = play(ENGINE.from_dict(data), 1, {"type": "swap", "give": "green", "target": 3})
    assert ENGINE.view(second, 0)["known"] == []  # seat 3's hand was drawn from since
    assert ENGINE.view(second, 1)["known"] == [{"holder": 3, "card": "green"}]


def test_a_roll_is_chance_but_reveals_no_secret():
    state = new(3)
    assert not ENGINE.reveals(state, play(state, 0, {"type": "roll"}, FixedDice(*COLOURS[:3])))


def test_error_messages_name_no_card():
    state = position(4, phase="moccasin", hands=HANDS4, indians={"red": MOCCASIN_SQUARES[0]})
    messages = []
    for move in (
        {"type": "swap", "give": "green", "target": 1},
        {"type": "swap", "give": "blue", "target": 9},
        {"type": "advance", "corridor": "A", "back": False},
    ):
        try:
            play(state, 0, move)
        except Exception as error:  # noqa: BLE001 - every refusal's text is checked
            messages.append(str(error))
    assert len(messages) == 3
    for message in messages:
        assert not any(card in message for card in (*COLOURS, POWWOW))


def test_redeal_keeps_own_hand_known_cards_and_hand_sizes():
    state = position(4, phase="moccasin", hands=HANDS4, indians={"red": MOCCASIN_SQUARES[0]})
    after = play(state, 0, {"type": "swap", "give": "blue", "target": 3})
    seen = set()
    for seed in range(30):
        redealt = ENGINE.redeal_hidden(after, 0, random.Random(seed))
        assert redealt.hands[0] == after.hands[0] and "blue" in redealt.hands[3]
        assert all(len(h) == 2 for h in redealt.hands)
        assert ENGINE.view(redealt, 0) == ENGINE.view(after, 0)
        seen.add(json.dumps(redealt.hands))
    assert len(seen) > 3


def test_redeal_for_nobody_redraws_every_card():
    state = new(2)
    deals = {json.dumps([*ENGINE.redeal_hidden(state, None, random.Random(s)).hands,
                         ENGINE.redeal_hidden(state, None, random.Random(s)).neutral])
             for s in range(30)}  # fmt: skip
    assert len(deals) > 10
    assert all(ENGINE.view(ENGINE.redeal_hidden(state, None, random.Random(s)), None)
               == ENGINE.view(state, None) for s in range(5))  # fmt: skip


def test_redeal_after_the_end_changes_nothing():
    over = play(position(3, indians={"red": 47}), 0, advance("A"))
    assert ENGINE.redeal_hidden(over, 1, random.Random(0)).hands == over.hands
