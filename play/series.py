"""Series of rounds (Prairie / Buffalo's handicap « plusieurs manches »), over the match layer.

A game that offers a series has an adapter here; the next round is a new match of the same table
(same seats, same secret salt, hence the same seat links) whose options carry the handicap.
"""

from __future__ import annotations

from typing import Any

from play.engines.base import Outcome
from play.engines.buffalo_series import BuffaloSeries, next_round


class BuffaloSeriesAdapter:
    def first(self, options: dict[str, Any]) -> dict[str, Any]:
        return BuffaloSeries(buffalo_seat=int(options.get("buffalo_seat", 0))).to_dict()

    def choices(self, series: dict[str, Any], outcome: dict[str, Any]) -> dict[str, Any]:
        """Who may pick something for the next round, and among what (the column to empty)."""
        current = BuffaloSeries.from_dict(series)
        buffalo_won = outcome["winners"] == [current.buffalo_seat]
        return {
            "chooser": current.buffalo_seat,
            "removal_choices": current.removal_choices() if buffalo_won else [],
        }

    def next(
        self, series: dict[str, Any], outcome: dict[str, Any], choice: str | None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """The next round's series state and engine options; ``ValueError`` for a bad choice."""
        after = next_round(
            BuffaloSeries.from_dict(series), Outcome.from_dict(outcome), removed_column=choice
        )
        return after.to_dict(), after.options()


SERIES = {"buffalo": BuffaloSeriesAdapter()}
