"""A game's ladder of bot levels, seat count by seat count: does each level beat the one below?

    python -m arena.ladder tayu --seats 2,3,4 --jobs 2
    python -m arena.ladder bataclan --all-levels --max-seconds 1

At each seat count the levels the site offers there (``GamePackage.levels_for``; every bot level
with ``--all-levels``) form a ladder: the weakest against ``random``, then each level against the
one below it. Each rung is an arena pairing played with ``--until-clear`` (at least 100 games,
then batches of 20, stopped as soon as the 95 % Wilson interval of the upper player's score lies
wholly above 50 %, or below it, else at ``--games``, default 400), so the table says for each
rung whether it was measured: ``cleared after N``, ``below 50 % after N`` or ``not cleared within
N``. A level offered at a seat count should clear; one that does not should not be offered there.
The arena's flags apply (``--seed``, ``--opening``, ``--max-seconds``, a game's own flags).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace

from arena import cli
from arena.loading import load_game, setup_django
from arena.players import build_players, extra_module
from arena.report import summarise
from arena.runner import GameRecord
from arena.schedule import Task, schedule, teams_of
from arena.stats import verdict

BASE = "random"  # what the weakest level must beat


def rungs(game, seats: int, all_levels: bool = False) -> list[tuple[str, str]]:
    """The ladder's pairings at ``seats``: (level, the one below it), weakest first."""
    levels = list(game.bot_levels if all_levels else game.levels_for(seats))
    below = [BASE, *levels[:-1]]
    return list(zip(levels, below, strict=True))


def ladder_tasks(
    game, seat_counts: Sequence[int], games: int, seed, all_levels: bool = False
) -> list[Task]:
    """Every rung's games at every seat count, interleaved (game by game) and numbered."""
    tasks = []
    for seats in seat_counts:
        found = schedule(
            [],
            [seats],
            games,
            seed,
            rungs(game, seats, all_levels),
            lambda n: teams_of(game, n),
        )
        position: dict[tuple[str, str], int] = {}
        for task in found:
            rank = position[task.pair] = position.get(task.pair, -1) + 1
            tasks.append((rank, seats, task))
    tasks.sort(key=lambda item: item[:2])
    return [replace(task, index=index) for index, (*_, task) in enumerate(tasks)]


def table(
    records: Sequence[GameRecord],
    decided: dict[tuple[int, str, str], str | None],
    game,
    seat_counts: Sequence[int],
    all_levels: bool = False,
) -> str:
    """The ladder, a line a rung: score of the upper player, interval, games, how it ended."""
    summary = summarise(records, [BASE, *game.bot_levels])
    lines = [
        f"{'seats':>5}  {'level':<14}{'vs':<14}{'games':>5}  {'score':>6}  95 % interval  result"
    ]
    for seats in seat_counts:
        for upper, lower in rungs(game, seats, all_levels):
            tally = summary.tallies.get((seats, upper, lower))
            if tally is None:
                lines.append(f"{seats:>5}  {upper:<14}{lower:<14}{0:>5}  not played")
                continue
            low, high = tally.interval()
            lines.append(
                f"{seats:>5}  {upper:<14}{lower:<14}{tally.games:>5}  {100 * tally.score:5.1f}%"
                f"  [{100 * low:5.1f}, {100 * high:5.1f}]  "
                f"{verdict(decided.get((seats, upper, lower)), tally.games)}"
            )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    """As the arena's: ``kill PID`` (SIGTERM) or Ctrl-C stops a run and prints what it has."""
    cli.interruptible(_main, argv)


def _main(argv: list[str]) -> None:
    setup_django()
    first = cli.parser_for()
    known, _ = first.parse_known_args(argv)
    game = load_game(known.game)
    parser = cli.parser_for()
    parser.description = __doc__.splitlines()[0]
    parser.prog = "python -m arena.ladder"
    module = extra_module(game)
    if module and hasattr(module, "add_arguments"):
        module.add_arguments(parser)
    parser.add_argument(
        "--all-levels",
        action="store_true",
        help="every bot level at every seat count, not only the levels offered there",
    )
    args = parser.parse_args(argv)
    args.games = args.games or cli.CLEAR_CAP
    info = game.engine.info
    seat_counts = (
        [int(s) for s in args.seats.split(",")]
        if args.seats
        else list(range(info.min_seats, info.max_seats + 1))
    )
    roster = build_players(game, [BASE, *game.bot_levels], args)
    tasks = ladder_tasks(game, seat_counts, args.games, args.seed, args.all_levels)
    began = time.perf_counter()
    records, decided = cli.play_until_clear(game, roster, tasks, args, cli.progress_printer(args))
    which = "every level" if args.all_levels else "the levels offered"
    print(
        f"Ladder {game.slug} ({which}): seed {args.seed!r}, {len(records)} games, "
        f"{args.max_seconds} s a bot move, opening {args.opening} random plies; each rung stops "
        f"once, after at least {args.min_games} games, its 95 % interval lies wholly above or "
        f"below 50 %, else at {args.games}; {time.perf_counter() - began:.0f} s"
    )
    print(table(records, decided, game, seat_counts, args.all_levels), flush=True)


if __name__ == "__main__":
    main()
