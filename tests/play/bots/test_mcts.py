"""The game-independent MCTS: budgets, determinism, winning moves, the hidden-information hook."""

from __future__ import annotations

import random

from play.bots.mcts import LEVELS, MCTSBot, RandomBot, make_bot, outcome_values
from play.engines.base import Engine, EngineInfo, IllegalMove, Outcome
from play.games.alcatraz.engine import AlcatrazEngine

ALCATRAZ = AlcatrazEngine()


class NimState:
    def __init__(self, stones: int, to_move: int = 0, winner: int | None = None):
        self.stones, self.to_move, self.winner, self.seats = stones, to_move, winner, 2

    def clone(self):
        return NimState(self.stones, self.to_move, self.winner)


class Nim(Engine[NimState]):
    """Take 1 to 3 stones; whoever takes the last one wins. Counts its calls for the tests."""

    info = EngineInfo(slug="nim", title="Nim", min_seats=2, max_seats=2)

    def __init__(self):
        self.plays = 0
        self.redeals = 0

    def new_game(self, *, seats, options, rng):
        return NimState(options.get("stones", 10))

    def to_act(self, state):
        return () if state.winner is not None else (state.to_move,)

    def legal_moves(self, state, seat):
        if seat not in self.to_act(state):
            return []
        return [{"take": n} for n in (1, 2, 3) if n <= state.stones]

    def play(self, state, seat, move, rng):
        if move not in self.legal_moves(state, seat):
            raise IllegalMove("illegal", "no")
        self.plays += 1
        stones = state.stones - move["take"]
        return NimState(stones, 1 - seat, seat if stones == 0 else None)

    def outcome(self, state):
        if state.winner is None:
            return None
        return Outcome((state.winner,), ((state.winner,), (1 - state.winner,)), "last_stone")

    def view(self, state, seat):
        return {"stones": state.stones}

    def to_dict(self, state):
        return {"stones": state.stones, "to_move": state.to_move, "winner": state.winner}

    def from_dict(self, data):
        return NimState(data["stones"], data["to_move"], data["winner"])


class HiddenNim(Nim):
    def redeal_hidden(self, state, seat, rng):
        self.redeals += 1
        return state.clone()


def alcatraz_position(prisoners, boat=None, to_move=0):
    data = ALCATRAZ.to_dict(ALCATRAZ.new_game(seats=2, options={}, rng=random.Random(0)))
    boat = boat or {}
    data["prisoners"] = [list(prisoners.get(s, [])) for s in range(2)]
    data["boat"] = [boat.get(s, 0) for s in range(2)]
    data["cell"] = [4 - len(data["prisoners"][s]) - data["boat"][s] for s in range(2)]
    data["to_move"] = to_move
    return ALCATRAZ.from_dict(data)


def test_respects_iteration_budget():
    engine = Nim()
    bot = MCTSBot(engine, iterations=37, seed=1)
    bot.choose(NimState(10), 0)
    assert bot.last_iterations == 37
    assert 37 <= engine.plays <= 37 * 10  # one playout per iteration, each at most 10 plies


def test_time_budget_stops_early():
    bot = MCTSBot(Nim(), iterations=10**9, time_limit=0.0, seed=1)
    bot.choose(NimState(10), 0)
    assert bot.last_iterations == 1


def test_single_legal_move_needs_no_search():
    bot = MCTSBot(Nim(), iterations=50)
    assert bot.choose(NimState(1), 0) == {"take": 1}
    assert bot.last_iterations == 0


def short_bot(seed, iterations=120):
    """Pure MCTS on Alcatraz with playouts cut at 10 plies (scored as ties): quick enough."""
    return MCTSBot(ALCATRAZ, iterations=iterations, seed=seed, max_playout=10)


def test_deterministic_for_a_seed():
    state = alcatraz_position({0: ["e5", "c7"], 1: ["g4", "d9"]})
    picks = [short_bot(3).choose(state, 0) for _ in range(3)]
    assert picks[0] == picks[1] == picks[2]
    # a whole game, chance included, replays move for move
    games = []
    for _ in range(2):
        bots, moves = [short_bot(5, 30), short_bot(6, 30)], []
        game = alcatraz_position({0: ["d3"]})
        for ply in range(12):
            seat = ALCATRAZ.to_act(game)[0]
            moves.append(bots[seat].choose(game, seat))
            game = ALCATRAZ.play(game, seat, moves[-1], random.Random(ply))
        games.append(moves)
    assert games[0] == games[1]


def test_finds_the_winning_move_in_nim():
    # 10 stones: taking 2 leaves a multiple of 4, a lost position for the opponent
    assert MCTSBot(Nim(), iterations=2000, seed=0).choose(NimState(10), 0) == {"take": 2}


def test_boards_the_third_prisoner_to_win():
    state = alcatraz_position({0: ["d3", "a5"], 1: ["c4", "h6"]}, boat={0: 2})
    for seed in range(3):
        assert short_bot(seed, 80).choose(state, 0) == {
            "type": "board",
            "from": "d3",
        }


def test_handles_chance_open_loop():
    # seat 1 must roll for the alarm, then choose a direction: a chance node inside the tree
    state = alcatraz_position({0: ["d3", "a5"], 1: ["c5", "h6"]})
    state = ALCATRAZ.play(state, 0, {"type": "board", "from": "d3"}, random.Random(0))
    before = ALCATRAZ.to_dict(state)
    assert short_bot(0).choose(state, 1) == {"type": "roll"}  # the only move: no search
    # seat 0 to choose after seat 1's alarm: the search crosses the roll, sampled per iteration
    other = alcatraz_position({0: ["d3", "a5"], 1: ["e2", "c5", "h6"]}, boat={1: 1}, to_move=1)
    bot = short_bot(0, 300)
    bot.choose(other, 1)
    assert bot.last_iterations == 300
    assert ALCATRAZ.to_dict(state) == before


def test_hidden_information_hook_redeals_every_iteration():
    engine = HiddenNim()
    MCTSBot(engine, iterations=25, seed=0).choose(NimState(9), 0)
    assert engine.redeals == 25


def test_levels_map_to_budgets():
    assert set(LEVELS) == {"beginner", "intermediate", "strong"}
    assert LEVELS["beginner"].iterations < LEVELS["intermediate"].iterations
    assert LEVELS["intermediate"].iterations < LEVELS["strong"].iterations
    bot = make_bot(Nim(), "beginner", seed=4)
    assert bot.iterations == LEVELS["beginner"].iterations


def test_random_player_plays_legal_moves_reproducibly():
    state = ALCATRAZ.new_game(seats=3, options={}, rng=random.Random(0))
    first = [RandomBot(ALCATRAZ, seed=9).choose(state, 0) for _ in range(3)]
    assert first[0] == first[1] == first[2]
    assert first[0] in ALCATRAZ.legal_moves(state, 0)


def test_outcome_values():
    won = Outcome((1,), ((1,), (0, 2)), "win")
    assert outcome_values(won, 3) == [0.0, 1.0, 0.0]
    ranked = Outcome((2,), ((2,), (0,), (1,)), "finish")
    assert outcome_values(ranked, 3) == [0.5, 0.0, 1.0]
    assert outcome_values(Outcome((), ((0, 1),), "limit", draw=True), 2) == [0.5, 0.5]
    assert outcome_values(Outcome((), ((0, 1),), "nobody"), 2) == [0.5, 0.5]  # one shared place
