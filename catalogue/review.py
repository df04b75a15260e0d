"""The review list: which fields of a game a librarian may be asked to complete."""

from __future__ import annotations

#: The names a game's review list (``Game.review_fields``) may hold, in record order.
REVIEWABLE_FIELDS = (
    "document_type", "authors", "publisher", "category", "min_players", "max_players",
    "min_age", "max_age", "duration_minutes", "principle", "pedagogical_analysis",
    "components", "rules_text",
)  # fmt: skip
