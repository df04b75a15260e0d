"""The compiled Buffalo search (``_search*.c``) plays exactly like the Python ``_Search``.

At the same node budget both searches must give the same move, score, depth, node count and
principal variation, on positions from seeded games under every rule variant. The extension
must be built (``make`` builds it): its absence fails these tests unless ``BUFFALO_PURE_PYTHON``
says the pure-Python search is wanted, in which case they are skipped.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from play.games.buffalo import board as bb
from play.games.buffalo import bots, compiled, solver
from play.games.buffalo.bots import AlphaBetaBot, RandomBot
from play.games.buffalo.engine import BuffaloEngine, BuffaloState
from play.games.buffalo.evaluation import NEIGHBOURS, ROW6, evaluate

ENGINE = BuffaloEngine()
ROOT = Path(__file__).resolve().parents[4]

pytestmark = pytest.mark.skipif(
    compiled.pure_python_forced(), reason="BUFFALO_PURE_PYTHON forces the pure-Python search"
)

RULE_VARIANTS = {
    "standard": {},
    "three-buffalo opening turn": {"opening_buffalo_moves": 3},
    "handicap: six-buffalo opening turn, two columns removed": {
        "opening_buffalo_moves": 6,
        "removed_columns": ["a", "k"],
    },
    "blocked buffalo lose at once": {"immobilised_buffalo": "at_once"},
}


def extension():
    """The configured ``_search`` module; fails (not skips) when it is not built."""
    assert bots.COMPILED, "play/games/buffalo/_search*.c is not built: run `make setup`"
    return bots._compiled


def game_positions(options: dict, seed: int, games: int, flat: bool = True) -> list:
    """Every position of seeded games (a list per game unless ``flat``), to the end of each.

    Random and searched moves are mixed, so that the games last and stay varied.
    """
    rng = random.Random(seed)
    played = []
    for _ in range(games):
        state = ENGINE.new_game(seats=2, options=options, rng=None)
        played.append([])
        while ENGINE.to_act(state):
            played[-1].append(state)
            if rng.random() < 0.5:
                move = RandomBot(rng.random()).choose_int(state)
            else:
                move = AlphaBetaBot(max_nodes=rng.choice((50, 300))).choose_int(state)
            state = state.child(move)
    return [p for game in played for p in game] if flat else played


def search_both(monkeypatch, state: BuffaloState, **bot_options):
    """``(python result, compiled result)`` of the same bot on ``state``."""
    results = []
    for use_compiled in (False, True):
        monkeypatch.setattr(bots, "COMPILED", use_compiled)
        results.append(AlphaBetaBot(**bot_options).search(state))
    return results


def as_tuple(result) -> tuple:
    return result.move, result.score, result.depth, result.nodes, result.pv


def is_forced_capture(state: BuffaloState) -> bool:
    runners = state.buffalo & ROW6
    return (
        state.side == bb.INDIAN_SIDE
        and runners.bit_count() == 1
        and bool(NEIGHBOURS[state.chief] & runners)
    )


def test_compiled_search_is_built_unless_pure_python_is_forced():
    assert extension().Search is not None


@pytest.mark.parametrize("variant", RULE_VARIANTS)
def test_compiled_search_matches_python_search_node_for_node(monkeypatch, variant):
    extension()
    positions = game_positions(RULE_VARIANTS[variant], seed=len(variant), games=3)
    assert len(positions) >= 60
    if "opening" in variant:
        assert any(p.opening_left > 1 for p in positions)
    for i, state in enumerate(positions):
        python, fast = search_both(monkeypatch, state, max_nodes=(400, 1_500, 4_000)[i % 3])
        assert as_tuple(fast) == as_tuple(python), (variant, i, state.to_dict())


def random_setups(seed: int, count: int) -> list[BuffaloState]:
    """Seeded random positions with a buffalo one step from the chief's side on row 6."""
    rng = random.Random(seed)
    zone = [sq for sq in range(bb.SQUARES) if bb.INDIAN_ZONE >> sq & 1]
    positions = []
    while len(positions) < count:
        chief_column = rng.randrange(bb.COLUMNS)
        chief = 5 * bb.COLUMNS + chief_column  # row 6
        runner = min(max(chief_column + rng.choice((-1, 1)), 0), bb.COLUMNS - 1)
        others = rng.sample([c for c in range(bb.COLUMNS) if c != runner], rng.randint(0, 5))
        buffalo = [4 * bb.COLUMNS + runner] + [rng.randint(0, 4) * bb.COLUMNS + c for c in others]
        dogs = rng.sample([sq for sq in zone if sq not in buffalo and sq != chief], 4)
        state = BuffaloState.setup(
            buffalo=[bb.square_name(sq) for sq in buffalo],
            dogs=[bb.square_name(sq) for sq in dogs],
            chief=bb.square_name(chief),
            side=rng.choice(("buffalo", "indians")),
        )
        if ENGINE.to_act(state):
            positions.append(state)
    return positions


