"""The Alcatraz bot: its evaluation, its levels, its search, and that it beats a random player."""

from __future__ import annotations

import random

import pytest

from play.bots.mcts import RandomBot
from play.engines.base import chance_for
from play.games.alcatraz.bots import (
    ALCATRAZ_LEVELS,
    STALL_GROWTH,
    STALL_TURNS,
    AlcatrazBot,
    alcatraz_bot,
    line_plies,
    seeded_bot_move,
)
from play.games.alcatraz.evaluation import (
    CELL_RAYS,
    SIDES,
    SQUARE_RAYS,
    _fold,
    evaluate,
    seat_scores,
    square_values,
    static_values,
)
from play.games.alcatraz.moves import destinations
from play.games.alcatraz.state import SQUARE_NAMES, UNNUMBERED_ROW, WIDTH
from play.games.registry import get_engine, get_game

ENGINE = get_engine("alcatraz")


def position(prisoners, boat=None, seats=2, to_move=0, guards=None):
    data = ENGINE.to_dict(ENGINE.new_game(seats=seats, options={}, rng=random.Random(0)))
    boat = boat or {}
    data["prisoners"] = [list(prisoners.get(s, [])) for s in range(seats)]
    data["boat"] = [boat.get(s, 0) for s in range(seats)]
    data["cell"] = [4 - len(data["prisoners"][s]) - data["boat"][s] for s in range(seats)]
    data["to_move"] = to_move
    for row, square in (guards or {}).items():
        data["guards"][row - 1] = square
    return ENGINE.from_dict(data)


def test_evaluation_is_a_reward_per_seat():
    values = evaluate(position({0: ["d3"], 1: ["a9"]}, boat={0: 1}, seats=3))
    assert len(values) == 3 and all(0.0 <= v <= 1.0 for v in values)
    assert values[0] > values[1] and values[0] > values[2]


def test_evaluation_walks_exactly_the_legal_prisoner_moves():
    # The evaluation folds the moves along precomputed lines instead of listing them: for every
    # origin of random positions, the best square it reaches and the longest move into each side
    # of each guard must be those of the rules' own move list.
    rng = random.Random(5)
    checked = 0
    for seats in (2, 3, 4):
        state = ENGINE.new_game(seats=seats, options={}, rng=rng)
        for _ in range(120):
            if not ENGINE.to_act(state):
                break
            seat = ENGINE.to_act(state)[0]
            moves = ENGINE.legal_moves(state, seat)
            state = ENGINE.play(state, seat, moves[rng.randrange(len(moves))], rng)
            values = square_values(state)
            for mover in range(seats):
                listed = destinations(state, mover)
                origins = {origin for origin, *_ in listed}
                for origin in origins:
                    mine = [(r, c, d) for o, r, c, d in listed if o == origin]
                    lines = (
                        CELL_RAYS if origin == "cell" else SQUARE_RAYS[SQUARE_NAMES.index(origin)]
                    )
                    far, ends = [0] * SIDES, set()
                    best = _fold(lines, state.board, state.guards, values, far, ends)
                    assert best == max(values[(r - 1) * WIDTH + c] for r, c, _ in mine)
                    expected = [0] * SIDES
                    for r, c, d in mine:
                        if r != UNNUMBERED_ROW:
                            side = 2 * r + (c > state.guards[r])
                            expected[side] = max(expected[side], d)
                    assert far == expected
                    checked += 1
    assert checked > 500


def test_evaluation_prefers_progress_and_safety():
    assert seat_scores(position({0: ["d3"]}))[0] > seat_scores(position({0: ["d8"]}))[0]
    # seat 1 entering row 7 on the left drives the guard from i7 over g7; from a7 it cannot
    exposed = seat_scores(position({0: ["g7"]}, to_move=1))[0]
    safe = seat_scores(position({0: ["g7"]}, to_move=1, guards={7: "a7"}))[0]
    assert exposed < safe


def test_evaluation_counts_a_ready_prisoner_of_the_seat_to_move_almost_as_boarded():
    """d1 is hatched with nothing above it: whoever is to move boards it now."""
    mine = seat_scores(position({0: ["d1"], 1: ["a9"]}, to_move=0))[0]
    theirs = seat_scores(position({0: ["d1"], 1: ["a9"]}, to_move=1))[0]
    assert mine > theirs
    assert mine >= 0.8


