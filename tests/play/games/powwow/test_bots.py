"""Pow Wow bots on small budgets: legal moves, no peeking, a sane evaluation, a working belief.
Strength itself is measured by bench/powwow_bench.py."""

from __future__ import annotations

import random

import pytest

from arena.playouts import random_walk
from play.bots.mcts import outcome_values
from play.engines.base import chance_for
from play.games.powwow import GAME
from play.games.powwow.belief import (
    WEIGHTS,
    _gives_first,
    belief_redeal,
    deals,
    evidence,
    forget,
    holding_probability,
    posterior,
    public_belief,
    table,
)
from play.games.powwow.bots import (
    best_advance,
    evaluate,
    expected_draw,
    gain,
    heuristic_move,
    make_search,
    playout_advance,
    win_chances,
)
from play.games.powwow.state import COLOURS, MOCCASIN_SQUARES

from .helpers import ENGINE, advance, new, play, position, square

HANDS3 = [["blue", "red"], ["green", "yellow"], ["black", "white"]]


def positions():
    yield new(3)
    yield position(3, phase="draft", dice=["red", "blue", "white"])
    yield position(4, stones=[2, 0, 0, 0], indians={"red": 30, "green": 40})
    yield position(3, phase="moccasin", indians={"red": MOCCASIN_SQUARES[1]}, hands=HANDS3)
    yield position(2, stones=[1, 0], indians={"white": 44})


@pytest.mark.parametrize("level", GAME.bot_levels)
def test_every_level_plays_a_legal_move(level):
    for state in positions():
        (seat,) = ENGINE.to_act(state)
        move = GAME.bot_move(state, seat, level=level, rng=random.Random(1), seconds=0.2)
        assert move in ENGINE.legal_moves(state, seat)


def test_every_level_has_a_description():
    assert set(GAME.level_descriptions) == set(GAME.bot_levels)


@pytest.mark.parametrize("level", ["beginner", "intermediate", "strong"])
def test_bots_never_peek_at_cards_they_cannot_see(level):
    """Two positions that differ only in cards seat 0 cannot see get the same move."""
    state = position(4, stones=[1, 0, 0, 0], indians={"green": 40, "black": 36})
    for seed in range(3):
        other = ENGINE.redeal_hidden(state, 0, random.Random(seed))
        assert other.hands[0] == state.hands[0]

        def choose(s):
            rng = random.Random(7)
            if level == "beginner":
                return heuristic_move(s, 0, rng)
            return make_search(level, seed=7, iterations=40).choose(s, 0)

        assert choose(other) == choose(state)


def test_evaluation_shares_the_win_among_the_cards():
    state = position(3, hands=HANDS3, indians={"red": 20})
    values = evaluate(state)
    assert abs(sum(values) - 1.0) < 1e-9 and all(0 <= v <= 1 for v in values)
    assert values[0] > values[1] and values[0] > values[2]  # seat 0 holds the leading red


def test_evaluation_knows_the_winner():
    over = play(position(3, hands=HANDS3, indians={"red": 47}), 0, advance("A"))
    assert evaluate(over) == [1.0, 0.0, 0.0]


HANDS2 = [["blue", "red"], ["green", "yellow"]]
NEUTRAL2 = ["black", "white"]


def test_with_two_players_a_neutral_card_win_is_half_a_win_to_each():
    """Nobody wins when the neutral pile holds the winning card: the arena's draw, so each seat
    counts the neutral cards' chances at half, and a finished game shares the place."""
    state = position(2, hands=HANDS2, neutral=NEUTRAL2, indians={"white": 20})
    chances = win_chances(state)
    shared = (chances["black"] + chances["white"]) / 2
    assert evaluate(state) == pytest.approx(
        [chances["blue"] + chances["red"] + shared, chances["green"] + chances["yellow"] + shared]
    )
    finishing = dict(hands=HANDS2, neutral=NEUTRAL2, taken=["white", "red"], indians={"white": 47})
    over = play(position(2, **finishing), 0, advance("A"))
    assert over.phase == "over" and evaluate(over) == [0.5, 0.5]
    assert outcome_values(ENGINE.outcome(over), 2) == [0.5, 0.5]


def test_with_two_players_the_playouts_push_a_neutral_indian_before_the_opponents():
    """Seat 0 moves black, which only the neutral pile and its opponent may hold: forward when
    black is neutral (half a win), back when the opponent holds it."""
    rings = {"C": 1}  # corridor C's stone goes to ring 2, a dark cell: back is allowed
    neutral = position(
        2,
        hands=HANDS2,
        neutral=NEUTRAL2,
        taken=["black", "red"],
        indians={"black": 30},
        rings=rings,
    )
    assert playout_advance(neutral, 0)["back"] is False
    opponents = position(
        2,
        hands=[["blue", "red"], ["black", "yellow"]],
        neutral=["green", "white"],
        taken=["black", "red"],
        indians={"black": 30},
        rings=rings,
    )
    assert playout_advance(opponents, 0)["back"] is True


