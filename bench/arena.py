"""Bot arena: round-robins between a game's bot levels and fixed reference players.

    python bench/arena.py alcatraz --games 40 --seats 2,3,4 --jobs 2
    python bench/arena.py buffalo --players random,greedy,oneply,beginner,intermediate,strong

Every pair of players meets at every seat count asked for (default: every count the game allows).
At a table of n seats the two players share the seats in every balanced arrangement in turn
(``AB``/``BA``; ``AAB``, ``ABA``… for three; in a team game only those where each team is one
player's), and the arrangements of one cycle start from the same seeded position, so no player
profits from a seat. ``--opening`` random plies (seeded) vary
the start, or deterministic bots would replay one game. A player wins a game when its best-placed
seat finishes ahead of every seat of the other; the Elo column is a Bradley–Terry fit over every
pair of seats' finishing order. Reference players: ``random``; ``greedy`` (the largest
``game.gain``); ``oneply`` (the best ``game.evaluate`` after its move). A game package may add its
own through ``bench/arena_players_<slug>.py`` (``extra_players(args) -> list[player]``, with
``add_arguments(parser)`` for its flags). Results are deterministic for a seed, except times and
what time-limited bots find in their time.

``--until-clear`` plays each pairing in batches (100 games, then 20 at a time, whole cycles of
arrangements) and stops it as soon as the 95 % Wilson interval of the first player's score lies
wholly above 50 % (``cleared after N``) or wholly below (``below 50 % after N``), or at
``--games`` (default 400 then: ``not cleared within N``). Each check is a look at the same games
growing, so a pairing stopped early is a little likelier to be a lucky one than a fixed count.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import Any, Protocol

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.arena_stats import (  # noqa: E402
    MIN_CLEAR_GAMES,
    Tally,
    Timing,
    bradley_terry,
    clearance,
    pair_results,
    places,
    side_result,
    verdict,
)

REFERENCE_PLAYERS = ("random", "greedy", "oneply")
DEFAULT_SECONDS = (
    2.0  # a bot worker's thinking time a move (PLAY_BOT_MOVE_SECONDS); levels cap their own
)
DEFAULT_OPENING = 2
DEFAULT_MAX_PLIES = 20_000  # a game still running then is scored a draw
DEFAULT_GAMES = 10
CLEAR_CAP = 400  # --until-clear: games a pairing may play before it is reported undecided
DEFAULT_BATCH = 20  # --until-clear: games a pairing plays between two checks, after the first 100


class Player(Protocol):
    name: str

    def choose(self, state: Any, seat: int, rng: random.Random) -> dict: ...


# -- players ------------------------------------------------------------------------------------


class BotPlayer:
    """The game's own bot at ``level``, given ``seconds`` a move."""

    def __init__(self, game, level: str, seconds: float = DEFAULT_SECONDS):
        self.game, self.level, self.seconds, self.name = game, level, seconds, level

    def choose(self, state, seat, rng):
        moves = self.game.engine.legal_moves(state, seat)
        if len(moves) == 1:  # the site plays forced moves without asking the bot
            return moves[0]
        return self.game.bot_move(state, seat, level=self.level, rng=rng, seconds=self.seconds)


class RandomPlayer:
    """A uniformly random legal move."""

    name = "random"

    def __init__(self, game):
        self.game = game

    def choose(self, state, seat, rng):
        moves = self.game.engine.legal_moves(state, seat)
        return moves[rng.randrange(len(moves))]


class _OneMoveAhead:
    """Tries every legal move once (from a redeal of what ``seat`` cannot see) and keeps the best
    by ``score``; ties broken at random."""

    name = ""

    def __init__(self, game):
        self.game = game

    def score(self, before, after, seat) -> float:
        raise NotImplementedError

    def choose(self, state, seat, rng):
        engine = self.game.engine
        moves = engine.legal_moves(state, seat)
        if len(moves) == 1:
            return moves[0]
        redeal = getattr(engine, "redeal_hidden", None)
        seen = redeal(state, seat, rng) if redeal else state
        best, choices = None, []
        for move in moves:
            after = engine.play(seen, seat, move, random.Random(rng.random()))
            value = self.score(seen, after, seat)
            if best is None or value > best:
                best, choices = value, [move]
            elif value == best:
                choices.append(move)
        return choices[rng.randrange(len(choices))]