def test_evaluation_of_a_pending_alarm_is_the_mean_over_the_die():
    state = position({0: ["d1", "f1"], 1: ["b4", "a9"]}, boat={0: 1}, to_move=0)
    after = ENGINE.play(state, 0, {"type": "board", "from": "d1"}, random.Random(0))
    assert after.phase == "roll" and after.to_move == 1
    expected = [0.0, 0.0]
    for row in range(1, 9):
        rolled = after.clone()
        rolled.phase, rolled.roll = "direction", row
        options = [
            static_values(ENGINE.play(rolled, 1, {"type": "alarm", "direction": d}, None))
            for d in ("left", "right")
        ]
        chosen = max(options, key=lambda values: values[1])  # the roller suits itself
        expected = [e + v / 8 for e, v in zip(expected, chosen, strict=True)]
    assert evaluate(after) == expected


def test_evaluation_of_a_finished_game_is_exact():
    state = position({0: ["d1"]}, boat={0: 2})
    won = ENGINE.play(state, 0, {"type": "board", "from": "d1"}, random.Random(0))
    assert evaluate(won) == [1.0, 0.0]


def test_levels_look_further_as_they_rise():
    assert list(ALCATRAZ_LEVELS) == ["beginner", "intermediate", "strong"]
    depths = [alcatraz_bot(level).depth for level in ALCATRAZ_LEVELS]
    assert depths == sorted(depths) and depths[0] < depths[-1]
    assert alcatraz_bot("beginner").random_share > 0 == alcatraz_bot("strong").random_share


def test_every_level_plays_the_winning_boarding():
    state = position({0: ["f1", "a9"], 1: ["e3", "b9"]}, boat={0: 2, 1: 2})
    for level in ("intermediate", "strong"):
        assert alcatraz_bot(level, clock=False).choose(state, 0) == {"type": "board", "from": "f1"}


def test_search_parries_a_winning_threat():
    """Seat 1 boards its third prisoner from f1 next turn unless seat 0 sends the row-1 guard over
    it: g5-g1 drags the guard from b1 four squares right, onto f1."""
    state = position({0: ["g5", "c9"], 1: ["f1", "i9"]}, boat={0: 1, 1: 2}, guards={1: "b1"})
    for level in ("intermediate", "strong"):
        bot = alcatraz_bot(level, clock=False)
        assert bot.choose(state, 0) == {"type": "move", "from": "g5", "to": "g1"}
        assert bot.completed_depth >= 2


def test_no_time_left_still_gives_a_legal_move():
    state = ENGINE.new_game(seats=4, options={}, rng=random.Random(0))
    bot = AlcatrazBot(3, seconds=0.0)
    move = bot.choose(state, 0)
    assert move in ENGINE.legal_moves(state, 0)
    assert bot.completed_depth == 1


def test_bot_move_caps_the_level_by_the_callers_seconds():
    state = ENGINE.new_game(seats=2, options={}, rng=random.Random(0))
    move = seeded_bot_move(state, 0, level="strong", seed=1, seconds=0.0)
    assert move in ENGINE.legal_moves(state, 0)
    assert AlcatrazBot.for_level("strong", seconds=0.3).seconds == 0.3
    assert AlcatrazBot.for_level("strong", seconds=30).seconds == ALCATRAZ_LEVELS["strong"].seconds
    assert AlcatrazBot.for_level("strong", clock=False).seconds is None
    assert AlcatrazBot.for_level("strong", seconds=0.3, clock=False).seconds == 0.3


def test_beginner_and_intermediate_play_a_share_of_random_moves_and_strong_none():
    state = ENGINE.new_game(seats=2, options={}, rng=random.Random(0))
    for level in ("beginner", "intermediate"):
        preset = ALCATRAZ_LEVELS[level]
        scores = _two_seat_scores(state, depth=preset.depth)
        top = max(scores.values())
        picks = [
            tuple(alcatraz_bot(level, seed=s, clock=False).choose(state, 0).items())
            for s in range(160)
        ]
        slips = sum(scores[pick] < top for pick in picks) / len(picks)
        worse = sum(value < top for value in scores.values()) / len(scores)
        assert 0.5 < slips / (preset.random_share * worse) < 1.5, level
    assert ALCATRAZ_LEVELS["beginner"].random_share > ALCATRAZ_LEVELS["intermediate"].random_share
    assert ALCATRAZ_LEVELS["strong"].random_share == 0