def test_compiled_search_matches_on_forced_captures_and_game_ends(monkeypatch):
    extension()
    positions = random_setups(seed=4, count=60)
    # Buffalo moves onto row 6 next to the chief: the Indians' reply is a forced capture.
    assert sum(any(is_forced_capture(p.child(m)) for m in p.int_moves()) for p in positions) >= 10
    endings = [game[-3:] for game in game_positions({}, seed=7, games=8, flat=False)]
    # The deeper searches find mates through the table (its ply adjustment matters there).
    for i, state in enumerate(positions + [p for ending in endings for p in ending]):
        python, fast = search_both(monkeypatch, state, max_nodes=(2_000, 20_000)[i % 2])
        assert as_tuple(fast) == as_tuple(python), state.to_dict()


def test_compiled_search_matches_with_deep_searches_and_reductions(monkeypatch):
    extension()
    positions = game_positions({}, seed=11, games=1)[4:40:6]
    for state in positions:
        python, fast = search_both(monkeypatch, state, max_nodes=40_000)
        assert python.depth >= bots.LMR_MIN_DEPTH + 2
        assert as_tuple(fast) == as_tuple(python), state.to_dict()


@pytest.fixture
def proven_endgames():
    """solver.PROVEN filled by proving a few small endgames; restored afterwards."""
    saved = dict(solver.PROVEN)
    rng = random.Random(5)
    zone = [sq for sq in range(bb.SQUARES) if bb.INDIAN_ZONE >> sq & 1]
    positions = []
    for _ in range(12):  # three buffalo: the solver proves most of them in a few thousand nodes
        buffalo = [rng.randint(0, 3) * bb.COLUMNS + c for c in rng.sample(range(bb.COLUMNS), 3)]
        chief, *dogs = rng.sample([sq for sq in zone if sq not in buffalo], 5)
        state = BuffaloState.setup(
            buffalo=[bb.square_name(sq) for sq in buffalo],
            dogs=[bb.square_name(sq) for sq in dogs],
            chief=bb.square_name(chief),
            side=rng.choice(("buffalo", "indians")),
        )
        solver.Solver(max_nodes=3_000).solve(state.buffalo, state.dogs, state.chief, state.side)
        positions.append(state)
    assert len(solver.PROVEN) > len(saved)
    yield positions
    solver.PROVEN.clear()
    solver.PROVEN.update(saved)


def test_compiled_search_probes_the_proven_endgames_like_python(monkeypatch, proven_endgames):
    extension()
    # The search alone, probing the table (the root solver would change it between the runs).
    monkeypatch.setattr(AlphaBetaBot, "proven_move", lambda self, *args: (None, 0))
    changed = 0
    for state in proven_endgames:
        python, fast = search_both(monkeypatch, state, max_nodes=1_500, solve=True)
        assert as_tuple(fast) == as_tuple(python), state.to_dict()
        without = AlphaBetaBot(max_nodes=1_500).search(state)
        changed += as_tuple(without) != as_tuple(fast)
    assert changed  # the probes found proven positions


def test_compiled_search_stops_on_the_clock_with_a_legal_move():
    extension()
    state = game_positions({}, seed=3, games=1)[10]
    for seconds in (0.000_001, 0.01):
        result = AlphaBetaBot(max_seconds=seconds).search(state)
        assert result.move in state.int_moves()


def test_compiled_generate_evaluate_and_apply_match_the_python_board():
    fast = extension()
    positions = game_positions({"opening_buffalo_moves": 4}, seed=2, games=4)
    assert any(p.opening_moved for p in positions)  # skip_columns is exercised
    for state in positions:
        b, d, c = state.buffalo, state.dogs, state.chief
        for side in (bb.BUFFALO_SIDE, bb.INDIAN_SIDE):
            assert fast.generate(b, d, c, side) == bb.generate(b, d, c, side)
            assert fast.evaluate(b, d, c, side) == evaluate(b, d, c, side)
        skip = state.opening_moved  # bit c: column c
        assert fast.generate(b, d, c, 0, skip) == bb.generate(b, d, c, 0, skip)
        for move in state.int_moves():
            assert fast.apply(b, d, c, move) == bb.apply(b, d, c, move)


def test_compiled_search_rejects_bad_positions_with_a_clear_error():
    fast = extension()
    search = fast.Search(100, None, False)
    start = ENGINE.new_game(seats=2, options={}, rng=None)
    root = (start.buffalo, start.dogs, start.chief, 0, 0, 0)
    with pytest.raises(ValueError, match="chief"):
        search.root(start.buffalo, start.dogs, 200, 0, 0, 0, 1, start.int_moves(), 0)
    with pytest.raises(ValueError, match="bitboard"):
        search.root(1 << 80, start.dogs, start.chief, 0, 0, 0, 1, start.int_moves(), 0)
    with pytest.raises(ValueError, match="move"):
        search.principal_variation(root, 1 << 20)
    assert search.nodes == 0


def test_compiled_module_is_configured_once():
    fast = extension()
    with pytest.raises(RuntimeError, match="once"):
        fast.configure({})


def test_pure_python_variable_switches_the_compiled_search_off():
    code = "from play.games.buffalo import bots; print(bots.COMPILED)"
    env = {**os.environ, compiled.PURE_PYTHON_VARIABLE: "1"}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "False"
