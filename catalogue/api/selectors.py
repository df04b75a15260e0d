"""Reads the API needs beyond the search (catalogue.selectors): games of a person, publisher or
category."""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet

from catalogue.models import Author, Category, Credit, Game, Publisher


def games_of(
    *, author: Author | None = None, publisher: Publisher | None = None,
    category: Category | None = None,
) -> QuerySet:  # fmt: skip
    """The games credited to ``author`` / of ``publisher`` / in ``category``, ready to summarise."""
    games = Game.objects.all()
    if author is not None:
        games = games.filter(id__in=Credit.objects.filter(author=author).values("game_id"))
    if publisher is not None:
        games = games.filter(publisher=publisher)
    if category is not None:
        games = games.filter(category=category)
    return (
        games.select_related("publisher", "category")
        .prefetch_related(
            Prefetch("credits", queryset=Credit.objects.select_related("author")), "photos"
        )
        .order_by("sort_title", "id")
    )
