"""Bot arena: round-robins between a game's bot levels and fixed reference players.

    python -m arena alcatraz --games 40 --seats 2,3,4 --jobs 2
    python -m arena buffalo --players random,greedy,oneply,beginner,intermediate,strong

The command line of :mod:`arena` (its docstring says how games are scheduled and scored).
``kill PID`` (SIGTERM) or Ctrl-C stops a run, which then prints the games played so far.
"""

from __future__ import annotations

import argparse
import itertools
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence

from arena.loading import load_game, setup_django
from arena.players import DEFAULT_SECONDS, build_players, extra_module
from arena.report import report, summarise
from arena.runner import (
    DEFAULT_BATCH,
    DEFAULT_MAX_PLIES,
    DEFAULT_OPENING,
    GameRecord,
    run,
    run_until_clear,
)
from arena.schedule import arrangements, schedule, teams_of
from arena.stats import MIN_CLEAR_GAMES

DEFAULT_GAMES = 10
CLEAR_CAP = 400  # --until-clear: games a pairing may play before it is reported undecided


def parser_for(game_slug: str | None = None) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m arena", description=__doc__.splitlines()[0])
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
    module = extra_module(game) if game else None
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
