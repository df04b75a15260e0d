"""The review list (which fields of a game a librarian may be asked to complete) and its flag."""

from __future__ import annotations

#: The names a game's review list (``Game.review_fields``) may hold, in record order.
REVIEWABLE_FIELDS = (
    "document_type", "authors", "publisher", "category", "min_players", "max_players",
    "min_age", "max_age", "duration_minutes", "principle", "pedagogical_analysis",
    "components", "rules_text",
)  # fmt: skip


def needs_review(review_fields: list[str]) -> bool:
    """An imported game is flagged for a librarian when its review list names a field (a
    librarian then sets or clears the flag by hand, in the admin or the API)."""
    return bool(review_fields)
