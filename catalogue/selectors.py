"""Reads of the catalogue. The search page and the API both call :func:`game_search`."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from django.conf import settings
from django.core.paginator import Page, Paginator
from django.db.models import Count, Prefetch, Q, QuerySet
from django.utils.translation import gettext_lazy as _

from . import search
from .models import Author, Category, Credit, Game, Publisher

# The values offered by the numeric filters (each shows how many games it would keep).
PLAYER_COUNTS = tuple(range(1, 9))
AGES = (3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 18)
DURATIONS = (15, 30, 45, 60, 90, 120)

ORDERINGS: dict[str, tuple[str, ...]] = {
    "relevance": ("-rank", "sort_title", "id"),
    "title": ("sort_title", "id"),
    "-title": ("-sort_title", "-id"),
    "duration": ("duration_minutes", "sort_title", "id"),
    "-duration": ("-duration_minutes", "sort_title", "id"),
    "age": ("min_age", "sort_title", "id"),
    "players": ("min_players", "sort_title", "id"),
}
ORDERING_LABELS = {
    "relevance": _("pertinence"),
    "title": _("titre (A → Z)"),
    "-title": _("titre (Z → A)"),
    "duration": _("durée (courte d'abord)"),
    "-duration": _("durée (longue d'abord)"),
    "age": _("âge minimum"),
    "players": _("nombre de joueurs"),
}
FILTERS = ("q", "players", "age", "max_duration", "category", "publisher", "author")


@dataclass(frozen=True)
class SearchParams:
    q: str = ""
    players: int | None = None
    age: int | None = None
    max_duration: int | None = None
    category: str = ""
    publisher: str = ""
    author: str = ""
    ordering: str = ""
    page: int = 1

    def active_filters(self) -> list[str]:
        return [name for name in FILTERS if getattr(self, name) not in ("", None)]

    def without(self, name: str) -> SearchParams:
        return replace(self, **{name: field_default(name)}, page=1)


def field_default(name: str) -> Any:
    return None if name in ("players", "age", "max_duration") else ""


@dataclass
class SearchResult:
    params: SearchParams
    ordering: str
    page: Page
    facets: dict[str, list[dict[str, Any]]]
    # When nothing matches: the filters whose removal would bring results back, with counts.
    relax: list[dict[str, Any]] = field(default_factory=list)

    @property
    def count(self) -> int:
        return self.page.paginator.count


def _filter_q(params: SearchParams, name: str) -> Q:
    value = getattr(params, name)
    if name == "players":
        return Q(min_players__lte=value, max_players__gte=value)
    if name == "age":
        return Q(min_age__lte=value) & (Q(max_age__isnull=True) | Q(max_age__gte=value))
    if name == "max_duration":
        return Q(duration_minutes__lte=value)
    if name == "category":
        return Q(category__code=value)
    if name == "publisher":
        return Q(publisher__slug=value)
    if name == "author":
        return Q(id__in=Credit.objects.filter(author__slug=value).values("game_id"))
    raise ValueError(name)


def _filtered(params: SearchParams, *, skip: str | None = None) -> tuple[QuerySet, bool]:
    """Games matching every active filter but ``skip``; and whether a text query applied."""
    queryset = Game.objects.all()
    for name in params.active_filters():
        if name not in (skip, "q"):
            queryset = queryset.filter(_filter_q(params, name))
    if params.q and skip != "q":
        matched = search.matching(queryset, params.q)
        if matched is not None:
            return matched, True
    return queryset, False


NUMERIC_FACETS = (("players", PLAYER_COUNTS), ("age", AGES), ("max_duration", DURATIONS))


def _numeric_facets(params: SearchParams) -> dict[str, list[dict[str, Any]]]:
    """Counts for each value of the numeric filters, each under the *other* filters.

    Facets whose own filter is not set share the same base set of games, so their counts come
    from one aggregate query instead of one each (the text match then runs once for them all).
    """
    groups: dict[str | None, list[str]] = {}
    for name, _values in NUMERIC_FACETS:
        groups.setdefault(name if getattr(params, name) is not None else None, []).append(name)
    values_of = dict(NUMERIC_FACETS)
    facets: dict[str, list[dict[str, Any]]] = {}
    for skip, names in groups.items():
        queryset, _ = _filtered(params, skip=skip)
        counts = queryset.aggregate(
            **{
                f"{name}_{value}": Count(
                    "id", filter=_filter_q(replace(params, **{name: value}), name)
                )
                for name in names
                for value in values_of[name]
            }
        )
        for name in names:
            selected = getattr(params, name)
            facets[name] = [
                {"value": value, "count": counts[f"{name}_{value}"], "selected": value == selected}
                for value in values_of[name]
            ]
    return {name: facets[name] for name, _values in NUMERIC_FACETS}


def _facets(params: SearchParams) -> dict[str, list[dict[str, Any]]]:
    facets = _numeric_facets(params)

    queryset, _ = _filtered(params, skip="category")
    rows = (
        Category.objects.filter(games__in=queryset)
        .annotate(count=Count("games", distinct=True))
        .order_by("code")
    )
    facets["category"] = [
        {"value": c.code, "label": str(c), "count": c.count, "selected": c.code == params.category}
        for c in rows
    ]

    queryset, _ = _filtered(params, skip="publisher")
    rows = (
        Publisher.objects.filter(games__in=queryset)
        .annotate(count=Count("games", distinct=True))
        .order_by("name")
    )
    facets["publisher"] = [
        {"value": p.slug, "label": p.name, "count": p.count, "selected": p.slug == params.publisher}
        for p in rows
    ]

    queryset, _ = _filtered(params, skip="author")
    rows = (
        Author.objects.filter(credits__game__in=queryset)
        .annotate(count=Count("credits__game", distinct=True))
        .order_by("name")
    )
    facets["author"] = [
        {"value": a.slug, "label": a.name, "count": a.count, "selected": a.slug == params.author}
        for a in rows
    ]
    return facets


def game_search(*, params: SearchParams, page_size: int | None = None) -> SearchResult:
    """Search the catalogue: the page of games, the count, the facet counts and relax hints."""
    queryset, ranked = _filtered(params)
    ordering = params.ordering or ("relevance" if ranked else "title")
    if ordering == "relevance" and not ranked:
        ordering = "title"
    queryset = queryset.select_related("publisher", "category").prefetch_related(
        Prefetch("credits", queryset=Credit.objects.select_related("author"))
    )
    queryset = queryset.order_by(*ORDERINGS[ordering])
    paginator = Paginator(queryset, page_size or settings.CATALOGUE_PAGE_SIZE)
    page = paginator.get_page(params.page)
    relax = []
    if paginator.count == 0:
        for name in params.active_filters():
            count = _filtered(params.without(name))[0].count()
            if count:
                relax.append({"param": name, "count": count, "params": params.without(name)})
    return SearchResult(
        params=params, ordering=ordering, page=page, facets=_facets(params), relax=relax
    )


def game_get(*, slug: str) -> Game:
    """One game with everything its page shows; ``Game.DoesNotExist`` if there is none."""
    return (
        Game.objects.select_related("publisher", "category")
        .prefetch_related(Prefetch("credits", queryset=Credit.objects.select_related("author")))
        .get(slug=slug)
    )


def games_related(*, game: Game, limit: int = 10) -> dict[str, Any]:
    """Other games by the same authors and the same publisher, for the game page."""
    by_author = []
    for credit in game.credits.all():
        others = credit.author.games.exclude(pk=game.pk).distinct()[:limit]
        if others:
            by_author.append((credit.author, list(others)))
    by_publisher = []
    if game.publisher_id:
        by_publisher = list(game.publisher.games.exclude(pk=game.pk)[:limit])
    return {"by_author": by_author, "by_publisher": by_publisher}


def browse_list(model) -> QuerySet:
    """Authors, publishers or categories with their number of games, for the browse pages."""
    games = "credits__game" if model is Author else "games"
    return model.objects.annotate(game_count=Count(games, distinct=True)).filter(game_count__gt=0)
