"""Playing the arena's games: one seeded game, then many (in a process pool with ``jobs`` > 1),
or each pairing until its interval clears 50 % (``--until-clear``)."""

from __future__ import annotations

import random
import signal
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from arena.loading import load_game, setup_django
from arena.players import Player, build_players
from arena.schedule import Task
from arena.stats import MIN_CLEAR_GAMES, Tally, Timing, clearance, places, side_result

DEFAULT_OPENING = 2
DEFAULT_MAX_PLIES = 20_000  # a game still running then is scored a draw
DEFAULT_BATCH = 20  # --until-clear: games a pairing plays between two checks, after the first 100


@dataclass
class GameRecord:
    task: Task
    place: list[int]
    plies: int
    times: dict[str, Timing] = field(default_factory=dict)
    roles: tuple[str, ...] = ()


def play_game(
    game,
    roster: dict[str, Player],
    task: Task,
    *,
    opening: int = DEFAULT_OPENING,
    max_plies: int = DEFAULT_MAX_PLIES,
    options: dict | None = None,
) -> GameRecord:
    """One game of ``task``: seeded start and chance, ``opening`` random plies, then the players."""
    from play.engines.base import chance_for

    engine = game.engine
    for name in set(task.table):
        reset = getattr(roster[name], "reset", None)
        if reset:
            reset()
    state = engine.new_game(seats=task.seats, options=options or {}, rng=chance_for(task.seed, 0))
    roles = tuple(engine.seat_roles(state))
    opener = random.Random(f"{task.seed}/opening")
    times: dict[str, Timing] = {name: Timing() for name in set(task.table)}
    ply = 0
    while engine.to_act(state) and ply < max_plies:
        seat = engine.to_act(state)[0]
        ply += 1
        if ply <= opening:
            moves = engine.legal_moves(state, seat)
            move = moves[opener.randrange(len(moves))]
        else:
            player = roster[task.table[seat]]
            rng = random.Random(f"{task.seed}/{seat}/{ply}")
            began = time.perf_counter()
            move = player.choose(state, seat, rng)
            times[player.name].add(time.perf_counter() - began)
        try:
            state = engine.play(state, seat, move, chance_for(task.seed, ply))
        except Exception as error:
            raise RuntimeError(
                f"{task.table[seat]} (seat {seat}) played {move!r} at ply {ply} of {task}: {error}"
            ) from error
    outcome = engine.outcome(state)
    if outcome is None:
        place = places((), task.seats, draw=True)
    else:
        place = places(outcome.ranking, task.seats, draw=outcome.draw and not outcome.winners)
    return GameRecord(task, place, ply, times, roles)


_WORKER: dict[str, Any] = {}


def _worker_init(game_path: str, names: list[str], args) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # the parent stops its workers by terminating
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    setup_django()
    game = load_game(game_path)
    _WORKER.update(game=game, roster=build_players(game, names, args), args=args)


def _worker_play(task: Task) -> GameRecord:
    args = _WORKER["args"]
    return play_game(
        _WORKER["game"], _WORKER["roster"], task, opening=args.opening, max_plies=args.max_plies
    )


class _Players:
    """Plays tasks, in a process pool kept across calls when ``jobs`` > 1 (a context manager)."""

    def __init__(self, game, roster: dict[str, Player], args, jobs: int = 1):
        self.game, self.roster, self.args, self.jobs = game, roster, args, jobs
        self.pool = None

    def __enter__(self):
        if self.jobs > 1:
            from play.games.registry import games

            # Workers find the game again by its slug, or (a package outside the registry) by
            # the module that defines it.
            game = self.game
            path = game.slug if game.slug in games() else type(game).__module__
            self.pool = ProcessPoolExecutor(
                self.jobs, initializer=_worker_init, initargs=(path, list(self.roster), self.args)
            )
        return self

    def __exit__(self, *exc):
        if self.pool is not None:
            if exc[0] is KeyboardInterrupt:
                for process in list(getattr(self.pool, "_processes", {}).values()):
                    process.terminate()  # a game under way is dropped, not waited for
            self.pool.shutdown(wait=False, cancel_futures=True)
        return False

    def play(self, tasks: Sequence[Task], records: list[GameRecord], progress=None) -> None:
        """Play ``tasks``, appending each record to ``records`` as it finishes."""
        args = self.args
        if self.pool is None:
            for task in tasks:
                records.append(
                    play_game(
                        self.game, self.roster, task, opening=args.opening, max_plies=args.max_plies
                    )
                )
                if progress:
                    progress(records[-1])
            return
        futures = [self.pool.submit(_worker_play, task) for task in tasks]
        for future in as_completed(futures):
            records.append(future.result())
            if progress:
                progress(records[-1])


