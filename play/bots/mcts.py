"""Game-independent Monte Carlo tree search over the engine contract, and a random player.

UCT for any number of seats: every node keeps one total reward per seat (rewards lie in [0, 1]) and
selection maximises the mean reward of the seat that acts at that node (the "max^n" extension of
UCT). Simultaneous decisions are searched as if taken in ``to_act`` order.

Chance is handled *open loop*: the tree is keyed by move sequences, not by states. Each iteration
replays its moves from the root, passing the search's own seeded generator to ``engine.play``, so
every simulation samples its own dice and a node's statistics average over the chance outcomes
that lead through it. A sampled outcome may change which moves are legal below it, so an iteration
only considers the children legal in *its* sample, and a child's exploration term counts the
iterations in which it was available rather than its parent's visits (as in information-set MCTS).

Hidden information is handled by determinisation through the optional engine hook the conformance
suite also uses, ``redeal_hidden(state, seat, rng) -> state``: a state ``seat`` cannot tell apart
from ``state``, with every secret it may not see drawn again (unseen cards redealt, face-down
tiles reshuffled). Each iteration starts from a fresh redeal, so the search never
peeks, and the open-loop tree pools the redeals (single-observer ISMCTS: the moves of the seats
whose secrets were redrawn are searched as if they knew the redeal, the usual approximation).
Engines without hidden information need no hook.

The iteration budget is deterministic: with a given seed, a bot chooses the same moves. The optional
time budget (seconds) is the only use of the clock and makes the search stop earlier.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from play.engines.base import Engine, Move, Outcome

Evaluation = Callable[[Any], Sequence[float]]
PlayoutPolicy = Callable[[Any, int, list[Move], random.Random], Move]

DEFAULT_EXPLORATION = 0.7  # about sqrt(2)/2, the usual constant for rewards in [0, 1]
DEFAULT_MAX_PLAYOUT = 400  # plies before an unfinished playout is scored by evaluation (or a tie)
DETERMINIZE_HOOK = "redeal_hidden"  # the hook the conformance suite also checks views with


@dataclass(frozen=True)
class Budget:
    """How hard a bot thinks: iterations, an optional clock limit, and playout plies."""

    iterations: int
    time_limit: float | None = None
    playout_depth: int | None = None


LEVELS: dict[str, Budget] = {
    "beginner": Budget(iterations=60),
    "intermediate": Budget(iterations=300),
    "strong": Budget(iterations=1500, time_limit=5.0),
}


class RandomBot:
    """Plays a uniformly random legal move."""

    def __init__(self, engine: Engine, *, seed: int | str = 0):
        self.engine = engine
        self.rng = random.Random(seed)

    def choose(self, state: Any, seat: int) -> Move:
        return self.rng.choice(self.engine.legal_moves(state, seat))


class _Node:
    __slots__ = ("children", "visits", "available", "totals")

    def __init__(self) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.available = 0
        self.totals: list[float] = []


class MCTSBot:
    """UCT search choosing the move of ``seat``; see the module docstring."""

    def __init__(
        self,
        engine: Engine,
        *,
        iterations: int = LEVELS["intermediate"].iterations,
        time_limit: float | None = None,
        seed: int | str = 0,
        exploration: float = DEFAULT_EXPLORATION,
        evaluate: Evaluation | None = None,
        playout_depth: int | None = None,
        playout_policy: PlayoutPolicy | None = None,
        max_playout: int = DEFAULT_MAX_PLAYOUT,
        seats: int | None = None,
    ):
        if iterations < 1:
            raise ValueError("The iteration budget must be at least 1.")
        self.engine = engine
        self.iterations = iterations
        self.time_limit = time_limit
        self.rng = random.Random(seed)
        self.exploration = exploration
        self.evaluate = evaluate
        self.playout_depth = playout_depth if evaluate is not None else None
        self.playout_policy = playout_policy
        self.max_playout = max_playout
        self.seats = seats
        self._n = seats or 0
        self.last_iterations = 0  # how many the previous ``choose`` ran (for tests and benches)
        self._determinize = getattr(engine, DETERMINIZE_HOOK, None)
        self._root_moves: tuple[list[Move], list[Any]] | None = None

    def choose(self, state: Any, seat: int) -> Move:
        moves = self.engine.legal_moves(state, seat)
        if not moves:
            raise ValueError(f"Seat {seat} has no move to choose.")
        if len(moves) == 1:
            self.last_iterations = 0
            return moves[0]
        self._n = self.seats or _seat_count(self.engine, state)
        # The root's moves do not change between iterations unless determinisation redraws them.
        self._root_moves = None if self._determinize else (moves, [_key(m) for m in moves])
        root = _Node()
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        done = 0
        while done < self.iterations:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            self._iterate(root, state, seat)
            done += 1
        self.last_iterations = done
        best, best_visits = moves[0], -1
        for move in moves:  # most visited; legal_moves order breaks ties
            child = root.children.get(_key(move))
            if child is not None and child.visits > best_visits:
                best, best_visits = move, child.visits
        return best

    # -- one iteration: select, expand, play out, back up ----------------------------------------

    def _iterate(self, root: _Node, state: Any, seat: int) -> None:
        engine, rng = self.engine, self.rng
        if self._determinize is not None:
            state = self._determinize(state, seat, rng)
        node, path, actor = root, [root], seat
        while True:
            if node is not root:
                actors = engine.to_act(state)
                if not actors:
                    break
                actor = actors[0]
            if node is root and self._root_moves is not None:
                moves, keys = self._root_moves
            else:
                moves = engine.legal_moves(state, actor)
                keys = [_key(m) for m in moves]
            untried = [i for i, k in enumerate(keys) if k not in node.children]
            if untried:
                index = rng.choice(untried)
                for k in keys:
                    if k in node.children:
                        node.children[k].available += 1
                child = node.children[keys[index]] = _Node()
                child.available = 1
                state = engine.play(state, actor, moves[index], rng)
                path.append(child)
                break
            index, node = self._select(node, keys, actor)
            state = engine.play(state, actor, moves[index], rng)
            path.append(node)
        values = self._playout(state)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            if not totals:
                visited.totals = totals = [0.0] * self._n
            for i, value in enumerate(values):
                totals[i] += value

    def _select(self, node: _Node, keys: list[Any], actor: int) -> tuple[int, _Node]:
        best_index, best_child, best_score = 0, None, -math.inf
        c = self.exploration
        for index, key in enumerate(keys):
            child = node.children[key]
            child.available += 1
            score = child.totals[actor] / child.visits + c * math.sqrt(
                math.log(child.available) / child.visits
            )
            if score > best_score:
                best_index, best_child, best_score = index, child, score
        return best_index, best_child

    def _playout(self, state: Any) -> Sequence[float]:
        engine, rng, evaluate = self.engine, self.rng, self.evaluate
        depth = 0
        while True:
            actors = engine.to_act(state)
            if not actors:
                return outcome_values(engine.outcome(state), self._n)
            if evaluate is not None and (
                depth >= self.max_playout
                or (self.playout_depth is not None and depth >= self.playout_depth)
            ):
                return evaluate(state)
            if depth >= self.max_playout:
                return [0.5] * self._n
            actor = actors[0]
            moves = engine.legal_moves(state, actor)
            if self.playout_policy is not None:
                move = self.playout_policy(state, actor, moves, rng)
            else:
                move = moves[rng.randrange(len(moves))]
            state = engine.play(state, actor, move, rng)
            depth += 1


def outcome_values(outcome: Outcome, seats: int) -> list[float]:
    """Per-seat reward in [0, 1]: winners 1, a draw 0.5, others by rank group from 0.5 down to 0.

    Nobody winning with every seat in one group (a winning card nobody holds) shares one place,
    as a draw does: 0.5 each, as the arena scores it."""
    groups = outcome.ranking
    values = [0.0] * seats
    if not outcome.winners and (outcome.draw or len(groups) == 1):
        return [0.5] * seats
    tail = len(groups) - 1
    for rank, group in enumerate(groups):
        for s in group:
            if s in outcome.winners:
                values[s] = 1.0
            elif tail > 1:
                values[s] = 0.5 * (tail - rank) / (tail - 1) if rank < tail else 0.0
    return values


def _seat_count(engine: Engine, state: Any) -> int:
    """The number of seats, which the contract does not expose: ``state.seats`` or ``to_dict``."""
    seats = getattr(state, "seats", None)
    if seats is None:
        seats = engine.to_dict(state).get("seats")
    if isinstance(seats, list | tuple):
        seats = len(seats)
    if not isinstance(seats, int):
        raise ValueError("Cannot tell the number of seats: pass seats= to MCTSBot.")
    return seats


def _key(move: Move) -> Any:
    """A hashable key for a JSON move (all moves come from ``legal_moves``: key order is stable)."""
    try:
        key = tuple(move.items())
        hash(key)
        return key
    except TypeError:
        return json.dumps(move, sort_keys=True)


def make_bot(
    engine: Engine,
    level: str,
    *,
    seed: int | str = 0,
    presets: Mapping[str, Budget] | None = None,
    **kwargs: Any,
) -> MCTSBot:
    """An MCTS bot at ``level`` ("beginner", "intermediate", "strong"), with game presets if any."""
    budget = (presets or LEVELS)[level]
    return MCTSBot(
        engine,
        iterations=budget.iterations,
        time_limit=budget.time_limit,
        playout_depth=budget.playout_depth,
        seed=seed,
        **kwargs,
    )