def _two_seat_scores(state, depth):
    """Every root move's exact two-seat search value at ``depth`` (by move items)."""
    bot = AlcatrazBot(depth)
    moves = ENGINE.legal_moves(state, state.to_move)
    children = [ENGINE.play(state, state.to_move, move, random.Random(0)) for move in moves]
    return {
        tuple(move.items()): bot._after_own_move(child, state.to_move, depth - 1, -1.0)
        for move, child in zip(moves, children, strict=True)
    }


def test_two_seat_search_shares_the_choice_between_tied_moves():
    # A deterministic pick can repeat the same positions to the turn limit against a player that
    # does likewise: moves as good as the best are chosen at random (seeded).
    state = ENGINE.new_game(seats=2, options={}, rng=random.Random(0))
    best = _two_seat_scores(state, depth=2)
    top = max(best.values())
    tied = {move for move, value in best.items() if value == top}
    assert len(tied) > 1
    chosen = {tuple(AlcatrazBot(2, seed=s).choose(state, 0).items()) for s in range(40)}
    assert len(chosen) > 1 and chosen <= tied


def test_package_bot_move_is_legal_at_every_seat_count():
    game = get_game("alcatraz")
    for seats in (2, 3, 4):
        state = ENGINE.new_game(seats=seats, options={}, rng=random.Random(seats))
        for level in game.bot_levels:
            move = game.bot_move(state, 0, level=level, rng=random.Random(0), seconds=0.5)
            assert move in ENGINE.legal_moves(state, 0)


def test_intermediate_bot_beats_random_player():
    wins = 0
    for game in range(4):
        seed = f"bot-vs-random/{game}"
        bot_seat = game % 2
        players = {
            bot_seat: alcatraz_bot("intermediate", seed=game, clock=False),
            1 - bot_seat: None,
        }
        randomer = RandomBot(ENGINE, seed=game)
        state = ENGINE.new_game(seats=2, options={"turn_limit": 300}, rng=chance_for(seed, 0))
        ply = 0
        while ENGINE.to_act(state):
            seat = ENGINE.to_act(state)[0]
            player = players[seat] or randomer
            ply += 1
            state = ENGINE.play(state, seat, player.choose(state, seat), chance_for(seed, ply))
        wins += ENGINE.outcome(state).winners == (bot_seat,)
    assert wins >= 3


def test_search_parries_a_winning_threat_at_three_seats():
    """The same threat from seat 2, two turns away: seat 1, all in the cell, cannot reach f1."""
    state = position(
        {0: ["g5", "c9"], 2: ["f1", "i9"]}, boat={0: 1, 2: 2}, seats=3, guards={1: "b1"}
    )
    for level in ("intermediate", "strong"):
        bot = alcatraz_bot(level, clock=False)
        assert bot.choose(state, 0) == {"type": "move", "from": "g5", "to": "g1"}
        assert bot.completed_depth >= 2


def test_table_search_looks_a_whole_round_ahead():
    """At 3 and 4 seats depth 2 lets every opponent answer once, depth 3 adds the bot's next move
    and depth 4 a second round."""
    assert [line_plies(depth, 4) for depth in (1, 2, 3, 4)] == [1, 4, 5, 8]
    assert [line_plies(depth, 3) for depth in (1, 2, 3, 4)] == [1, 3, 4, 6]
    assert [line_plies(depth, 2) for depth in (1, 2, 3)] == [1, 2, 3]
    for seats in (3, 4):
        state = ENGINE.new_game(seats=seats, options={}, rng=random.Random(seats))
        bot = AlcatrazBot(2, table_depth=3)
        assert bot.choose(state, 0) in ENGINE.legal_moves(state, 0)
        assert bot.completed_depth == 3


def test_table_search_expects_each_opponent_to_play_its_own_best_move():
    """Seat 1 to move: the line's one reply is the move seat 1's own evaluation rates best."""
    state = position({0: ["e5", "c8"], 1: ["d6", "b9"], 2: ["g4"]}, seats=3, to_move=1)
    children = [ENGINE.play(state, 1, m, None) for m in ENGINE.legal_moves(state, 1)]
    expected = max((evaluate(child) for child in children), key=lambda values: values[1])
    assert AlcatrazBot(2)._line(state, 0, 1) == expected
    # a line that stops on a pending alarm is valued there, by the die's mean
    ready = position({0: ["d1", "f1"], 1: ["a9"], 2: ["b9"]}, boat={0: 1}, seats=3)
    after = ENGINE.play(ready, 0, {"type": "board", "from": "d1"}, None)
    assert AlcatrazBot(2)._line(after, 0, 3) == evaluate(after)