class GreedyPlayer(_OneMoveAhead):
    """The move with the largest immediate gain (``game.gain``)."""

    name = "greedy"

    def score(self, before, after, seat):
        return self.game.gain(before, after, seat)


class OneplyPlayer(_OneMoveAhead):
    """The move after which the game's own evaluation rates ``seat`` best."""

    name = "oneply"

    def score(self, before, after, seat):
        return self.game.evaluate(after)[seat]


def extra_players(game, args) -> list[Player]:
    """Players from ``bench/arena_players_<slug>.py``, if the game has such a module."""
    module = _extra_module(game)
    return list(module.extra_players(args)) if module else []


def _extra_module(game):
    try:
        return import_module(f"bench.arena_players_{game.slug}")
    except ModuleNotFoundError as error:
        if error.name != f"bench.arena_players_{game.slug}":
            raise
        return None


def build_players(game, names: Sequence[str] | None, args) -> dict[str, Player]:
    """The players named (default: the reference players, every bot level, the extras)."""
    extras = {p.name: p for p in extra_players(game, args)}
    seconds = getattr(args, "max_seconds", DEFAULT_SECONDS)
    if not names:
        names = [*REFERENCE_PLAYERS, *game.bot_levels, *extras]
    builders = {"random": RandomPlayer, "greedy": GreedyPlayer, "oneply": OneplyPlayer}
    roster: dict[str, Player] = {}
    for name in names:
        if name in extras:
            roster[name] = extras[name]
        elif name in builders:
            roster[name] = builders[name](game)
        elif name in game.bot_levels:
            roster[name] = BotPlayer(game, name, seconds)
        else:
            known = [*builders, *game.bot_levels, *extras]
            raise SystemExit(f"Unknown player {name!r} for {game.slug}: one of {', '.join(known)}")
    return roster


# -- scheduling ---------------------------------------------------------------------------------


