"""The compiled Buffalo search (``_search*.c``) survives hostile calls and threads.

Whatever its arguments, the extension module must raise a clear exception (ValueError,
TypeError, OverflowError, RuntimeError), never crash, read out of bounds or hang. The calls that
crashed the interpreter before they were fixed run in a subprocess, so that a regression fails
one test instead of killing the test run.
"""

from __future__ import annotations

import math
import os
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from play.games.buffalo import board as bb
from play.games.buffalo import bots, compiled, solver
from play.games.buffalo.bots import AlphaBetaBot
from play.games.buffalo.engine import BuffaloEngine

ENGINE = BuffaloEngine()
ROOT = Path(__file__).resolve().parents[4]
START = ENGINE.new_game(seats=2, options={}, rng=None)
START_ROOT = (
    START.buffalo,
    START.dogs,
    START.chief,
    START.side,
    START.opening_left,
    START.opening_moved,
)
# Twenty dogs spread over the Indians' zone: 172 dog moves, more than a real position's 96.
MANY_DOGS = 41028025986396528640

pytestmark = pytest.mark.skipif(
    compiled.pure_python_forced(), reason="BUFFALO_PURE_PYTHON forces the pure-Python search"
)


def extension():
    assert bots.COMPILED, "play/games/buffalo/_search*.c is not built: run `make setup`"
    return bots._compiled