def test_gain_rewards_pushing_ones_own_indian_and_sending_others_back():
    state = position(3, hands=HANDS3, taken=["red", "green", "green"], indians={"green": 10},
                     rings={"A": 1})  # fmt: skip
    forward = play(state, 0, advance("A"))
    assert gain(state, forward, 0) > 0
    later = play(forward, 1, advance("B"))  # green (seat 1's card) forward
    assert gain(forward, later, 0) < 0 < gain(forward, later, 1)


def test_heuristic_player_drafts_its_own_colour():
    state = position(3, phase="draft", dice=["red", "green", "black"], hands=HANDS3)
    assert heuristic_move(state, 0, random.Random(0)) == {"type": "take", "colour": "red"}


def test_beginner_beats_random_players_in_seeded_games():
    wins = 0
    games = 24
    for g in range(games):
        bot = g % 3
        seed = f"bot-test/{g}"
        state = ENGINE.new_game(seats=3, options={}, rng=chance_for(seed, 0))
        rng = random.Random(seed)
        ply = 0
        while ENGINE.to_act(state):
            (seat,) = ENGINE.to_act(state)
            if seat == bot:
                move = GAME.bot_move(state, seat, level="beginner", rng=rng, seconds=1)
            else:
                move = rng.choice(ENGINE.legal_moves(state, seat))
            ply += 1
            state = ENGINE.play(state, seat, move, chance_for(seed, ply))
        wins += ENGINE.outcome(state).winners == (bot,)
    assert wins >= 14  # chance alone gives about 8


def test_belief_favours_hands_that_explain_the_moves():
    state = position(3, hands=HANDS3, taken=["black", "green", "red"])
    # Seat 1 pushes green far forward; seat 2 sends yellow back: the history says so.
    data = ENGINE.to_dict(state)
    data["history"] = [
        ["move", 1, "green", 8, "1,4,8"],
        ["move", 1, "green", 7, "-3,2,7"],
        ["move", 2, "yellow", -6, "-6,2,6"],
    ]
    data["indians"]["green"] = 15
    state = ENGINE.from_dict(data)
    assert (
        holding_probability(state, 0, 1, "green") > 0.5 > holding_probability(state, 0, 2, "green")
    )
    assert (
        holding_probability(state, 0, 2, "yellow")
        < 0.5
        < holding_probability(state, 0, 1, "yellow")
    )
    rng = random.Random(0)
    worlds = [belief_redeal(state, 0, rng) for _ in range(300)]
    green_at_1 = sum("green" in w.hands[1] for w in worlds) / len(worlds)
    yellow_at_2 = sum("yellow" in w.hands[2] for w in worlds) / len(worlds)
    uniform = [ENGINE.redeal_hidden(state, 0, rng) for _ in range(300)]
    assert green_at_1 > sum("green" in w.hands[1] for w in uniform) / 300 + 0.1
    assert yellow_at_2 < sum("yellow" in w.hands[2] for w in uniform) / 300 - 0.1
    assert all(w.hands[0] == state.hands[0] for w in worlds)  # its own cards stay its own


def test_heuristic_player_swaps_away_a_pow_wow_card_on_a_moccasin_square():
    hands = [["black", "powwow"], ["green", "yellow"], ["blue", "powwow"], ["red", "white"]]
    state = position(4, phase="moccasin", hands=hands, indians={"red": MOCCASIN_SQUARES[0]})
    move = heuristic_move(state, 0, random.Random(0))
    assert move["type"] == "swap" and move["give"] == "powwow"


def test_expected_draw_counts_what_a_swap_taught():
    """After giving the leading red to seat 3, drawing back from seat 3 is worth more."""
    hands = [["black", "red"], ["green", "yellow"], ["blue", "powwow"], ["powwow", "white"]]
    state = position(4, phase="moccasin", hands=hands, indians={"red": 30})
    after = play(state, 0, {"type": "swap", "give": "red", "target": 3}, random.Random(2))
    chances = win_chances(after)
    draws = {t: expected_draw(after, 0, chances, t) for t in (1, 2, 3)}
    assert draws[3] > draws[1] and draws[1] == draws[2]


def test_belief_lists_every_deal_of_the_unseen_cards_once():
    """Three players: the four cards seat 0 cannot see make six deals; a swap's fact fewer."""
    state = position(3, hands=HANDS3, stones=[1, 0, 0])
    holders, found = deals(state, 0)
    assert holders == [1, 2] and len(found) == len(set(found)) == 6
    assert all(sorted(a + b) == ["black", "green", "white", "yellow"] for a, b in found)
    swapped = play(state, 0, {"type": "swap", "give": "blue", "target": 2}, random.Random(0))
    (fact,) = swapped.knowledge[0]
    _, found = deals(swapped, 0)
    assert len(found) == 3 and all(fact[1] in deal[1] for deal in found)


