"""The record's handicap series for Prairie / Buffalo ("plusieurs manches"), as pure functions.

The record: if the buffalo player wins a round they replay the buffalo with one buffalo fewer
(two fewer after a second win, and so on); if the chief's player wins they keep the chief and the
buffalo side's opening turn moves two (then three, …) different buffalo. Roles never change: the
winner keeps their side, so seat ``buffalo_seat`` (seat 0, the player who starts on the buffalo
side, unless a table decides otherwise) plays the buffalo in every round.

House decisions (the record only describes winning streaks):

* One signed ``handicap`` ladder: 0 is the even game, ``+n`` means n buffalo removed, ``-n`` means
  an opening turn of n + 1 buffalo. A buffalo win moves one rung up, a chief win one rung down; so
  after a streak a win by the other side first takes back one handicap step (a chief win restores
  the most recently removed buffalo; a buffalo win takes one opening step away) before the
  handicap ever turns against the other player. The rung where wins balance out is the measure of
  the players' relative strength that the record promises.
* The buffalo player picks the column to empty (:func:`next_round`'s ``removed_column``); without a
  pick, ``DEFAULT_REMOVAL_ORDER`` applies: the central buffalo start behind the Indians' wall (the
  chief on f6, dogs on d6 e6 g6 h6 block columns d–h), so they are the least useful and go first.
* The ladder stops at ``MIN_BUFFALO`` buffalo and at an opening turn of
  ``MAX_OPENING_BUFFALO_MOVES`` buffalo: further wins leave the handicap where it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from play.engines.base import Outcome

from .board import COLUMNS, FILES
from .state import MAX_OPENING_BUFFALO_MOVES, MIN_BUFFALO, BuffaloOptions

DEFAULT_REMOVAL_ORDER = ("f", "e", "g", "d", "h", "c", "i", "b", "j", "a", "k")
MAX_REMOVED = COLUMNS - MIN_BUFFALO
MIN_HANDICAP = 1 - MAX_OPENING_BUFFALO_MOVES


@dataclass(frozen=True)
class BuffaloSeries:
    """Where a series stands before round ``round`` is played."""

    round: int = 1
    buffalo_seat: int = 0
    handicap: int = 0
    removed_columns: tuple[str, ...] = ()  # in the order the buffalo player emptied them
    winners: tuple[int, ...] = ()  # the winning seat of each round played so far

    @property
    def opening_buffalo_moves(self) -> int:
        return 1 + max(0, -self.handicap)

    def options(self) -> dict[str, Any]:
        """The engine options of the round to play (``BuffaloEngine.new_game(options=...)``)."""
        return {
            "removed_columns": sorted(self.removed_columns),
            "opening_buffalo_moves": self.opening_buffalo_moves,
            "buffalo_seat": self.buffalo_seat,
            "round": self.round,
        }

    def removal_choices(self) -> list[str]:
        """Columns the buffalo player may empty after winning this round."""
        if self.handicap < 0 or len(self.removed_columns) >= MAX_REMOVED:
            return []
        return [c for c in FILES if c not in self.removed_columns]

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "buffalo_seat": self.buffalo_seat,
            "handicap": self.handicap,
            "removed_columns": list(self.removed_columns),
            "winners": list(self.winners),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BuffaloSeries:
        """Rebuild a series, raising ``ValueError`` for inconsistent data."""
        try:
            series = cls(
                round=data["round"],
                buffalo_seat=data["buffalo_seat"],
                handicap=data["handicap"],
                removed_columns=tuple(data["removed_columns"]),
                winners=tuple(data["winners"]),
            )
        except (KeyError, TypeError) as error:
            raise ValueError(f"bad series data: {error}") from None
        series.validate()
        return series

    def validate(self) -> None:
        if self.buffalo_seat not in (0, 1) or any(w not in (0, 1) for w in self.winners):
            raise ValueError("seats are 0 and 1")
        if self.round != len(self.winners) + 1:
            raise ValueError("round must follow the results played")
        if not MIN_HANDICAP <= self.handicap <= MAX_REMOVED:
            raise ValueError("handicap out of range")
        if len(self.removed_columns) != max(0, self.handicap):
            raise ValueError("one removed column per positive handicap step")
        if len(set(self.removed_columns)) != len(self.removed_columns) or any(
            c not in FILES or len(c) != 1 for c in self.removed_columns
        ):
            raise ValueError("removed columns are distinct letters a–k")


def default_removed_column(series: BuffaloSeries) -> str:
    return next(c for c in DEFAULT_REMOVAL_ORDER if c not in series.removed_columns)


def next_round(
    series: BuffaloSeries, outcome: Outcome, *, removed_column: str | None = None
) -> BuffaloSeries:
    """The series after a round ended with ``outcome``; ``removed_column`` is the buffalo pick."""
    if len(outcome.winners) != 1 or outcome.winners[0] not in (0, 1):
        raise ValueError("a Buffalo round has exactly one winning seat")
    winner = outcome.winners[0]
    handicap, removed = series.handicap, series.removed_columns
    if winner == series.buffalo_seat:
        if handicap >= 0 and len(removed) < MAX_REMOVED:
            column = removed_column or default_removed_column(series)
            if column not in series.removal_choices():
                raise ValueError(f"cannot empty column {column!r}")
            removed += (column,)
            removed_column = None
        handicap = min(handicap + 1, MAX_REMOVED)
    else:
        handicap = max(handicap - 1, MIN_HANDICAP)
        removed = removed[: max(0, handicap)]
    if removed_column is not None:
        raise ValueError("no buffalo is removed after this round")
    return BuffaloSeries(
        round=series.round + 1,
        buffalo_seat=series.buffalo_seat,
        handicap=handicap,
        removed_columns=removed,
        winners=series.winners + (winner,),
    )


class BuffaloSeriesAdapter:
    """The series seen by the match layer (:class:`play.games.base.SeriesAdapter`)."""

    def first(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The series of a new table: its options are validated first (a client sends them)."""
        return BuffaloSeries(buffalo_seat=BuffaloOptions.parse(options).buffalo_seat).to_dict()

    def choices(self, series: Mapping[str, Any], outcome: Mapping[str, Any]) -> dict[str, Any]:
        """Who may pick something for the next round, and among what (the column to empty)."""
        current = BuffaloSeries.from_dict(series)
        buffalo_won = list(outcome["winners"]) == [current.buffalo_seat]
        return {
            "chooser": current.buffalo_seat,
            "choices": current.removal_choices() if buffalo_won else [],
        }

    def next(
        self, series: Mapping[str, Any], outcome: Mapping[str, Any], choice: str | None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """The next round's series state and engine options; ``ValueError`` for a bad choice."""
        after = next_round(
            BuffaloSeries.from_dict(series), Outcome.from_dict(outcome), removed_column=choice
        )
        return after.to_dict(), after.options()

    def round_winners(
        self, series: Mapping[str, Any], outcome: Mapping[str, Any] | None
    ) -> list[list[int]]:
        """The winning seats of every round played, the one just finished included."""
        played = [[w] for w in BuffaloSeries.from_dict(series).winners]
        return played + ([list(outcome["winners"])] if outcome else [])