def test_table_search_width_limits_the_root_moves_searched():
    """With ``width`` the deep pass tries only that many root moves, best first by one move."""
    state = ENGINE.new_game(seats=3, options={}, rng=random.Random(3))
    narrow, wide = AlcatrazBot(2, table_depth=3, width=2), AlcatrazBot(2, table_depth=3)
    narrow.choose(state, 0)
    wide.choose(state, 0)
    assert narrow.completed_depth == wide.completed_depth == 3
    assert narrow.evaluations < wide.evaluations
    per_seats = AlcatrazBot(2, table_depth=3, width={3: 2, 4: 40})
    per_seats.choose(state, 0)
    assert per_seats.evaluations == narrow.evaluations
    levels = {level: AlcatrazBot.for_level(level, clock=False) for level in ALCATRAZ_LEVELS}
    assert levels["intermediate"].width is not None and levels["strong"].width is None
    assert levels["intermediate"].table_depth < levels["strong"].table_depth


def test_intermediate_searches_more_root_moves_at_four_seats():
    # Four seats put more prisoners on the board: intermediate's six likeliest moves were too few.
    bot = AlcatrazBot.for_level("intermediate", clock=False)
    assert bot._width(3) == 6 < bot._width(4) == 12
    wide = AlcatrazBot(2, table_depth=3, width=12)
    narrow = AlcatrazBot(2, table_depth=3, width=6)
    state = ENGINE.new_game(seats=4, options={}, rng=random.Random(4))
    state = ENGINE.play(state, 0, ENGINE.legal_moves(state, 0)[3], random.Random(0))
    bot.random_share = 0.0
    assert bot.choose(state, 1) == wide.choose(state, 1)
    narrow.choose(state, 1)
    assert bot.evaluations == wide.evaluations > narrow.evaluations


def test_root_moves_tied_with_the_best_share_the_choice_in_both_searches():
    scores = {0: 0.5, 3: 0.5, 5: 0.5 - 1e-12, 7: 0.4}
    chosen = {AlcatrazBot(2, seed=seed)._best_of(scores) for seed in range(40)}
    assert chosen == {0, 3, 5}
    assert AlcatrazBot(2)._best_of({0: 0.3, 1: 0.6}) == 1


def test_bots_ahead_do_not_go_back_to_a_recent_position():
    # Two players could repeat the same positions to the turn limit: a move back to one of the
    # last turns' positions is worth at most a draw to the bot choosing it.
    state = position({0: ["a2", "i5"], 1: ["c7"]}, boat={0: 2}, seats=2)
    for level in ("beginner", "intermediate", "strong"):
        bot = alcatraz_bot(level, seed=1, clock=False)
        bot.random_share = 0.0
        first = bot.choose(state, 0)
        child = ENGINE.play(state, 0, first, random.Random(0))
        assert evaluate(child)[0] > 0.5  # ahead: a draw is worth less than this move
        remembered = state.clone()
        remembered.recent = (child.position_key(),)
        assert bot.choose(remembered, 0) != first, level
        assert bot.choose(state, 0) == first


def test_the_evaluation_cap_depends_on_the_seat_count():
    # Strong searches deeper with two players than its table cap would allow.
    bot = AlcatrazBot(5, evaluations=400, table_depth=4, table_evaluations=100)
    two = ENGINE.new_game(seats=2, options={}, rng=random.Random(1))
    bot.choose(two, 0)
    assert 100 < bot.evaluations <= 401
    three = ENGINE.new_game(seats=3, options={}, rng=random.Random(1))
    bot.choose(three, 0)
    assert bot.evaluations <= 101
    strong = ALCATRAZ_LEVELS["strong"]
    assert strong.evaluations > strong.table_evaluations and strong.depth > strong.table_depth


def test_table_search_evaluates_each_position_once_a_choose(monkeypatch):
    # Deeper passes and transposed lines meet the same positions again: at 3 and 4 seats a
    # choose evaluates each position once, counts only new ones toward its cap, and decides as
    # it would re-evaluating them.
    import play.games.alcatraz.bots as bots

    calls: list[tuple] = []

    def counting(state):
        calls.append((state.position_key(), state.phase, state.roll))
        return evaluate(state)

    monkeypatch.setattr(bots, "position_values", counting)
    for seats in (3, 4):
        state = ENGINE.new_game(seats=seats, options={}, rng=random.Random(seats))
        state = ENGINE.play(state, 0, ENGINE.legal_moves(state, 0)[7], random.Random(0))
        calls.clear()
        bot = AlcatrazBot(2, table_depth=4)
        move = bot.choose(state, 1)
        root = len(ENGINE.legal_moves(state, 1))
        assert bot.completed_depth == 4
        searched = calls[root:]  # after the root's children, one call per new position
        assert len(searched) == len(set(searched)) == bot.evaluations - root
        calls.clear()
        forgetful = AlcatrazBot(2, table_depth=4)
        forgetful._values = counting  # evaluates every position met, again and again
        assert forgetful.choose(state, 1) == move
        assert len(calls) > 1.2 * (len(searched) + root)