def run(
    game,
    roster: dict[str, Player],
    tasks: Sequence[Task],
    args,
    *,
    jobs: int = 1,
    progress=None,
) -> list[GameRecord]:
    """Play every task (in a process pool when ``jobs`` > 1), results in task order; Ctrl-C
    keeps the games finished so far."""
    records: list[GameRecord] = []
    try:
        with _Players(game, roster, args, jobs) as players:
            players.play(tasks, records, progress)
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM: report the games finished so far
        print(f"Interrupted: {len(records)} of {len(tasks)} games played.", file=sys.stderr)
    return sorted(records, key=lambda record: record.task.index)


def run_until_clear(
    game,
    roster: dict[str, Player],
    tasks: Sequence[Task],
    args,
    *,
    jobs: int = 1,
    min_games: int = MIN_CLEAR_GAMES,
    batch: int = DEFAULT_BATCH,
    cycle: Callable[[int], int] = lambda seats: 1,
    progress=None,
) -> tuple[list[GameRecord], dict[tuple[int, str, str], str | None]]:
    """Play each pairing's tasks (at each seat count) in batches, and stop that pairing as soon as
    it has decided (:func:`~arena.stats.clearance`: after ``min_games`` at least, its 95 %
    interval lies wholly above or below ½), or when its tasks (the cap) run out. Batches are whole
    cycles of ``cycle(seats)`` arrangements, so each check sees every seat held equally often.
    Returns the records in task order and each pairing's decision (``None``: not decided)."""
    queues: dict[tuple[int, str, str], list[Task]] = {}
    for task in tasks:
        queues.setdefault((task.seats, *task.pair), []).append(task)
    decided: dict[tuple[int, str, str], str | None] = dict.fromkeys(queues)
    played: dict[tuple[int, str, str], int] = dict.fromkeys(queues, 0)
    records: list[GameRecord] = []
    try:
        with _Players(game, roster, args, jobs) as players:
            while queues:
                chunk = []
                for key, queue in queues.items():
                    step = min_games if played[key] == 0 else batch
                    whole = cycle(key[0])
                    step = -(-step // whole) * whole
                    chunk.extend(queue[:step])
                    del queue[:step]
                    played[key] += step
                chunk.sort(key=lambda task: task.index)  # interleaved, as a run cut short wants
                players.play(chunk, records, progress)
                for key in list(queues):
                    decided[key] = clearance(_tally_of(records, key), min_games)
                    if decided[key] or not queues[key]:
                        del queues[key]
    except KeyboardInterrupt:
        print(f"Interrupted: {len(records)} games played.", file=sys.stderr)
        for key in queues:  # what the games played so far say, else cut short
            decided[key] = clearance(_tally_of(records, key), min_games) or "interrupted"
    return sorted(records, key=lambda record: record.task.index), decided


def _tally_of(records: Sequence[GameRecord], key: tuple[int, str, str]) -> Tally:
    """The first player's results in the games of one pairing at one seat count."""
    tally = Tally()
    for record in records:
        if (record.task.seats, *record.task.pair) == key:
            tally.add(side_result(record.task.table, record.place, key[1]))
    return tally
