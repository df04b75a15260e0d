"""Buffalo bots: they take wins, stop crossings, keep to their budget and beat a random player."""

from __future__ import annotations

import random

import pytest

from play.games.buffalo import texts
from play.games.buffalo.bots import LEVELS, AlphaBetaBot, GreedyBot, RandomBot
from play.games.buffalo.engine import BuffaloEngine, BuffaloState, move_to_int
from play.games.buffalo.evaluation import MATE_BOUND, buffalo_to_move_win
from play.games.buffalo.game import GAME
from play.games.buffalo.series import DEFAULT_REMOVAL_ORDER
from play.games.buffalo.solver import PROVEN, Solver, key_of

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


def test_indians_get_their_own_node_budget():
    bot = AlphaBetaBot(max_nodes=1_000, indian_nodes=3_000)
    start = ENGINE.new_game(seats=2, options={}, rng=None)
    assert bot.search(start).nodes <= 1_000  # the buffalo move first
    indians = start.child(bot.choose_int(start))
    assert indians.side == 1
    nodes = bot.search(indians).nodes
    assert 1_000 < nodes <= 3_000
    assert AlphaBetaBot(max_nodes=1_000).search(indians).nodes <= 1_000


def test_indian_seconds_are_capped_by_the_request_budget(monkeypatch):
    from play.games.buffalo import bots

    seen = []
    monkeypatch.setitem(bots.LEVELS, "strong", {"max_seconds": 0.7, "indian_seconds": 1.3})
    monkeypatch.setattr(
        bots.AlphaBetaBot, "choose", lambda self, state: seen.append(self.budget_for(1)) or None
    )
    state = ENGINE.new_game(seats=2, options={}, rng=None)
    GAME.bot_move(state, 0, level="strong", rng=random.Random(1), seconds=0.5)
    GAME.bot_move(state, 0, level="strong", rng=random.Random(1), seconds=2.0)
    assert seen == [(None, 0.5), (None, 1.3)]


def test_bot_plays_the_opening_turn_of_a_handicap():
    state = ENGINE.new_game(seats=2, options={"opening_buffalo_moves": 3}, rng=None)
    for _ in range(3):
        assert ENGINE.to_act(state) == (0,)
        state = state.child(AlphaBetaBot(max_nodes=1_000).choose_int(state))
    assert ENGINE.to_act(state) == (1,)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_levels_give_legal_moves(level):
    state = ENGINE.new_game(seats=2, options={}, rng=None).child(0 | 11 << 7)  # a1-a2
    preset = dict(LEVELS[level])
    if "max_seconds" in preset:  # the clock levels, on a node budget to stay reproducible
        preset = preset | {"max_seconds": None, "indian_seconds": None, "max_nodes": 3_000}
    assert AlphaBetaBot(**preset).choose_int(state) in state.int_moves()


def test_strong_and_expert_search_to_the_clock_not_to_a_node_cap():
    assert "max_nodes" not in LEVELS["strong"] and "max_nodes" not in LEVELS["expert"]
    assert LEVELS["expert"]["max_seconds"] > LEVELS["strong"]["max_seconds"]
    assert LEVELS["strong"]["indian_seconds"] < 2  # no move over the 2 s a move ceiling
    assert GAME.bot_levels == ("beginner", "intermediate", "strong", "expert")


def test_expert_level_is_offered_and_plays_a_legal_move():
    state = ENGINE.new_game(seats=2, options={}, rng=None)
    move = GAME.bot_move(state, 0, level="expert", rng=random.Random(1), seconds=0.05)
    assert move in ENGINE.legal_moves(state, 0)


@pytest.mark.parametrize("buffalo", [1, 2, 3, 4])
def test_solver_proves_the_small_ladder_starts_for_the_indians(buffalo):
    # The house rules state it: the ladder's starts with up to five buffalo are Indian wins (five
    # take a minute, so the test stops at four).
    removed = sorted(DEFAULT_REMOVAL_ORDER[: 11 - buffalo])
    state = ENGINE.new_game(seats=2, options={"removed_columns": removed}, rng=None)
    solver = Solver(max_nodes=100_000)
    assert solver.solve(state.buffalo, state.dogs, state.chief, state.side) is False
    assert PROVEN[key_of(state.buffalo, state.dogs, state.chief, state.side)] is False


def test_house_rules_state_the_proven_results_and_how():
    headings = [str(heading) for heading, _ in GAME.house_rules]
    text = str(dict(GAME.house_rules)[texts.PROVEN_RESULTS[0]])
    assert "Résultats prouvés" in headings
    assert "cinq bisons ou moins" in text and "nombres de preuve" in text


def test_expert_plays_a_proven_win_and_keeps_it_to_the_end():
    # Four buffalo against the Indians: the solver proves the Indians' win; the expert (on a node
    # budget) keeps it whatever the buffalo play, and wins.
    state = ENGINE.new_game(seats=2, options={"removed_columns": list("cdefghi")}, rng=None)
    expert = AlphaBetaBot(max_nodes=60_000, solve=True)
    rng = random.Random(3)
    while ENGINE.to_act(state):
        if state.side == 1:
            result = expert.search(state)
            assert result.depth == 0 and result.score >= MATE_BOUND  # the solver's move
            state = state.child(result.move)
        else:
            state = state.child(rng.choice(state.int_moves()))
    assert ENGINE.outcome(state).winners == (1,)


def test_search_scores_a_proven_endgame_as_a_sure_result():
    # Eight buffalo: too many for the root solver, so only the search sees the table.
    state = BuffaloState.setup(buffalo=[f"{c}1" for c in "abcdefgh"], side="buffalo")
    child = state.child(state.int_moves()[0])
    key = key_of(child.buffalo, child.dogs, child.chief, child.side)
    saved = PROVEN.get(key)
    PROVEN[key] = False  # pretend the solver proved this child lost for the Indians to move
    try:
        bot = AlphaBetaBot(max_nodes=500, solve=True)
        bot_result = bot.search(state)
    finally:
        if saved is None:
            del PROVEN[key]
        else:
            PROVEN[key] = saved
    assert bot_result.move == state.int_moves()[0]
    assert bot_result.score >= MATE_BOUND - 1_000
    assert AlphaBetaBot(max_nodes=500).search(state).score < MATE_BOUND - 1_000


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


def test_the_table_of_proven_positions_stays_bounded_dropping_the_oldest(monkeypatch):
    from play.games.buffalo import solver

    monkeypatch.setattr(solver, "PROVEN", {})
    monkeypatch.setattr(solver, "PROVEN_LIMIT", 8)
    for key in range(20):
        solver.remember(key, key % 2 == 0)
    assert len(solver.PROVEN) <= 8
    assert 19 in solver.PROVEN and 0 not in solver.PROVEN
    assert solver.PROVEN[18] is True and solver.PROVEN[19] is False