def test_cautious_table_search_weighs_the_next_seats_most_harmful_reply():
    # The next seat moves first and may strike at once: a cautious line mixes its modelled
    # reply's value with the worst one it could play; later seats keep the one-move model.
    prisoners = {0: ["h4", "c7", "i7", "i9"], 1: ["c9", "e9"], 2: ["b6", "a9"]}
    guards = {4: "f4", 5: "d5", 6: "d6", 7: "e7"}
    state = position(prisoners, seats=3, to_move=1, guards=guards)
    children = [ENGINE.play(state, 1, m, None) for m in ENGINE.legal_moves(state, 1)]
    modelled = max((evaluate(child) for child in children), key=lambda values: values[1])
    worst = min(evaluate(child)[0] for child in children)
    assert worst < modelled[0]
    for caution in (0.0, 0.3, 1.0):
        line = AlcatrazBot(2, caution=caution)._line(state, 0, 1)
        assert line[0] == pytest.approx((1 - caution) * modelled[0] + caution * worst)
        assert line[1:] == modelled[1:]
    # seat 2 is not seat 0's next seat: its reply is the modelled one whatever the caution
    later = position(prisoners, seats=3, to_move=2, guards=guards)
    assert AlcatrazBot(2, caution=1.0)._line(later, 0, 1) == AlcatrazBot(2)._line(later, 0, 1)
    levels = {level: AlcatrazBot.for_level(level, clock=False) for level in ALCATRAZ_LEVELS}
    assert levels["strong"].caution > 0


def test_strong_searches_deeper_once_nobody_has_boarded_for_a_while():
    # A four-seat stand-off: two prisoners in every boat, two left on the board each, the guards
    # barring the hatched squares. After STALL_TURNS turns without a boarding strong looks a
    # third round ahead, within the same cap; intermediate keeps its depth.
    state = position(
        {0: ["a1", "b3"], 1: ["i1", "a2"], 2: ["h1", "i3"], 3: ["b1", "h2"]},
        boat={0: 2, 1: 2, 2: 2, 3: 2},
        seats=4,
        guards={1: "d1", 2: "d2", 3: "f3", 4: "d4", 5: "d5", 6: "b6", 7: "b7", 8: "c8"},
    )
    state.turn = 912
    depths = {}
    for since in (STALL_TURNS - 1, STALL_TURNS):
        state.boarded_turn = state.turn - since
        for level in ("intermediate", "strong"):
            bot = alcatraz_bot(level, clock=False)
            bot.random_share = 0.0
            assert bot.choose(state, 0) in ENGINE.legal_moves(state, 0)
            depths[level, since] = bot.completed_depth
    assert depths["strong", STALL_TURNS - 1] == ALCATRAZ_LEVELS["strong"].table_depth == 4
    assert depths["strong", STALL_TURNS] == ALCATRAZ_LEVELS["strong"].stall_depth == 6
    assert depths["intermediate", STALL_TURNS] == depths["intermediate", STALL_TURNS - 1] == 3


def test_a_stalled_middle_game_keeps_strongs_depth_when_deeper_would_not_fit():
    # Early stalls are common at four seats (nobody boards for hundreds of turns) and a full
    # board makes depth 6 cost several times the cap: the deeper pass starts only if it fits.
    state = ENGINE.new_game(seats=4, options={}, rng=random.Random(4))
    rng = random.Random(1)
    for _ in range(24):
        (seat,) = ENGINE.to_act(state)
        state = ENGINE.play(state, seat, rng.choice(ENGINE.legal_moves(state, seat)), rng)
    state.turn = 200
    results = []
    for since in (0, STALL_TURNS):
        state.boarded_turn = state.turn - since
        bot = alcatraz_bot("strong", clock=False)
        results.append((bot.choose(state, state.to_move), bot.completed_depth, bot.evaluations))
    assert results[0] == results[1]
    assert results[0][1] == 4
    assert results[0][2] * STALL_GROWTH > ALCATRAZ_LEVELS["strong"].table_evaluations