def test_belief_posterior_reads_no_card_the_seat_cannot_see():
    state = position(5, indians={"green": 20})
    data = ENGINE.to_dict(state)
    data["history"] = [
        ["move", 1, "green", 6],
        ["move", 2, "red", -4],
        ["take", 3, "blue", "blue,red"],
        ["swap", 2, 3],
        ["move", 3, "blue", 5, "1,3,5"],
    ]
    state = ENGINE.from_dict(data)
    other = ENGINE.redeal_hidden(state, 0, random.Random(3))
    other.history = list(state.history)  # a record of its own: nothing cached is shared
    assert other.hands != state.hands
    forget()
    first = posterior(state, 0)
    forget()
    assert first == posterior(other, 0)
    rng_a, rng_b = random.Random(5), random.Random(5)
    for _ in range(20):
        assert belief_redeal(state, 0, rng_a).hands == belief_redeal(other, 0, rng_b).hands


def test_the_fast_playout_advance_picks_the_best_advance():
    """The playouts' incremental valuation chooses exactly what ``best_advance`` chooses."""
    checked = 0
    for g in range(12):
        for state, seat in random_walk(ENGINE, 3 + g % 4, f"fast/{g}", 399):
            if state.phase == "move":
                assert playout_advance(state, seat) == best_advance(state, seat)[1]
                checked += 1
    assert checked > 300


def test_the_record_lists_the_moves_a_seat_chose_from():
    state = position(3, hands=HANDS3, taken=["black", "green", "red"], indians={"black": 10})
    options = ENGINE.legal_moves(state, 0)
    expected = sorted({square(play(state, 0, m), "black") - 10 for m in options})
    after = play(state, 0, options[0])
    kind, seat, colour, delta, deltas = after.history[-1]
    assert (kind, seat, colour) == ("move", 0, "black")
    assert [int(d) for d in deltas.split(",")] == expected and delta in expected
    assert len(expected) > 1


def _green_evidence(entry):
    seat, values = evidence(entry, WEIGHTS)
    assert seat == 1
    return values["green"]


def test_belief_reads_a_move_against_the_moves_the_seat_could_make():
    """Moving green 2 when 2 was the longest move on offer says more than when 6 was."""
    longest = _green_evidence(("move", 1, "green", 2, "-2,1,2"))
    shortest = _green_evidence(("move", 1, "green", 2, "2,4,6"))
    unknown = _green_evidence(("move", 1, "green", 2))  # an older record
    assert longest > unknown > shortest


def test_belief_reads_a_draft_as_a_choice_among_the_dice_left():
    """Taking red while blue and white were left makes red likelier in the drafter's hand and
    the colours it left less likely; the last die, taken without a choice, says nothing."""
    seat, values = evidence(("take", 2, "red", "red,blue,white"), WEIGHTS)
    assert seat == 2 and values["red"] > 0 > values["blue"] == values["white"]
    assert evidence(("take", 2, "red", "red"), WEIGHTS) is None
    history = [["take", 1, "green", "green,red,blue"]] * 3
    forget()
    assert holding_probability(_four_seats(history, {}), 0, 1, "green") > holding_probability(
        _four_seats([], {}), 0, 1, "green"
    )


def _four_seats(history, indians):
    hands = [["black", "powwow"], ["green", "yellow"], ["blue", "powwow"], ["red", "white"]]
    data = ENGINE.to_dict(position(4, hands=hands, indians=indians))
    data["history"] = history
    return ENGINE.from_dict(data)


PUSHED_GREEN = [["move", 1, "green", 8, "1,4,8"], ["move", 1, "green", 7, "-3,2,7"]]


def test_what_a_move_taught_follows_the_card_through_a_swap():
    """Seat 1 pushed green, then swapped with seat 2: green is with one of them, likelier with
    seat 1 (a swapper gives its weaker card, and green is ahead), and seat 3, whom no evidence
    names, is the least likely holder."""
    before = _four_seats(PUSHED_GREEN, {"green": 15})
    after = _four_seats([*PUSHED_GREEN, ["swap", 1, 2]], {"green": 15})
    at = {seat: holding_probability(after, 0, seat, "green") for seat in (1, 2, 3)}
    assert at[1] > at[2] > at[3]
    assert at[1] < holding_probability(before, 0, 1, "green")  # it may have been given away
    # Had green been the weaker card (behind the other Indians), it likelier went to seat 2.
    behind = {c: 20 for c in ("red", "yellow", "blue", "black", "white")} | {"green": 15}
    given = _four_seats([*PUSHED_GREEN, ["swap", 1, 2]], behind)
    assert holding_probability(given, 0, 2, "green") > holding_probability(given, 0, 1, "green")


