"""The arena's results: tallies per pairing and seat count, Bradley–Terry Elo, times, as a table."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from arena.runner import GameRecord
from arena.stats import Tally, Timing, bradley_terry, pair_results, side_result, verdict


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
