"""Buffalo bots: they take wins, stop crossings, keep to their budget and beat a random player."""

from __future__ import annotations

import pytest

from play.games.buffalo.bots import LEVELS, AlphaBetaBot, GreedyBot, RandomBot
from play.games.buffalo.engine import BuffaloEngine, BuffaloState, move_to_int
from play.games.buffalo.evaluation import buffalo_to_move_win

ENGINE = BuffaloEngine()
FAR_DOGS = ["a3", "k2", "k6", "b6"]


def play_game(bots: dict[int, object], **options) -> int:
    """Play a whole game between seat bots; the winning seat."""
    state = ENGINE.new_game(seats=2, options=options, rng=None)
    while ENGINE.to_act(state):
        seat = ENGINE.to_act(state)[0]
        code = bots[seat].choose_int(state)
        assert code in state.int_moves()
        state = state.child(code)
    return ENGINE.outcome(state).winners[0]


def test_bot_takes_an_immediate_win():
    state = BuffaloState.setup(buffalo=["c6", "e1", "h2"], dogs=FAR_DOGS, chief="h4")
    result = AlphaBetaBot(max_nodes=2_000).search(state)
    assert result.move == move_to_int({"from": "c6", "to": "c7"})
    assert result.score > 900_000


def test_bot_stops_an_immediate_buffalo_crossing():
    state = BuffaloState.setup(
        buffalo=["d6", "a1", "h2"], dogs=FAR_DOGS, chief="e5", side="indians"
    )
    assert AlphaBetaBot(max_nodes=2_000).choose(state) == {"from": "e5", "to": "d6"}
    assert GreedyBot(0).choose(state) == {"from": "e5", "to": "d6"}


def test_bot_answers_a_runner_on_row_5():
    state = BuffaloState.setup(
        buffalo=["c5", "a1", "h2", "i1"], dogs=["e2", "k2", "k6", "j4"], chief="h5", side="indians"
    )
    assert buffalo_to_move_win(state.buffalo, state.dogs, state.chief)  # if the Indians pass
    after = state.child(AlphaBetaBot(max_nodes=5_000).choose_int(state))
    assert not buffalo_to_move_win(after.buffalo, after.dogs, after.chief)


def test_bot_respects_its_node_budget_and_is_deterministic():
    state = ENGINE.new_game(seats=2, options={}, rng=None)
    first = AlphaBetaBot(max_nodes=1_500).search(state)
    second = AlphaBetaBot(max_nodes=1_500).search(state)
    assert first.nodes <= 1_500
    assert (first.move, first.score, first.depth) == (second.move, second.score, second.depth)
    assert first.move in state.int_moves() and first.pv[0] == first.move


def test_bot_plays_the_opening_turn_of_a_handicap():
    state = ENGINE.new_game(seats=2, options={"opening_buffalo_moves": 3}, rng=None)
    for _ in range(3):
        assert ENGINE.to_act(state) == (0,)
        state = state.child(AlphaBetaBot(max_nodes=1_000).choose_int(state))
    assert ENGINE.to_act(state) == (1,)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_levels_give_legal_moves(level):
    state = ENGINE.new_game(seats=2, options={}, rng=None).child(0 | 11 << 7)  # a1-a2
    bot = AlphaBetaBot.for_level(level) if level != "strong" else AlphaBetaBot(max_nodes=3_000)
    assert bot.choose_int(state) in state.int_moves()


def test_greedy_and_random_players_play_legal_games():
    assert play_game({0: GreedyBot(1), 1: RandomBot(2)}) in (0, 1)
    assert play_game({0: RandomBot(3), 1: GreedyBot(4)}, removed_columns=["f"]) in (0, 1)


def test_bot_beats_random_with_the_buffalo():
    for seed in range(2):
        assert play_game({0: AlphaBetaBot(max_nodes=1_500), 1: RandomBot(seed)}) == 0


def test_bot_beats_random_with_the_indians():
    wins = sum(
        play_game({0: RandomBot(seed), 1: AlphaBetaBot(max_nodes=2_500)}) for seed in range(3)
    )
    assert wins >= 2