def arrangements(seats: int, teams: Sequence[Sequence[int]] = ()) -> list[tuple[int, ...]]:
    """Every way two players (0 and 1) share ``seats`` seats as evenly as possible, so that over
    a cycle each player holds each seat equally often. With ``teams`` (groups of seats that win
    or lose together), only the ways in which no team holds both players: a player facing
    itself in every team would measure nothing (a sure draw)."""
    halves = {seats // 2, (seats + 1) // 2}
    found = [
        pattern
        for pattern in itertools.product((0, 1), repeat=seats)
        if pattern.count(0) in halves and 0 < pattern.count(0) < seats
        and all(len({pattern[seat] for seat in team}) == 1 for team in teams)
    ]  # fmt: skip
    return sorted(found)


def teams_of(game, seats: int) -> list[list[int]]:
    """The seats that play as one team at a table of ``seats`` (a team game's seats sharing a
    role at the start), or none."""
    engine = game.engine
    if not engine.info.teams:
        return []
    state = engine.new_game(seats=seats, options={}, rng=random.Random(0))
    groups: dict[str, list[int]] = {}
    for seat, role in enumerate(engine.seat_roles(state)):
        groups.setdefault(role, []).append(seat)
    if len(groups) < 2:  # one role for everybody (e.g. before an auction decides): no teams
        return []
    return [group for group in groups.values() if len(group) > 1]


@dataclass(frozen=True)
class Task:
    index: int
    seats: int
    pair: tuple[str, str]
    table: tuple[str, ...]  # the player at each seat
    seed: str


def schedule(
    names: Sequence[str],
    seat_counts: Sequence[int],
    games: int,
    seed: Any,
    pairs: Sequence[tuple[str, str]] | None = None,
    teams: Callable[[int], Sequence[Sequence[int]]] = lambda seats: (),
) -> list[Task]:
    """Every pairing's games (or only ``pairs``') at every seat count, ``games`` rounded up to
    whole cycles of arrangements (``teams(seats)``: the seats playing as one team)."""
    chosen = list(itertools.combinations(names, 2)) if pairs is None else list(pairs)
    planned = []
    for seats in seat_counts:
        cycle = arrangements(seats, teams(seats))
        rounds = -(-games // len(cycle))
        for a, b in chosen:
            for g in range(rounds * len(cycle)):
                table = tuple((a, b)[p] for p in cycle[g % len(cycle)])
                planned.append((g, seats, (a, b), table, f"{seed}/{seats}/{g // len(cycle)}"))
    # game by game across seat counts and pairings, so that a run cut short is still balanced
    planned.sort(key=lambda item: item[0])
    tasks = [Task(i, seats, pair, table, s) for i, (_, seats, pair, table, s) in enumerate(planned)]
    return tasks


# -- playing ------------------------------------------------------------------------------------


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
    it has decided (:func:`~bench.arena_stats.clearance`: after ``min_games`` at least, its 95 %
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


# -- results ------------------------------------------------------------------------------------


@dataclass
class Summary:
    tallies: dict[tuple[int, str, str], Tally]  # (seats, player, opponent)
    elo: dict[int | str, dict[str, float]]  # by seat count, and "all"
    times: dict[str, Timing]
    roles: dict[int, tuple[str, ...]]


def summarise(records: Sequence[GameRecord], names: Sequence[str]) -> Summary:
    tallies: dict[tuple[int, str, str], Tally] = {}
    pairs: dict[int | str, list] = {"all": []}
    times = {name: Timing() for name in names}
    roles: dict[int, tuple[str, ...]] = {}
    for record in records:
        task = record.task
        a, b = task.pair
        roles.setdefault(task.seats, record.roles)
        for player, other in ((a, b), (b, a)):
            score = side_result(task.table, record.place, player)
            seat = task.table.index(player) if task.seats == 2 else None
            tallies.setdefault((task.seats, player, other), Tally()).add(score, seat)
        found = pair_results(task.table, record.place)
        pairs.setdefault(task.seats, []).extend(found)
        pairs["all"].extend(found)
        for name, timing in record.times.items():
            times[name].merge(timing)
    elo = {key: bradley_terry(found, names) for key, found in pairs.items()}
    return Summary(tallies, elo, times, roles)


def report(
    summary: Summary,
    names: Sequence[str],
    seat_counts: Sequence[int],
    pairs: Sequence[tuple[str, str]] | None = None,
    decided: dict[tuple[int, str, str], str | None] | None = None,
) -> str:
    """The table: each pairing once (``pairs`` as given, else the later player of ``names`` first),
    then the ratings and the times; with ``decided`` (``--until-clear``), how each pairing
    ended."""
    if pairs is None:  # the later player first: the bot levels read against the references
        pairs = [(a, b) for b, a in itertools.combinations(names, 2)]
    lines = ["Pairings (a game is won when the player's best seat finishes ahead of the other's)"]
    lines.append(
        f"{'seats':>5}  {'player':<14}{'opponent':<14}{'games':>5} {'W':>4} {'D':>4} {'L':>4}"
        f"  {'score':>6}  95 % interval"
    )
    for seats in seat_counts:
        for a, b in pairs:
            tally = summary.tallies.get((seats, a, b))
            if not tally:
                continue
            low, high = tally.interval()
            line = (
                f"{seats:>5}  {a:<14}{b:<14}{tally.games:>5} {tally.wins:>4} {tally.draws:>4}"
                f" {tally.losses:>4}  {100 * tally.score:5.1f}%"
                f"  [{100 * low:5.1f}, {100 * high:5.1f}]"
            )
            if decided is not None and (seats, a, b) in decided:
                line += f"  {verdict(decided[seats, a, b], tally.games)}"
            if seats == 2 and summary.roles.get(2):
                split = []
                for seat, scores in sorted(tally.by_seat.items()):
                    role = summary.roles[2][seat] if seat < len(summary.roles[2]) else seat
                    split.append(f"as {role} {100 * sum(scores) / len(scores):5.1f}%")
                line += "  " + ", ".join(split)
            lines.append(line)
    keys: list[int | str] = [s for s in seat_counts if s in summary.elo]
    if len(keys) > 1:
        keys.append("all")
    lines.append("")
    lines.append("Elo (Bradley–Terry over the finishing order of every pair of seats, mean 0)")
    labels = "".join(f"{'all' if k == 'all' else f'{k} seats':>10}" for k in keys)
    lines.append(f"{'player':<14}{labels}")
    last = keys[-1] if keys else "all"
    for name in sorted(names, key=lambda n: -summary.elo.get(last, {}).get(n, 0.0)):
        cells = "".join(f"{summary.elo[k].get(name, 0.0):10.0f}" for k in keys)
        lines.append(f"{name:<14}{cells}")
    lines.append("")
    lines.append(f"{'player':<14}{'moves':>8}{'mean s':>10}{'max s':>10}")
    for name in names:
        timing = summary.times[name]
        lines.append(f"{name:<14}{timing.moves:>8}{timing.mean:10.3f}{timing.longest:10.3f}")
    return "\n".join(lines)


# -- command line -------------------------------------------------------------------------------


def setup_django() -> None:
    import django
    from django.apps import apps

    if not apps.ready:
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ludotheque.settings.dev")
        django.setup()


def load_game(slug_or_path: str):
    """A registered game by slug, or a game package by dotted module path (its ``GAME``)."""
    from play.games.registry import games

    registered = games()
    if slug_or_path in registered:
        return registered[slug_or_path]
    try:
        module = import_module(slug_or_path)
    except ModuleNotFoundError:
        raise SystemExit(f"Unknown game {slug_or_path!r}: one of {', '.join(registered)}") from None
    game = getattr(module, "GAME", None)
    if game is None and hasattr(module, "__path__"):  # a package whose GAME lives in .game
        game = import_module(f"{slug_or_path}.game").GAME
    if game is None:  # the module defining the package's class: the GAME is its package's
        game = import_module(slug_or_path.rpartition(".")[0]).GAME
    return game


def parser_for(game_slug: str | None = None) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="a registered game's slug (or a game package's module path)")
    parser.add_argument(
        "--games",
        type=int,
        help=f"games a pairing and seat count (default {DEFAULT_GAMES}; the cap with "
        f"--until-clear, default {CLEAR_CAP})",
    )
    parser.add_argument(
        "--until-clear",
        action="store_true",
        help="play each pairing in batches and stop it once (after --min-games) the 95 %% "
        "interval of the first player's score lies wholly above (or below) 50 %%",
    )
    parser.add_argument(
        "--min-games",
        type=int,
        default=MIN_CLEAR_GAMES,
        help="--until-clear: games a pairing plays before its interval may stop it",
    )
    parser.add_argument(
        "--batch",
        type=int,
        default=DEFAULT_BATCH,
        help="--until-clear: games a pairing plays between two checks",
    )
    parser.add_argument("--seats", help="seat counts, e.g. 2,3,4 (default: all the game allows)")
    parser.add_argument("--players", help="comma-separated (default: references, levels, extras)")
    parser.add_argument(
        "--pairs", help="only these pairings, e.g. strong:intermediate,beginner:random"
    )
    parser.add_argument("--seed", default="arena")
    parser.add_argument(
        "--max-seconds",
        type=float,
        default=DEFAULT_SECONDS,
        help="seconds a bot may think per move (the bot_move budget)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument(
        "--opening",
        type=int,
        default=DEFAULT_OPENING,
        help="random plies played before the players take over",
    )
    parser.add_argument(
        "--max-plies",
        type=int,
        default=DEFAULT_MAX_PLIES,
        help="plies after which an unfinished game is a draw",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    return parser


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt


def interruptible(run: Callable[[list[str]], None], argv: Sequence[str] | None) -> None:
    """``run(argv)`` (the command line's arguments by default) so that ``kill PID`` (SIGTERM) or
    Ctrl-C stops it and it prints what it has: a run in the background ignores Ctrl-C."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if threading.current_thread() is not threading.main_thread():
        return run(argv)
    saved = {sig: signal.signal(sig, _interrupt) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        return run(argv)
    finally:
        for sig, handler in saved.items():
            signal.signal(sig, handler)


def progress_printer(args, total: int | None = None) -> Callable[[GameRecord], None]:
    """A line on stderr for each game played (unless ``--quiet``)."""
    began = time.perf_counter()
    done = [0]

    def progress(record: GameRecord) -> None:
        done[0] += 1
        if not args.quiet:
            task = record.task
            count = f"{done[0]}/{total}" if total else str(done[0])
            print(
                f"[{count} {time.perf_counter() - began:6.0f} s] {task.seats} seats "
                f"{'/'.join(task.table)}: places {record.place} in {record.plies} plies",
                file=sys.stderr,
                flush=True,
            )

    return progress


def play_until_clear(game, roster, tasks, args, progress):
    """:func:`run_until_clear` with the command line's settings: ``(records, decided)``."""
    return run_until_clear(
        game,
        roster,
        tasks,
        args,
        jobs=args.jobs,
        min_games=args.min_games,
        batch=args.batch,
        cycle=lambda n: len(arrangements(n, teams_of(game, n))),
        progress=progress,
    )


def main(argv: Sequence[str] | None = None) -> None:
    interruptible(_main, argv)


def _main(argv: list[str]) -> None:
    setup_django()
    first = argparse.ArgumentParser(add_help=False)
    first.add_argument("game", nargs="?")
    known, _ = first.parse_known_args(argv)
    parser = parser_for()
    game = load_game(known.game) if known.game and not known.game.startswith("-") else None
    module = _extra_module(game) if game else None
    if module and hasattr(module, "add_arguments"):
        module.add_arguments(parser)
    args = parser.parse_args(argv)
    if args.games is None:
        args.games = CLEAR_CAP if args.until_clear else DEFAULT_GAMES
    game = game or load_game(args.game)
    info = game.engine.info
    seat_counts = (
        [int(s) for s in args.seats.split(",")]
        if args.seats
        else list(range(info.min_seats, info.max_seats + 1))
    )
    for seats in seat_counts:
        if not info.min_seats <= seats <= info.max_seats:
            raise SystemExit(f"{game.slug} is played by {info.min_seats} to {info.max_seats}.")
    names = args.players.split(",") if args.players else None
    pairs = None
    if args.pairs:
        pairs = [tuple(pair.split(":")) for pair in args.pairs.split(",")]
        if any(len(pair) != 2 or pair[0] == pair[1] for pair in pairs):
            raise SystemExit("--pairs takes player:player pairs of two different players.")
        if names is None:
            names = list(dict.fromkeys(name for pair in pairs for name in pair))
    roster = build_players(game, names, args)
    names = list(roster)
    if args.until_clear and pairs is None:  # the later player first, as the table reads them
        pairs = [(a, b) for b, a in itertools.combinations(names, 2)]
    if pairs and any(name not in roster for pair in pairs for name in pair):
        raise SystemExit("--pairs names a player missing from --players.")
    tasks = schedule(
        names, seat_counts, args.games, args.seed, pairs, teams=lambda n: teams_of(game, n)
    )
    began = time.perf_counter()
    progress = progress_printer(args, len(tasks))

    decided = None
    if args.until_clear:
        records, decided = play_until_clear(game, roster, tasks, args, progress)
    else:
        records = run(game, roster, tasks, args, jobs=args.jobs, progress=progress)
    print(
        f"Arena {game.slug}: seed {args.seed!r}, {len(records)} of {len(tasks)} games played, "
        f"seats {seat_counts}, "
        f"{args.max_seconds} s a bot move, opening {args.opening} random plies, jobs {args.jobs}, "
        f"{time.perf_counter() - began:.0f} s"
    )
    if decided is not None:
        print(
            f"Until clear: each pairing stops once, after at least {args.min_games} games (then "
            f"every {args.batch}), its 95 % interval lies wholly above or below 50 %; "
            f"cap {args.games} games"
        )
    print(report(summarise(records, names), names, seat_counts, pairs, decided), flush=True)


if __name__ == "__main__":
    main()