def run_isolated(code: str) -> str:
    """Runs ``code`` (after ``fast = the configured module``) in a new interpreter; its stdout.

    Fails with the interpreter's stderr when it does not exit normally (a crash: a signal).
    """
    prelude = "from play.games.buffalo import bots\nfast = bots._compiled\n"
    out = subprocess.run(
        [sys.executable, "-X", "faulthandler", "-c", prelude + textwrap.dedent(code)],
        cwd=ROOT,
        env={k: v for k, v in os.environ.items() if k != compiled.PURE_PYTHON_VARIABLE},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout


def test_more_dogs_than_the_game_has_are_rejected_not_overflowing_the_move_list():
    assert len(bb.generate(0, MANY_DOGS, 55, bb.INDIAN_SIDE)) > 128  # the C list's size
    out = run_isolated(
        f"""
        b = sum(1 << sq for sq in range(11, 22))
        calls = [
            lambda: fast.generate(b, {MANY_DOGS}, 55, 1),
            lambda: fast.evaluate(b, {MANY_DOGS}, 55, 1),
            lambda: fast.apply(b, {MANY_DOGS}, 55, 11 | 22 << 7),
            lambda: fast.Search(10_000, None, False).root(b, {MANY_DOGS}, 55, 1, 0, 0, 3, [], 0),
            lambda: fast.Search(10, None, False).principal_variation(
                (b, {MANY_DOGS}, 55, 1, 0, 0), 0
            ),
        ]
        for call in calls:
            try:
                call()
            except ValueError as error:
                print(error)
        """
    )
    assert out.splitlines() == ["at most 4 dogs"] * 5


def test_a_moves_list_emptied_while_it_is_read_is_not_read_past_its_end():
    out = run_isolated(
        """
        from play.games.buffalo.engine import BuffaloEngine
        start = BuffaloEngine().new_game(seats=2, options={}, rng=None)
        first = start.int_moves()[0]
        moves = start.int_moves()

        class Emptying:
            def __index__(self):
                moves.clear()
                return first

        moves.insert(0, Emptying())
        search = fast.Search(200, None, False)
        root = (start.buffalo, start.dogs, start.chief, 0, 0, 0)
        print(search.root(*root, 1, moves, first)[1] == first)
        """
    )
    assert out.split() == ["True"]


def test_a_search_never_initialised_raises_instead_of_reading_a_missing_table():
    out = run_isolated(
        f"""
        for call in (
            lambda search: search.root(*{START_ROOT}, 1, {START.int_moves()}, 0),
            lambda search: search.principal_variation({START_ROOT}, {START.int_moves()[0]}),
        ):
            try:
                call(fast.Search.__new__(fast.Search))
            except RuntimeError as error:
                print(error)
        """
    )
    assert out.splitlines() == ["the search is not initialised"] * 2


def test_a_failed_reinitialisation_changes_nothing():
    fast = extension()
    search = fast.Search(300, None, False)
    moves = START.int_moves()
    with pytest.raises(bots._OutOfBudget):
        search.root(*START_ROOT, 8, moves, moves[0])
    nodes, size = search.nodes, search.table_size
    for bad in ((-1, None, False), (None, "soon", False), (None, math.nan, False)):
        with pytest.raises((ValueError, TypeError)):
            search.__init__(*bad)
    assert (search.nodes, search.table_size) == (nodes, size)
    with pytest.raises(bots._OutOfBudget):  # still the 300-node budget, not an unbounded one
        search.root(*START_ROOT, 8, moves, moves[0])
    assert search.nodes == 300


def test_the_principal_variation_is_refused_while_the_search_runs(monkeypatch):
    """A thread reading the table the running search reallocates (it crashed): refused.

    The search probes PROVEN (holding the GIL); a key there equal to one the search probes runs
    Python code in the middle of the search, which asks for the principal variation.
    """
    fast = extension()
    search = fast.Search(5_000, None, False)
    moves = START.int_moves()
    child = START.child(moves[0])
    probed = solver.key_of(child.buffalo, child.dogs, child.chief, child.side)
    answers = []

    class Spy:
        def __hash__(self):
            return hash(probed)

        def __eq__(self, other):
            try:
                answers.append(search.principal_variation(START_ROOT, moves[0]))
            except RuntimeError as error:
                answers.append(str(error))
            return False

    monkeypatch.setitem(solver.PROVEN, Spy(), True)
    search.use_proven = True
    search.root(*START_ROOT, 1, moves, moves[0])
    assert answers and set(answers) == {"this search is running"}
    assert search.principal_variation(START_ROOT, moves[0]) == [moves[0]]


def test_a_root_position_given_as_a_list_is_read_like_a_tuple():
    fast = extension()
    search = fast.Search(2_000, None, False)
    moves = START.int_moves()
    score, move = search.root(*START_ROOT, 2, moves, moves[0])
    assert search.principal_variation(list(START_ROOT), move) == search.principal_variation(
        START_ROOT, move
    )
    with pytest.raises(TypeError):
        search.principal_variation(START_ROOT[:5], move)


@pytest.mark.parametrize(
    "arguments, error",
    [
        ((START.buffalo, START.dogs, 77, 0, 0, 0), ValueError),  # chief off the board
        ((START.buffalo, START.dogs, -1, 0, 0, 0), ValueError),
        ((START.buffalo, START.dogs, 1 << 70, 0, 0, 0), OverflowError),
        ((START.buffalo, START.dogs, START.chief, 2, 0, 0), ValueError),  # side not 0/1
        ((START.buffalo, START.dogs, START.chief, -1, 0, 0), ValueError),
        ((START.buffalo, START.dogs, START.chief, 0, 12, 0), ValueError),  # opening left
        ((START.buffalo, START.dogs, START.chief, 0, 3, 1 << 11), ValueError),  # opening moved
        ((START.buffalo, START.dogs, START.chief, 0, 3, -1), ValueError),
        ((1 << 77, START.dogs, START.chief, 0, 0, 0), ValueError),  # a 78-bit board
        ((-1, START.dogs, START.chief, 0, 0, 0), ValueError),
        ((START.buffalo, 1 << 200, START.chief, 0, 0, 0), ValueError),
        ((float(START.buffalo), START.dogs, START.chief, 0, 0, 0), TypeError),
        ((START.buffalo, START.dogs, float(START.chief), 0, 0, 0), TypeError),
        ((START.buffalo, START.dogs, "f6", 0, 0, 0), TypeError),
    ],
)
def test_hostile_positions_raise_a_clear_error(arguments, error):
    fast = extension()
    b, d, c, side, ol, om = arguments
    search = fast.Search(100, None, False)
    moves = START.int_moves()
    with pytest.raises(error):
        search.root(b, d, c, side, ol, om, 1, moves, moves[0])
    with pytest.raises(error):
        search.principal_variation(arguments, moves[0])
    if ol == 0 and om == 0:
        for call in (fast.generate, fast.evaluate):
            with pytest.raises(error):
                call(b, d, c, side)
    if (side, ol, om) == (0, 0, 0):
        with pytest.raises(error):
            fast.apply(b, d, c, moves[0])
    assert search.nodes == 0


@pytest.mark.parametrize(
    "call",
    [
        lambda s, m: s.root(*START_ROOT, 0, m, m[0]),  # depth below 1
        lambda s, m: s.root(*START_ROOT, 101, m, m[0]),  # deeper than the table's int8 depth
        lambda s, m: s.root(*START_ROOT, 1, m, 1 << 14),  # past the history table
        lambda s, m: s.root(*START_ROOT, 1, m, 77),  # a move from square 77
        lambda s, m: s.root(*START_ROOT, 1, m, 77 << 7),  # a move to square 77
        lambda s, m: s.root(*START_ROOT, 1, m, -1),
        lambda s, m: s.root(*START_ROOT, 1, m + [1 << 64], m[0]),
        lambda s, m: s.root(*START_ROOT, 1, m * 12, m[0]),  # more moves than a position has
        lambda s, m: s.root(*START_ROOT, 1, 5, m[0]),
        lambda s, m: s.root(*START_ROOT, 1, m),
        lambda s, m: s.principal_variation(START_ROOT, 1 << 20),
        lambda s, m: s.principal_variation(5, m[0]),
    ],
)
def test_hostile_search_arguments_raise_a_clear_error(call):
    search = extension().Search(100, None, False)
    with pytest.raises((ValueError, TypeError, OverflowError)):
        call(search, START.int_moves())
    assert search.nodes == 0


@pytest.mark.parametrize(
    "arguments",
    [
        (-1, None, False),
        (1 << 64, None, False),
        (1.5, None, False),
        ("100", None, False),
        (None, math.nan, False),
        (None, "1", False),
        (None, 10**400, False),
    ],
)
def test_hostile_budgets_raise_a_clear_error(arguments):
    with pytest.raises((ValueError, TypeError, OverflowError)):
        extension().Search(*arguments)


@pytest.mark.parametrize("seconds", [0.0, -1.0, -math.inf])
def test_a_spent_time_budget_stops_the_search_at_the_first_clock_check(seconds):
    search = extension().Search(None, seconds, False)
    moves = START.int_moves()
    with pytest.raises(bots._OutOfBudget):
        for depth in range(1, 30):
            search.root(*START_ROOT, depth, moves, moves[0])
    assert search.nodes == bots.TIME_CHECK_INTERVAL


def test_an_infinite_time_budget_leaves_the_node_budget_in_charge():
    search = extension().Search(3_000, math.inf, False)
    moves = START.int_moves()
    with pytest.raises(bots._OutOfBudget):
        for depth in range(1, 30):
            search.root(*START_ROOT, depth, moves, moves[0])
    assert search.nodes == 3_000


def test_a_zero_node_budget_searches_nothing_like_python():
    moves = START.int_moves()
    for search in (extension().Search(0, None, False), bots._Search(0, None, False)):
        with pytest.raises(bots._OutOfBudget):
            search.root(*START_ROOT, 1, moves, moves[0])
        assert (search.nodes, search.partial_move) == (0, None)


def test_a_nan_time_budget_is_refused_by_both_searches():
    for search in (extension().Search, bots._Search):
        with pytest.raises(ValueError, match="max_seconds"):
            search(None, math.nan, False)


def test_two_threads_searching_at_once_give_the_sequential_results():
    extension()
    states = [START, START.child(START.int_moves()[3])]
    budgets = (400_000, 300_000)
    sequential = [AlphaBetaBot(max_nodes=n).search(s) for s, n in zip(states, budgets, strict=True)]
    results: list = [None, None]
    started = threading.Barrier(2)

    def search(i):
        started.wait()
        results[i] = AlphaBetaBot(max_nodes=budgets[i]).search(states[i])

    threads = [threading.Thread(target=search, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    as_tuples = [(r.move, r.score, r.depth, r.nodes, r.pv) for r in results]
    assert as_tuples == [(r.move, r.score, r.depth, r.nodes, r.pv) for r in sequential]


def test_the_main_thread_runs_while_another_thread_searches():
    """The search releases the GIL when it does not probe PROVEN."""
    search = extension().Search(None, None, False)
    moves = START.int_moves()
    progress = []
    finished = threading.Event()

    def deep():
        search.root(*START_ROOT, 8, moves, moves[0])  # one call: the GIL released inside
        finished.set()

    thread = threading.Thread(target=deep)
    thread.start()
    while not finished.is_set():
        progress.append(search.nodes)  # runs only if the searching thread lets the GIL go
    thread.join()
    # Held for the whole call, the GIL would show only the counts before and after it.
    assert any(0 < nodes < search.nodes for nodes in progress)


def test_a_table_that_cannot_grow_stays_usable_and_never_fills_up():
    """Out of memory, the table keeps its size and replaces positions (it used to fill every
    slot, after which a lookup of a missing position looped forever); a new Search raises
    MemoryError."""
    out = run_isolated(
        """
        import resource
        from play.games.buffalo.engine import BuffaloEngine
        start = BuffaloEngine().new_game(seats=2, options={}, rng=None)
        root, moves = (start.buffalo, start.dogs, start.chief, 0, 0, 0), start.int_moves()

        def limit_memory(spare):
            for line in open("/proc/self/status"):
                if line.startswith("VmSize"):
                    limit = int(line.split()[1]) * 1024 + spare
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

        search = fast.Search(1_500_000, None, False)  # its table: 65,536 slots, 2 MB
        limit_memory(3 << 20)  # the first growth needs 4 MB
        try:
            for depth in range(1, 30):
                search.root(*root, depth, moves, moves[0])
        except bots._OutOfBudget:
            pass
        print(search.nodes, search.table_size)
        limit_memory(1 << 20)
        try:
            fast.Search(None, None, False)
        except MemoryError:
            print("MemoryError")
        """
    )
    nodes, size, error = out.split()
    assert int(nodes) == 1_500_000
    assert 40_000 < int(size) <= 65_536 * 3 // 4
    assert error == "MemoryError"
