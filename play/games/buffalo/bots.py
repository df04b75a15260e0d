"""Prairie / Buffalo bots: an alpha-beta searcher at three levels, a greedy player, a random player.

:class:`AlphaBetaBot` is iterative-deepening negamax with a transposition table keyed by the
bitboards, move ordering (table move, chief captures, killer moves, history), principal variation
search with late move reductions, a forced-capture extension, a one-ply quiescence for Indians
facing a runner, and the exact facts and evaluation of :mod:`play.games.buffalo.evaluation`. It
plays multi-step opening turns (handicaps) too. Its budget is a node count (deterministic: the same
position and budget give the same move) or a time in seconds (the default: about one second);
:data:`LEVELS` names node-budget presets. The search runs compiled (``_search*.c``, set up by
:mod:`play.games.buffalo.compiled`; about 35 times faster) when it is built, else in Python; both
visit the same nodes. :class:`GreedyBot` plays the best move by that static
evaluation, :class:`RandomBot` a uniformly random one (both seeded). Every bot has
``choose(state) -> move dict`` and ``choose_int(state) -> int move`` (see ``BuffaloState``).
The levels measured against each other and Fairy-Stockfish: ``docs/bots.md`` (Prairie / Buffalo).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from play.engines.base import Move
from play.games.buffalo import board as bb
from play.games.buffalo.engine import MAX_PLIES, BuffaloState, move_from_int

from . import compiled
from .evaluation import (
    MATE,
    MATE_BOUND,
    NEIGHBOURS,
    ROW5,
    ROW6,
    buffalo_to_move_win,
    dogs_lock_all,
)
from .evaluation import evaluate as static_evaluate
from .reference_bots import GreedyBot, RandomBot  # noqa: F401 (the arena's references)
from .solver import PROVEN, Solver, key_of

LEVELS: dict[str, dict] = {
    # Node budgets: reproducible, weak on purpose, and light on a busy server. The Indians need
    # deeper search than the buffalo to hold every lane, so intermediate gives them three times
    # the nodes (it then beat the one-ply player 11 games in 12, against 9 for 15,000 or 30,000
    # nodes; python -m arena, the figures in texts.LEVEL_DESCRIPTIONS).
    # Their clocks only guard a busy machine (the nodes take under 0.03 s compiled, 0.03–0.3 s
    # in pure Python).
    "beginner": {"max_depth": 3, "max_nodes": 5_000, "max_seconds": 0.5},
    "intermediate": {"max_nodes": 15_000, "indian_nodes": 45_000, "max_seconds": 1.0},
    # Searches to the clock (iterative deepening until the time is spent), the Indians longer
    # than the buffalo (0.7 s / 1.3 s beat intermediate 10 games in 12, 1 s both sides 7 in 12;
    # about 0.8 s a move on average, as buffalo moves often end early on a found win).
    "strong": {"max_seconds": 0.7, "indian_seconds": 1.3},
    # 1.7 s a move on both sides, after asking the solver about the position: it keeps every move
    # under 2 s on a loaded machine (1.8 s took 2.09 s once at a load of 3-4).
    "expert": {"max_seconds": 1.7, "solve": True},
}
DEFAULT_SECONDS = 1.0
SOLVER_SHARE = 0.35  # of the budget (seconds or nodes) the solver may spend at the root
SOLVER_MAX_BUFFALO = 6  # beyond this many buffalo the solver hardly ever proves a result
MAX_DEPTH = 64
TIME_CHECK_INTERVAL = 64
LMR_MIN_DEPTH = 3  # late move reductions from this remaining depth on …
LMR_AFTER = 4  # … for quiet moves after the first few (table move, captures, killers)
ORDER_LANES = True
EXACT, LOWER, UPPER = 0, 1, 2
# A missing table entry: (depth, flag, score, move) with a depth no search ever asks for.
_NO_ENTRY = (-(1 << 30), EXACT, 0, 0)
LOCK_PLIES = MAX_PLIES  # a dog lock wins for the Indians within the game's length


class _OutOfBudget(Exception):
    pass


@dataclass
class SearchResult:
    move: int
    score: int
    depth: int
    nodes: int
    pv: list[int] = field(default_factory=list)


class AlphaBetaBot:
    """Iterative-deepening negamax; give ``max_nodes`` for reproducible play."""

    def __init__(
        self,
        *,
        max_depth: int = MAX_DEPTH,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
        solve: bool = False,
        indian_nodes: int | None = None,
        indian_seconds: float | None = None,
    ):
        self.max_depth = max_depth
        self.indian_nodes = indian_nodes
        self.indian_seconds = indian_seconds
        self.solve = solve
        self.max_nodes = max_nodes
        self.max_seconds = (
            DEFAULT_SECONDS if max_nodes is None and max_seconds is None else max_seconds
        )

    @classmethod
    def for_level(cls, level: str) -> AlphaBetaBot:
        return cls(**LEVELS[level])

    def choose(self, state: BuffaloState) -> Move:
        return move_from_int(self.choose_int(state))

    def choose_int(self, state: BuffaloState) -> int:
        return self.search(state).move

    def search(self, state: BuffaloState) -> SearchResult:
        moves = state.int_moves()
        if not moves:
            raise ValueError("no move to choose: the game is over")
        began = time.perf_counter()
        budget, seconds = self.budget_for(state.side)
        proven, used = self.proven_move(state, budget, seconds) if self.solve else (None, 0)
        if proven is not None:
            return SearchResult(proven, MATE_BOUND, 0, used, [proven])
        nodes = None if budget is None else max(budget - used, 1)
        if seconds is not None:
            seconds = max(seconds - (time.perf_counter() - began), 0.01)
        search = _new_search(nodes, seconds, state.options.blocked_at_once)
        search.use_proven = self.solve
        result = SearchResult(moves[0], 0, 0, 0)
        root = (
            state.buffalo,
            state.dogs,
            state.chief,
            state.side,
            state.opening_left,
            state.opening_moved,
        )
        for depth in range(1, self.max_depth + 1):
            try:
                score, move = search.root(*root, depth, moves, result.move)
            except _OutOfBudget:
                if search.partial_move is not None:
                    result.move, result.score = search.partial_move, search.partial_score
                break
            result = SearchResult(
                move, score, depth, search.nodes, search.principal_variation(root, move)
            )
            if abs(score) >= MATE_BOUND or len(moves) == 1:
                break
        result.nodes = search.nodes
        return result

    def budget_for(self, side: int) -> tuple[int | None, float | None]:
        """``(nodes, seconds)`` a move for ``side``: the Indians may have their own budget."""
        if side == bb.INDIAN_SIDE:
            return (
                self.max_nodes if self.indian_nodes is None else self.indian_nodes,
                self.max_seconds if self.indian_seconds is None else self.indian_seconds,
            )
        return self.max_nodes, self.max_seconds

    def proven_move(
        self, state: BuffaloState, budget: int | None = None, seconds: float | None = None
    ) -> tuple[int | None, int]:
        """``(move, solver nodes)``: a move keeping a win the solver proves within its share.

        The solver's budget is ``SOLVER_SHARE`` of the move's (``budget`` nodes or ``seconds``,
        the bot's by default); standard turns and default rules only. Proven positions stay in
        :data:`solver.PROVEN` for later moves.
        """
        if budget is None and seconds is None:
            budget, seconds = self.budget_for(state.side)
        if (
            state.opening_left
            or state.options.blocked_at_once
            or state.buffalo.bit_count() > SOLVER_MAX_BUFFALO
        ):
            return None, 0
        nodes = None if budget is None else int(budget * SOLVER_SHARE)
        deadline = None
        if seconds is not None:
            deadline = time.perf_counter() + seconds * SOLVER_SHARE
        solver = Solver(max_nodes=nodes, deadline=deadline)
        move = solver.winning_move(state.buffalo, state.dogs, state.chief, state.side)
        return move, solver.nodes


class _Search:
    def __init__(self, max_nodes: int | None, max_seconds: float | None, blocked_at_once: bool):
        if max_seconds is not None and math.isnan(max_seconds):
            raise ValueError("max_seconds must be a number, not NaN")  # it would never time out
        self.nodes = 0
        self.max_nodes = max_nodes
        self.deadline = None if max_seconds is None else time.perf_counter() + max_seconds
        self.blocked_at_once = blocked_at_once
        self.table: dict[tuple, tuple[int, int, int, int]] = {}
        self.history: dict[int, int] = {}
        self.killers: dict[int, list[int]] = {}
        self.partial_move: int | None = None
        self.partial_score = 0
        self.use_proven = False

    def root(self, b, d, c, side, ol, om, depth, moves, previous_best):
        self.partial_move = None
        ordered = [previous_best] + [m for m in moves if m != previous_best]
        alpha, best_move = -MATE - 1, ordered[0]
        for move in ordered:
            score = self.child_score(b, d, c, side, ol, om, move, depth, alpha, MATE + 1, 0)
            if score > alpha:
                alpha, best_move = score, move
            self.partial_move, self.partial_score = best_move, alpha
        return alpha, best_move

    def child_score(self, b, d, c, side, ol, om, move, depth, alpha, beta, ply):
        """Score for ``side`` (the mover) of ``move``, searched in the ``alpha``/``beta`` window."""
        nb, nd, nc = bb.apply(b, d, c, move)
        if side == bb.BUFFALO_SIDE and ol:
            nom = om | 1 << (move >> 7) % bb.COLUMNS
            steps = bb.buffalo_steps(nb, nb | nd | 1 << nc) & ~_columns(nom)
            if ol > 1 and steps:  # the opening turn goes on: same side, no sign change
                return self.negamax(nb, nd, nc, side, ol - 1, nom, depth - 1, alpha, beta, ply + 1)
        return -self.negamax(nb, nd, nc, 1 - side, 0, 0, depth - 1, -beta, -alpha, ply + 1)

    def negamax(self, b, d, c, side, ol, om, depth, alpha, beta, ply):
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            raise _OutOfBudget
        self.nodes += 1
        if self.deadline is not None and not self.nodes % TIME_CHECK_INTERVAL:
            if time.perf_counter() > self.deadline:
                raise _OutOfBudget
        if b & bb.GOAL_MASK:  # the buffalo just crossed
            return -(MATE - ply) if side == bb.INDIAN_SIDE else MATE - ply
        if dogs_lock_all(b, d, c):  # a sure Indian win, at most LOCK_PLIES moves away
            score = MATE - ply - LOCK_PLIES
            return score if side == bb.INDIAN_SIDE else -score
        if self.use_proven and not ol and (proven := self.proven_score(b, d, c, side, ply)):
            return proven
        occ = b | d | 1 << c
        forced = None
        if side == bb.BUFFALO_SIDE:
            if not b or not bb.buffalo_steps(b, occ):
                return -(MATE - ply)
            win = buffalo_to_move_win(b, d, c)
            if win:
                return MATE - ply - win
        else:
            if not b:
                return MATE - ply
            if self.blocked_at_once and not bb.buffalo_steps(b, occ):
                return MATE - ply
            runners = b & ROW6
            if runners:
                if runners & (runners - 1) or not NEIGHBOURS[c] & runners:
                    return -(MATE - ply - 2)
                forced = [c | (runners.bit_length() - 1) << 7]
        if depth <= 0 and forced is None:
            # Quiescence: Indians facing a row-5 buffalo that would step to a square out of the
            # chief's reach must answer it, so their reply is searched instead of guessed.
            if side == bb.BUFFALO_SIDE or not (b & ROW5) << bb.COLUMNS & ~occ & ~NEIGHBOURS[c]:
                return static_evaluate(b, d, c, side)
        key = (b, d, c, side) if not ol else (b, d, c, side, ol, om)
        e_depth, flag, e_score, tt_move = self.table.get(key, _NO_ENTRY)
        if e_depth >= depth:
            if e_score > MATE_BOUND:
                e_score -= ply
            elif e_score < -MATE_BOUND:
                e_score += ply
            if flag == EXACT:
                return e_score
            if flag == LOWER and e_score >= beta:
                return e_score
            if flag == UPPER and e_score <= alpha:
                return e_score
        moves = forced or self.moves_in_order(b, d, c, side, ol, om, tt_move, ply)
        if not moves:
            return -(MATE - ply)
        if forced:
            depth += 1  # forced capture: look one ply further
        original_alpha, best, best_move = alpha, -MATE - 1, 0
        for i, move in enumerate(moves):
            if i == 0:
                score = self.child_score(b, d, c, side, ol, om, move, depth, alpha, beta, ply)
            else:
                # Principal variation search, with late quiet moves searched one ply shallower.
                reduce = depth >= LMR_MIN_DEPTH and i >= LMR_AFTER and not b >> (move >> 7) & 1
                reduced = depth - 1 if reduce else depth
                score = self.child_score(
                    b, d, c, side, ol, om, move, reduced, alpha, alpha + 1, ply
                )
                if score > alpha and (reduce or score < beta):
                    score = self.child_score(b, d, c, side, ol, om, move, depth, alpha, beta, ply)
            if score > best:
                best, best_move = score, move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        self.remember_cutoff(move, b, depth, ply)
                        break
        flag = UPPER if best <= original_alpha else LOWER if best >= beta else EXACT
        stored = best + ply if best > MATE_BOUND else best - ply if best < -MATE_BOUND else best
        self.table[key] = (depth, flag, stored, best_move)
        return best

    def proven_score(self, b, d, c, side, ply):
        """The score of an endgame the solver proved (a sure result within the game), else 0."""
        wins = PROVEN.get(key_of(b, d, c, side))
        if wins is None:
            return 0
        score = MATE - ply - LOCK_PLIES
        return score if wins else -score

    def moves_in_order(self, b, d, c, side, ol, om, tt_move, ply):
        """The moves, best first (a list, empty when there is none, or :meth:`staged`)."""
        if tt_move:  # the table move first: a cut-off often spares generating the others
            return self.staged(b, d, c, side, ol, om, tt_move, ply)
        moves = bb.generate(b, d, c, side, om if ol else 0)
        return self.order(moves, b, d, c, 0, ply) if moves else moves

    def remember_cutoff(self, move, b, depth, ply):
        """Credit ``move`` for a cut-off: a killer at ``ply`` when quiet, and its history."""
        if not b >> (move >> 7) & 1:
            killers = self.killers.setdefault(ply, [0, 0])
            if killers[0] != move:
                killers[1], killers[0] = killers[0], move
        self.history[move] = self.history.get(move, 0) + depth * depth

    def staged(self, b, d, c, side, ol, om, tt_move, ply):
        """The table move (legal: the table is keyed by the position), then the others ordered."""
        yield tt_move
        moves = bb.generate(b, d, c, side, om if ol else 0)
        yield from self.order([m for m in moves if m != tt_move], b, d, c, 0, ply)

    def order(self, moves: list[int], b: int, d: int, c: int, tt_move: int, ply: int) -> list[int]:
        """Table move, captures, killers, then moves about free buffalo, then by history."""
        killers = self.killers.get(ply, (0, 0))
        history = self.history
        hot = _free_lanes(b, d, c) if ORDER_LANES else 0

        def rank(move: int) -> int:
            if move == tt_move:
                return 1 << 40
            to = move >> 7
            if b >> to & 1:  # chief captures, the most advanced first
                return (1 << 38) + to
            if move in killers:
                return 1 << 36
            if hot >> to & 1:  # a buffalo steps along a free lane, or an Indian closes one
                return (1 << 34) + history.get(move, 0) + to // bb.COLUMNS
            return history.get(move, 0) + to // bb.COLUMNS

        return sorted(moves, key=rank, reverse=True)

    def principal_variation(self, root, first_move: int) -> list[int]:
        """The expected line: ``first_move`` then table moves while they stay legal."""
        b, d, c, side, ol, om = root
        pv: list[int] = []
        seen = set()
        move = first_move
        while len(pv) < MAX_DEPTH:
            if move not in bb.generate(b, d, c, side, om if ol else 0):
                break
            pv.append(move)
            nb, nd, nc = bb.apply(b, d, c, move)
            nom = om | 1 << (move >> 7) % bb.COLUMNS
            if (
                side == bb.BUFFALO_SIDE
                and ol > 1
                and bb.buffalo_steps(nb, nb | nd | 1 << nc) & ~_columns(nom)
            ):
                b, d, c, ol, om = nb, nd, nc, ol - 1, nom
            else:
                b, d, c, side, ol, om = nb, nd, nc, 1 - side, 0, 0
            key = (b, d, c, side) if not ol else (b, d, c, side, ol, om)
            entry = self.table.get(key)
            if entry is None or key in seen or bb.winner(b, d, c, side) is not None:
                break
            seen.add(key)
            move = entry[3]
        return pv


def _new_search(max_nodes: int | None, max_seconds: float | None, blocked_at_once: bool):
    """The compiled search when :data:`COMPILED` (the same nodes), else :class:`_Search`."""
    if COMPILED and _compiled is not None:
        return _compiled.Search(max_nodes, max_seconds, blocked_at_once)
    return _Search(max_nodes, max_seconds, blocked_at_once)


def _free_lanes(b: int, d: int, c: int) -> int:
    """Squares ahead of the buffalo that no Indian piece stands in front of, up to row 6."""
    below = (d | 1 << c) >> bb.COLUMNS
    below |= below >> bb.COLUMNS
    below |= below >> 2 * bb.COLUMNS
    below |= below >> 4 * bb.COLUMNS
    lanes = (b & ~below) << bb.COLUMNS
    lanes |= lanes << bb.COLUMNS
    lanes |= lanes << 2 * bb.COLUMNS
    lanes |= lanes << 4 * bb.COLUMNS
    return lanes & bb.INDIAN_ZONE


def _columns(column_bits: int) -> int:
    """Squares of the columns whose bits are set (bit c = column c)."""
    squares = 0
    for col in range(bb.COLUMNS):
        if column_bits >> col & 1:
            squares |= bb.COLUMN_MASK[col]
    return squares


# The compiled core of _Search (play/games/buffalo/_search*.c), configured with this module's
# constants; None when it is not built or BUFFALO_PURE_PYTHON is set. COMPILED switches it off.
_compiled = compiled.load(
    out_of_budget=_OutOfBudget,
    lock_plies=LOCK_PLIES,
    time_check_interval=TIME_CHECK_INTERVAL,
    lmr_min_depth=LMR_MIN_DEPTH,
    lmr_after=LMR_AFTER,
    order_lanes=int(ORDER_LANES),
    max_depth=MAX_DEPTH,
)
COMPILED = _compiled is not None


# -- the game contract's bots (play.games.contract.Bots) --------------------------------------

EVALUATION_SCALE = 400.0  # static score (side to move) that maps to about 73 % / 27 %


def bot_move(
    state: BuffaloState, seat: int, *, level: str, rng: random.Random, seconds: float
) -> Move:
    """The level's preset, its time capped by ``seconds``."""
    preset = dict(LEVELS[level])
    preset["max_seconds"] = min(preset.get("max_seconds") or seconds, seconds)
    if preset.get("indian_seconds") is not None:
        preset["indian_seconds"] = min(preset["indian_seconds"], seconds)
    return AlphaBetaBot(**preset).choose(state)


def evaluate(state: BuffaloState) -> list[float]:
    """The static score of the side to move, squashed to a chance of winning."""
    if state.result is not None:
        winner = state.seat_of(state.result[0])
        return [1.0 if seat == winner else 0.0 for seat in range(2)]
    score = static_evaluate(state.buffalo, state.dogs, state.chief, state.side)
    mover = 1 / (1 + math.exp(-score / EVALUATION_SCALE))
    seat = state.seat_of(state.side)
    values = [0.0, 0.0]
    values[seat], values[1 - seat] = mover, 1 - mover
    return values


def gain(before: BuffaloState, after: BuffaloState, seat: int) -> float:
    """Captures for the Indians, rows advanced for the buffalo (a win counts most)."""
    if after.result is not None:
        return 100.0 if seat == after.seat_of(after.result[0]) else -100.0
    if seat == before.seat_of(bb.BUFFALO_SIDE):
        return float(_rows(after.buffalo) - _rows(before.buffalo))
    return float(before.buffalo.bit_count() - after.buffalo.bit_count())


def _rows(buffalo: int) -> int:
    return sum(sq // bb.COLUMNS for sq in bb.bits(buffalo))
