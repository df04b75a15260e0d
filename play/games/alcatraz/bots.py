"""Alcatraz bots: look-ahead over the evaluation of :mod:`.evaluation`, at three levels.

Random Alcatraz games take thousands of turns to end, so random playouts say nothing; the bots
search instead, on the evaluation, and a move that wins at once is always played.

Two players: *best-reply* search ``depth`` moves deep (Schadd & Winands' BRS, plain minimax with
two players): the bot's move, the reply that hurts it most, then (depth 3) its own next move.
Alpha-beta cuts prune the replies, the moves are tried best-first by their one-move value, and a
clock stops the deepest pass early (the previous, complete pass then decides).

Three or four players: the same reply-that-hurts-most over every opponent proved far too
pessimistic (someone can always catch something), so the bots search *max-n* lines with an
opponent model instead: each opponent, in turn, plays the move its own evaluation rates best, as a
careful player looking one move ahead would. Depth 2 lets each opponent answer once (a whole
round), depth 3 adds the bot's own next move (its best of all; deeper levels would only follow its
:attr:`AlcatrazBot.beam` most promising ones). Passes deepen one level at a time to the clock.
A choose evaluates each position once (:meth:`AlcatrazBot._values`), and only new positions count
toward the cap. Strong is also *cautious*: each line's value mixes in :data:`STRONG_CAUTION` of
the worst reply the next seat (who moves first, and rolls the alarm) could play, by one move; a
blend, since the full worst case over every opponent proved too pessimistic. It costs no
evaluation: the opponent model rates those replies anyway.

In both, a boarding ends the line there: the evaluation averages the alarm's die exactly. Two
players can repeat the same positions to the turn limit: root moves tied with the best share the
choice (seeded), and a root move back to one of the last turns' positions (``state.recent``) is
worth at most a draw.

* beginner: one move ahead, and one move in three at random;
* intermediate: depth 3 with two players; at 3 or 4, depth 3 over its
  :data:`INTERMEDIATE_WIDTH` best moves by one-move value; and one move in sixteen at random
  (:data:`INTERMEDIATE_RANDOM_SHARE`);
* strong: depth 6 with two players, within :data:`STRONG_TWO_SEAT_EVALUATIONS`; at 3 or 4,
  depth 4 over every move, cautious, and depth 6 once :data:`STALL_TURNS` turns have passed
  without a boarding (late stand-offs), if the cap leaves room for it
  (:meth:`AlcatrazBot._affordable`); within :data:`STRONG_SECONDS` and
  :data:`STRONG_EVALUATIONS` (new positions).

What each choice measured, and the levels' results: ``docs/bots.md`` (Alcatraz).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from play.games.base import finished_evaluation

from .engine import AlcatrazEngine, AlcatrazState
from .evaluation import evaluate as position_values
from .evaluation import seat_scores, static_values  # noqa: F401 (the bots' API)

ENGINE = AlcatrazEngine()
NO_CHANCE = random.Random(0)  # prisoner moves use no chance; a roll is valued, never sampled
STRONG_SECONDS = 0.9
STRONG_EVALUATIONS = (
    12_000  # 3-4 seats, new positions: depth 4 needs about 5,000 (0.3 s, free core)
)
STRONG_TWO_SEAT_EVALUATIONS = 60_000  # two seats: 0.12 s a move on average on a free core
INFINITY = float("inf")
TIE_MARGIN = 1e-9  # root moves within this of the best are tied
# A root move back to a recent turn's position is worth at most a draw: nobody progresses in a
# cycle and the turn limit will call it one (a penalty of 0.02 left most such cycles in place).
REPEAT_VALUE = 0.5
# Intermediate's slips, moves played at random: without any it was as strong as strong at three
# seats; one in eight brought it under the one-move player's level at two.
INTERMEDIATE_RANDOM_SHARE = 1 / 16
# the root moves intermediate searches, its likeliest by one move: at four seats 6 were too few
# (it beat the one-move player 60 % of 24 games, where 12 won 83 % of the same 24)
INTERMEDIATE_WIDTH = {3: 6, 4: 12}
# At 3 or 4 seats strong mixes this share of the next seat's most harmful reply into each line's
# value (the next seat moves first and may strike at once; see AlcatrazBot._line).
STRONG_CAUTION = 0.3
# Once STALL_TURNS turns have passed without a boarding, strong searches STRONG_STALL_DEPTH deep
# at 3 or 4 seats (three rounds of replies), within the same cap and clock: such stalls are mostly
# stand-offs late in the game, few prisoners left on the board, where depth 6 is affordable and
# finds the plans that break them (see the module docstring).
STALL_TURNS = 150
STRONG_STALL_DEPTH = 6
STALL_GROWTH = 4  # a deeper pass starts only if 4 times the evaluations spent fit in the cap


@dataclass(frozen=True)
class Level:
    depth: int
    random_share: float = 0.0  # this share of the moves is played at random
    seconds: float | None = None  # the level's own cap (the caller's budget applies too)
    evaluations: int | None = None  # a deterministic cap on the positions a move may evaluate
    table_depth: int | None = None  # the depth at 3 or 4 seats, if not ``depth``
    table_evaluations: int | None = None  # the cap at 3 or 4 seats, if not ``evaluations``
    width: int | dict[int, int] | None = None  # 3-4 seats: root moves searched (per seat count)
    caution: float = 0.0  # at 3 or 4 seats: weight of the next seat's most harmful reply
    stall_depth: int | None = None  # 3-4 seats, after STALL_TURNS turns without a boarding


ALCATRAZ_LEVELS: dict[str, Level] = {
    "beginner": Level(depth=1, random_share=1 / 3),
    "intermediate": Level(
        depth=3,
        random_share=INTERMEDIATE_RANDOM_SHARE,
        seconds=STRONG_SECONDS,
        table_depth=3,
        width=INTERMEDIATE_WIDTH,
    ),
    "strong": Level(
        depth=6,
        seconds=STRONG_SECONDS,
        evaluations=STRONG_TWO_SEAT_EVALUATIONS,
        table_depth=4,
        table_evaluations=STRONG_EVALUATIONS,
        caution=STRONG_CAUTION,
        stall_depth=STRONG_STALL_DEPTH,
    ),
}


class _OutOfTime(Exception):
    pass


class AlcatrazBot:
    """Chooses ``seat``'s move by best-reply (2 seats) or max-n search; see the module docstring.
    ``width`` caps the root moves a max-n pass tries (best-first), ``beam`` the bot's own moves
    followed further inside a line; ``table_depth`` and ``table_evaluations`` are the depth and
    the cap at 3 or 4 seats."""

    def __init__(
        self,
        depth: int = 2,
        *,
        seconds: float | None = None,
        random_share: float = 0.0,
        evaluations: int | None = None,
        width: int | dict[int, int] | None = None,
        beam: int = 3,
        caution: float = 0.0,
        table_depth: int | None = None,
        table_evaluations: int | None = None,
        stall_depth: int | None = None,
        seed: int | str = 0,
    ):
        if depth < 1:
            raise ValueError("The search depth must be at least 1.")
        self.depth, self.seconds, self.random_share = depth, seconds, random_share
        self.max_evaluations = self.two_seat_evaluations = evaluations
        self.table_evaluations = evaluations if table_evaluations is None else table_evaluations
        self.width, self.beam, self.caution = width, beam, caution
        self.table_depth = depth if table_depth is None else table_depth
        self.stall_depth = self.table_depth if stall_depth is None else stall_depth
        self.rng = random.Random(seed)
        self.deadline = INFINITY
        self.completed_depth = 0  # the deepest pass the previous ``choose`` finished
        self.evaluations = 0
        self.repeats: list[bool] = []  # per root move: whether it repeats a recent position
        self.known: dict[tuple, list[float]] = {}  # 3-4 seats: values met during this choose

    @classmethod
    def for_level(
        cls, level: str, *, seconds: float | None = None, seed: int | str = 0, clock: bool = True
    ):
        """The bot of ``level``; ``seconds`` caps its clock, and ``clock=False`` drops the level's
        own (a busy machine's guard), so that only depths and evaluation caps decide: tests."""
        preset = ALCATRAZ_LEVELS[level]
        limits = [s for s in (preset.seconds if clock else None, seconds) if s is not None]
        return cls(
            preset.depth,
            seconds=min(limits) if limits else None,
            random_share=preset.random_share,
            evaluations=preset.evaluations,
            table_depth=preset.table_depth,
            table_evaluations=preset.table_evaluations,
            width=preset.width,
            caution=preset.caution,
            stall_depth=preset.stall_depth,
            seed=seed,
        )

    def choose(self, state: AlcatrazState, seat: int) -> dict:
        moves = ENGINE.legal_moves(state, seat)
        if not moves:
            raise ValueError(f"Seat {seat} has no move to choose.")
        self.completed_depth, self.evaluations, self.known = 0, 0, {}
        self.max_evaluations = (
            self.two_seat_evaluations if state.seats == 2 else self.table_evaluations
        )
        if len(moves) == 1:
            return moves[0]
        if self.random_share and self.rng.random() < self.random_share:
            return moves[self.rng.randrange(len(moves))]
        began = time.perf_counter()
        self.deadline = INFINITY if self.seconds is None else began + self.seconds
        children = [ENGINE.play(state, seat, move, NO_CHANCE) for move in moves]
        seen = set(state.recent)
        self.repeats = [  # (a boarding or a won game is never a repetition)
            child.phase == "move" and child.position_key() in seen for child in children
        ]
        values = [
            self._root_value(i, position_values(child)[seat]) for i, child in enumerate(children)
        ]
        self.evaluations = len(children)
        order = sorted(range(len(moves)), key=lambda i: -values[i])
        self.completed_depth = 1
        if values[order[0]] >= 1.0 or self.depth == 1 or state.phase != "move":
            return moves[self._pick(order, values)]
        if state.seats > 2:
            return moves[self._max_n(state, children, order, seat)]
        best_index = order[0]
        for depth in range(2, self.depth + 1):
            try:
                best_index, scores = self._root(children, order, seat, depth)
            except _OutOfTime:
                break
            order = sorted(order, key=lambda i: -scores[i])
            self.completed_depth = depth
            best_index = self._best_of(scores)  # upper bounds below the best never tie
        return moves[best_index]

    # -- the search ----------------------------------------------------------------------------

    def _root(self, children, order, seat, depth) -> tuple[int, dict[int, float]]:
        """The best move at ``depth`` and every move's score (exact for the best, an upper bound
        for the others)."""
        best, best_index, scores = -INFINITY, order[0], {}
        for index in order:
            value = self._after_own_move(children[index], seat, depth - 1, best - TIE_MARGIN)
            value = self._root_value(index, value)  # a bound at most alpha stays one
            scores[index] = value
            if value > best:
                best, best_index = value, index
        return best_index, scores

    def _after_own_move(self, state: AlcatrazState, me: int, depth: int, alpha: float) -> float:
        """The value for ``me`` once the opponents' most harmful reply is played (``alpha``: a
        value already secured, below which the exact figure does not matter)."""
        if depth == 0 or state.phase != "move":
            return self._value(state, me)
        lowest = INFINITY
        for opponent in _opponents(state, me):
            position = _to_move(state, opponent)
            for reply in ENGINE.legal_moves(position, opponent):
                after = ENGINE.play(position, opponent, reply, NO_CHANCE)
                if depth == 1 or after.phase != "move":
                    value = self._value(after, me)
                else:
                    value = self._best_own_move(after, me, lowest)
                if value < lowest:
                    lowest = value
                    if lowest <= alpha:
                        return lowest
        return lowest

    def _best_own_move(self, state: AlcatrazState, me: int, beta: float) -> float:
        """``me``'s best one-move value from ``state`` (stopping once it reaches ``beta``)."""
        position = _to_move(state, me)
        best = -INFINITY
        for move in ENGINE.legal_moves(position, me):
            value = self._value(ENGINE.play(position, me, move, NO_CHANCE), me)
            if value > best:
                best = value
                if best >= beta:
                    return best
        return best

    def _max_n(self, state, children, order, seat) -> int:
        """The root move whose max-n line (see :meth:`_line`) ends best for ``seat``, deepening
        one level of look-ahead at a time up to ``depth``; root moves are tried best-first (by the
        previous pass) and a pass cut short by the clock counts only if it finished the previous
        best move."""
        seats, best_index = state.seats, order[0]
        stalled = state.turns_without_boarding >= STALL_TURNS
        for depth in range(2, (self.stall_depth if stalled else self.table_depth) + 1):
            if depth > self.table_depth and not self._affordable():
                break
            plies = line_plies(depth, seats) - 1
            scores: dict[int, float] = {}
            try:
                for index in order[: self._width(seats)]:
                    if time.perf_counter() > self.deadline:
                        raise _OutOfTime
                    line = self._line(children[index], seat, plies)
                    scores[index] = self._root_value(index, line[seat])
            except _OutOfTime:
                if order[0] in scores:
                    best_index = self._best_of(scores)
                break
            best_index = self._best_of(scores)
            order = sorted(scores, key=lambda i: -scores[i])
            self.completed_depth = depth
        return best_index

    def _affordable(self) -> bool:
        """Whether a stall's deeper pass fits in what is left of the cap: each level costs a few
        times the evaluations spent so far (a middle game's depth 4 alone spends about 5,000)."""
        cap = self.max_evaluations
        return cap is None or self.evaluations * STALL_GROWTH <= cap

    def _width(self, seats: int) -> int | None:
        """The root moves a max-n pass tries at ``seats`` (``None``: all)."""
        return self.width.get(seats) if isinstance(self.width, dict) else self.width

    def _root_value(self, index: int, value: float) -> float:
        """Root move ``index``'s ``value``, at most :data:`REPEAT_VALUE` if it repeats."""
        return min(value, REPEAT_VALUE) if self.repeats[index] else value

    def _best_of(self, scores: dict[int, float]) -> int:
        """The best-scored index; indices tied with it share the choice (seeded): a
        deterministic pick can repeat the same positions to the turn limit."""
        top = max(scores.values()) - TIE_MARGIN  # (a cut-off bound is at most this: not tied)
        tied = [i for i, score in scores.items() if score > top]
        return tied[self.rng.randrange(len(tied))] if len(tied) > 1 else tied[0]

    def _line(self, state: AlcatrazState, me: int, plies: int) -> list[float]:
        """Max-n with a one-move opponent model: each opponent in turn plays the move its own
        evaluation rates best (a careful player looking one move ahead), ``me`` the best of its
        ``beam`` most promising moves; the values after ``plies`` plies, or where a boarding or
        the end of the game stops the line."""
        if plies <= 0 or state.phase != "move":
            return self._values(state)
        seat = state.to_move
        moves = ENGINE.legal_moves(state, seat)
        children = [ENGINE.play(state, seat, move, NO_CHANCE) for move in moves]
        if seat != me:
            best, chosen, worst = None, None, INFINITY
            for child in children:
                values = self._values(child)
                if values[me] < worst:
                    worst = values[me]
                if best is None or values[seat] > best[seat]:
                    best, chosen = values, child
            line = best if plies == 1 else self._line(chosen, me, plies - 1)
            if self.caution and seat == (me + 1) % state.seats:
                line = line[:]  # the next seat may strike first: its worst reply weighs in
                line[me] = (1.0 - self.caution) * line[me] + self.caution * worst
            return line
        scored = [(self._values(child), child) for child in children]
        if plies == 1:
            return max((values for values, _ in scored), key=lambda values: values[me])
        scored.sort(key=lambda pair: -pair[0][me])
        lines = [self._line(child, me, plies - 1) for _, child in scored[: self.beam]]
        return max(lines, key=lambda values: values[me])

    def _values(self, state: AlcatrazState) -> list[float]:
        """Every seat's value of ``state``, remembered for the rest of the ``choose``: deeper
        passes and transposed lines meet the same positions again (two in five evaluations at 3
        and 4 seats), and only new positions count toward the cap."""
        key = (state.position_key(), state.phase, state.roll)
        known = self.known.get(key)
        if known is not None:
            return known
        self._spend_evaluation()
        values = self.known[key] = position_values(state)
        return values

    def _value(self, state: AlcatrazState, seat: int) -> float:
        self._spend_evaluation()
        return position_values(state)[seat]

    def _spend_evaluation(self) -> None:
        """Count one evaluation; out of time past the cap, or (checked every 64) the clock."""
        self.evaluations += 1
        if self.max_evaluations is not None and self.evaluations > self.max_evaluations:
            raise _OutOfTime
        if not self.evaluations & 63 and time.perf_counter() > self.deadline:
            raise _OutOfTime

    def _pick(self, order: list[int], values: list[float]) -> int:
        """The best index; equal values share the choice at random."""
        top = values[order[0]]
        tied = [i for i in order if values[i] == top]
        return tied[self.rng.randrange(len(tied))] if len(tied) > 1 else tied[0]


def line_plies(depth: int, seats: int) -> int:
    """Plies of a max-n line ``depth`` levels deep: the bot's own moves at odd levels, a whole
    round of opponents' replies at even ones (depth 2 at 4 seats: 4 plies, depth 3: 5)."""
    return depth // 2 * seats + depth % 2


def _opponents(state: AlcatrazState, me: int) -> list[int]:
    """The other seats, the next to play first (the one most likely to strike)."""
    return [(me + k) % state.seats for k in range(1, state.seats)]


def _to_move(state: AlcatrazState, seat: int) -> AlcatrazState:
    """``state`` with ``seat`` to move (best-reply search lets any opponent answer)."""
    if state.to_move == seat:
        return state
    position = state.clone()
    position.to_move = seat
    return position


def seeded_bot_move(
    state: AlcatrazState, seat: int, *, level: str, seed: int, seconds: float
) -> dict:
    """The move of a bot of ``level`` for ``seat``, thinking at most ``seconds``."""
    return AlcatrazBot.for_level(level, seconds=seconds, seed=seed).choose(state, seat)


def alcatraz_bot(level: str = "intermediate", *, seed: int | str = 0, **kwargs) -> AlcatrazBot:
    """A bot for Alcatraz at ``level`` ("beginner", "intermediate" or "strong")."""
    return AlcatrazBot.for_level(level, seed=seed, **kwargs)


# -- the game contract's bots (play.games.contract.Bots) --------------------------------------


def bot_move(
    state: AlcatrazState, seat: int, *, level: str, rng: random.Random, seconds: float
) -> dict:
    return seeded_bot_move(state, seat, level=level, seed=rng.getrandbits(32), seconds=seconds)


def evaluate(state: AlcatrazState) -> list[float]:
    """The search's evaluation, the engine's outcome once the game is over."""
    if ENGINE.outcome(state) is not None:
        return finished_evaluation(ENGINE, state)
    return position_values(state)


def gain(before: AlcatrazState, after: AlcatrazState, seat: int) -> float:
    """Prisoners in the boat first, then the static score's progress."""
    boat = after.boat[seat] - before.boat[seat]
    return 10.0 * boat + seat_scores(after)[seat] - seat_scores(before)[seat]
