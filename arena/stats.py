"""The arena's bookkeeping: finishing places, pairwise results, Wilson intervals, Bradley–Terry Elo.

Pure functions over plain data, so that the tests can check them without playing a game.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

Z95 = 1.959963984540054  # two-sided 95 % normal quantile
ELO_SCALE = 400.0 / math.log(10.0)  # Elo points per natural-log unit of Bradley–Terry strength
PRIOR_DRAWS = 1.0  # virtual draws added to each pair that met: keeps a clean sweep finite


def places(ranking: Sequence[Sequence[int]], seats: int, draw: bool = False) -> list[int]:
    """Each seat's finishing place (0 = first; seats sharing a group share a place)."""
    if draw:
        return [0] * seats
    place = [len(ranking)] * seats  # a seat the ranking forgets finishes behind every group
    for index, group in enumerate(ranking):
        for seat in group:
            place[seat] = index
    return place


def pair_results(table: Sequence[str], place: Sequence[int]) -> list[tuple[str, str, float]]:
    """``(a, b, score of a)`` for every pair of seats held by different players (1, ½ or 0)."""
    found = []
    for i in range(len(table)):
        for j in range(i + 1, len(table)):
            if table[i] == table[j]:
                continue
            score = 1.0 if place[i] < place[j] else 0.0 if place[i] > place[j] else 0.5
            found.append((table[i], table[j], score))
    return found


def side_result(table: Sequence[str], place: Sequence[int], player: str) -> float:
    """1 if ``player``'s best seat finishes ahead of every other player's seats, ½ if level with
    the best of them, else 0: "beats the players at the same table"."""
    mine = min(p for name, p in zip(table, place, strict=True) if name == player)
    theirs = min(p for name, p in zip(table, place, strict=True) if name != player)
    return 1.0 if mine < theirs else 0.0 if mine > theirs else 0.5


def wilson(score: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``score`` observed over ``n`` trials."""
    if n <= 0:
        return 0.0, 1.0
    z2 = z * z
    centre = (score + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(score * (1 - score) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


MIN_CLEAR_GAMES = 100  # games a pairing plays before the interval may stop it


def clearance(tally: Tally, min_games: int = MIN_CLEAR_GAMES) -> str | None:
    """Whether a pairing has decided, for ``--until-clear``: ``"above"`` once, after at least
    ``min_games`` games, the 95 % interval of the first player's score lies wholly above ½
    (measurably stronger), ``"below"`` once it lies wholly below (measurably weaker: more games
    would not make it stronger), else ``None`` (play on, up to the cap)."""
    if tally.games < min_games:
        return None
    low, high = tally.interval()
    if low > 0.5:
        return "above"
    if high < 0.5:
        return "below"
    return None


def verdict(decided: str | None, games: int) -> str:
    """How a pairing run with ``--until-clear`` ended, in words."""
    if decided == "above":
        return f"cleared after {games}"
    if decided == "below":
        return f"below 50 % after {games}"
    if decided == "interrupted":
        return f"interrupted after {games}, not cleared"
    return f"not cleared within {games}"


def bradley_terry(
    results: Iterable[tuple[str, str, float]],
    players: Sequence[str] | None = None,
    *,
    prior: float = PRIOR_DRAWS,
    iterations: int = 10_000,
    tolerance: float = 1e-10,
) -> dict[str, float]:
    """Elo-style ratings (mean 0) fitted by Bradley–Terry to pairwise results (a draw counts half
    a win each way), by Hunter's minorisation–maximisation updates; ``prior`` virtual draws per
    pair that met keep unbeaten players finite."""
    wins: dict[tuple[str, str], float] = {}
    names = list(players or [])
    for a, b, score in results:
        for name in (a, b):
            if name not in names:
                names.append(name)
        wins[a, b] = wins.get((a, b), 0.0) + score
        wins[b, a] = wins.get((b, a), 0.0) + 1.0 - score
    for a, b in list(wins):
        wins[a, b] += prior / 2
    games: dict[str, dict[str, float]] = {name: {} for name in names}
    for (a, b), w in wins.items():
        games[a][b] = games[a].get(b, 0.0) + w
    strength = {name: 1.0 for name in names}
    for _ in range(iterations):
        new = {}
        for name in names:
            won = sum(wins.get((name, other), 0.0) for other in games[name])
            denominator = sum(
                (wins.get((name, other), 0.0) + wins.get((other, name), 0.0))
                / (strength[name] + strength[other])
                for other in games[name]
            )
            new[name] = won / denominator if denominator else strength[name]
        mean_log = sum(math.log(v) for v in new.values()) / len(new) if new else 0.0
        new = {name: v / math.exp(mean_log) for name, v in new.items()}
        change = max((abs(new[n] - strength[n]) for n in names), default=0.0)
        strength = new
        if change < tolerance:
            break
    return {name: ELO_SCALE * math.log(v) for name, v in strength.items()}


def expected_score(elo_a: float, elo_b: float) -> float:
    """The score a player rated ``elo_a`` expects against one rated ``elo_b``."""
    return 1.0 / (1.0 + 10.0 ** ((elo_b - elo_a) / 400.0))


@dataclass
class Tally:
    """Game-level results of one player against another at one seat count."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    by_seat: dict[int, list[float]] = field(default_factory=dict)  # 2 seats: the seat held

    def add(self, score: float, seat: int | None = None) -> None:
        if score == 1.0:
            self.wins += 1
        elif score == 0.0:
            self.losses += 1
        else:
            self.draws += 1
        if seat is not None:
            self.by_seat.setdefault(seat, []).append(score)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson(self.score, self.games)


@dataclass
class Timing:
    """Seconds a player took per move."""

    moves: int = 0
    total: float = 0.0
    longest: float = 0.0

    def add(self, seconds: float) -> None:
        self.moves += 1
        self.total += seconds
        self.longest = max(self.longest, seconds)

    def merge(self, other: Timing) -> None:
        self.moves += other.moves
        self.total += other.total
        self.longest = max(self.longest, other.longest)

    @property
    def mean(self) -> float:
        return self.total / self.moves if self.moves else 0.0