def test_a_swap_with_the_neutral_pile_carries_the_evidence_to_it():
    """Two players: seat 1 pushed green (behind the others), then swapped with the pile."""
    behind = {c: 20 for c in ("red", "yellow", "blue", "black", "white")} | {"green": 15}
    data = ENGINE.to_dict(
        position(2, hands=[["black", "red"], ["green", "yellow"]], indians=behind)
    )
    data["neutral"] = ["blue", "white"]
    data["history"] = PUSHED_GREEN
    pushed = ENGINE.from_dict(data)
    data["history"] = [*PUSHED_GREEN, ["swap", 1, -1]]
    swapped = ENGINE.from_dict(data)
    assert holding_probability(pushed, 0, 1, "green") > 0.5
    assert holding_probability(swapped, 0, -1, "green") > holding_probability(
        pushed, 0, -1, "green"
    )
    assert holding_probability(swapped, 0, -1, "green") > holding_probability(
        swapped, 0, 1, "green"
    )


def test_the_belief_is_the_same_extended_along_the_record_or_read_at_once():
    record = [*PUSHED_GREEN, ["take", 2, "red", "red,blue"], ["swap", 1, 2], ["swap", 3, 1]]
    states = [_four_seats(record[:n], {"green": 15}) for n in range(len(record) + 1)]
    forget()
    stepwise = [public_belief(state) for state in states]
    forget()
    at_once = public_belief(states[-1])
    assert stepwise[-1] == pytest.approx(at_once, abs=1e-12)
    assert stepwise[0] == pytest.approx([1 / len(stepwise[0])] * len(stepwise[0]))


@pytest.mark.parametrize(
    ("pile", "expected"),
    [
        (("green", "red"), 0.8),  # green (square 10) is behind red (20): given first
        (("red", "green"), 0.2),
        (("green", "powwow"), 0.2),  # a POW WOW card is weaker than any Indian's
        (("powwow", "yellow"), 0.8),
        (("red", "blue"), 0.5),  # level: even odds
        (("powwow", "powwow"), 0.5),
    ],
)
def test_a_swapper_gives_its_weaker_card_with_the_chance_of_the_swap_model(pile, expected):
    at = {"green": 10, "red": 20, "blue": 20}
    squares = [at.get(colour, 0) for colour in COLOURS]
    assert _gives_first(pile, squares, 0.8) == pytest.approx(expected)


def test_a_seat_whose_own_cards_the_record_rules_out_still_draws_worlds_that_agree_with_it():
    """Seat 0 holds green yet sent it back 6 squares, when it could have moved it 6 forward,
    hundreds of times: every deal that agrees with its hand weighs less than the smallest
    float, and its worlds fall back on an even draw."""
    data = ENGINE.to_dict(position(2, hands=[["green", "red"], ["black", "yellow"]]))
    data["neutral"] = ["blue", "white"]
    data["history"] = [["move", 0, "green", -6, "-6,6"]] * 300
    state = ENGINE.from_dict(data)
    forget()
    probs = public_belief(state)
    assert not any(probs[d] for d in table(2).piles[0, ("green", "red")])
    holders, found, cumulative = posterior(state, 0)
    assert cumulative == [float(i + 1) for i in range(len(found))] and len(found) == 6
    rng = random.Random(1)
    worlds = [belief_redeal(state, 0, rng) for _ in range(60)]
    assert all(w.hands[0] == ["green", "red"] for w in worlds)
    assert len({tuple(w.hands[1]) for w in worlds}) == 6


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_the_belief_weighs_every_deal_of_all_the_cards_once(seats):
    """Deals are the ways to seat the six Indians' cards in the piles of two (the POW WOW cards
    fill the rest): 6! times the coefficient of x^6 in (1 + x + x^2 / 2) ^ piles."""
    piles = seats + (seats == 2)
    coefficients = [1.0]
    for _ in range(piles):
        coefficients = [
            sum(
                coefficients[k - i] * (1, 1, 0.5)[i]
                for i in range(3)
                if 0 <= k - i < len(coefficients)
            )
            for k in range(len(coefficients) + 2)
        ]
    found = table(seats).deals
    assert len(found) == len(set(found)) == round(720 * coefficients[6])


def test_search_worlds_keep_no_record_and_the_real_position_keeps_its_own():
    state = position(3, hands=HANDS3, taken=["black", "green", "red"])
    for level in ("intermediate", "strong"):
        bot = make_search(level, seed=1, iterations=20)
        world = bot._determinize(state, 0, random.Random(4))
        assert world.history is None and state.history == []
        assert play(world, 0, ENGINE.legal_moves(world, 0)[0]).history is None
        assert bot.choose(state, 0) in ENGINE.legal_moves(state, 0)
    assert state.history == []
