"""Who plays whom, at which seats, from which seeded start: balanced arrangements of two
players over a table's seats, team games included."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any


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
