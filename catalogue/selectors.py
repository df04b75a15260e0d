"""Reads of the catalogue. The search page and the API both call :func:`game_search`, which
answers from the search index (:mod:`catalogue.index`)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.core.paginator import Page, Paginator
from django.db import connection
from django.db.models import Count, Prefetch, QuerySet
from django.utils.translation import gettext_lazy as _

from . import engines
from .index import query as index_query
from .index import store
from .index.schema import AGES, DURATIONS, PLAYER_COUNTS
from .models import Author, Category, Credit, Game, Publisher

# The values offered by the numeric filters (each shows how many games it would keep).
NUMERIC_FACETS = (("players", PLAYER_COUNTS), ("age", AGES), ("max_duration", DURATIONS))
PLAYABLE_LABEL = _("jouable en ligne")
AVAILABLE_LABEL = _("disponible maintenant")

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
FILTERS = (
    "q", "players", "age", "max_duration", "category", "publisher", "author", "playable",
    "available",
)  # fmt: skip


@dataclass(frozen=True)
class SearchParams:
    q: str = ""
    players: int | None = None
    age: int | None = None
    max_duration: int | None = None
    category: str = ""
    publisher: str = ""
    author: str = ""
    playable: bool = False
    # Only games with a copy in now (catalogue.copies).
    available: bool = False
    ordering: str = ""
    page: int = 1
    # How many publishers and authors the facets list (the most frequent first).
    facet_size: int | None = None

    def active_filters(self) -> list[str]:
        return [name for name in FILTERS if getattr(self, name) not in ("", None, False)]

    def without(self, name: str) -> SearchParams:
        return replace(self, **{name: field_default(name)}, page=1)


def field_default(name: str) -> Any:
    if name in ("playable", "available"):
        return False
    return None if name in ("players", "age", "max_duration") else ""


@dataclass
class SearchResult:
    params: SearchParams
    ordering: str
    page: Page
    facets: dict[str, list[dict[str, Any]]]
    # When nothing matches: the filters whose removal would bring results back, with counts.
    relax: list[dict[str, Any]] = field(default_factory=list)
    # The facets (publisher, author) that have more values than listed: ask with facet_size.
    facets_truncated: list[str] = field(default_factory=list)
    # The index could not take the latest changes (its disk full…): the results may lag.
    stale: bool = False

    @property
    def count(self) -> int:
        return self.page.paginator.count


def playable_engines() -> list[str]:
    """The engine slugs that make a game playable online: those the play app registered with
    :mod:`catalogue.engines` (the catalogue never imports the play app)."""
    return sorted(engines.playable_engines())


class _Search:
    """One search against this process's replica of the index (synced with the change log)."""

    def __init__(self, params: SearchParams, playable: list[str], searcher=None):
        self.params = params
        self.playable = playable
        # Which replica and change-log position the searcher reflects (None: a given searcher).
        self.generation: tuple | None = None
        self.stale = False
        if searcher is None:
            replica = store.replica()
            searcher = replica.searcher()
            self.generation = (replica.path, replica.seq)
            self.stale = replica.write_error is not None
        self.searcher = searcher
        self.text = index_query.text_query(self.searcher, params.q) if params.q else None
        self.filters = {
            name: index_query.filter_query(name, getattr(params, name), playable_engines=playable)
            for name in params.active_filters()
            if name != "q"
        }

    def query(self, *, skip: str | None = None):
        text_part = None if skip == "q" else self.text
        return index_query.combine(
            text_part, [f for name, f in self.filters.items() if name != skip]
        )

    def count(self, *, skip: str | None = None) -> int:
        return index_query.count(self.searcher, self.query(skip=skip))

    def facets(self, list_size: int) -> tuple[int, dict[str, list[tuple[Any, int]]]]:
        """The count, and each facet's values counted under every filter but its own."""
        unset = [name for name in FACETS if name not in self.filters]
        total, facets = index_query.facet_counts(
            self.searcher, self.query(), unset, list_size=list_size
        )
        for name in FACETS:
            if name in self.filters:
                facets.update(
                    index_query.facet_counts(
                        self.searcher, self.query(skip=name), [name], list_size=list_size
                    )[1]
                )
        return total, facets

    def ids(self, ordering: str, offset: int, limit: int) -> list[int]:
        if ordering == "relevance":
            return index_query.ranked_ids(self.searcher, self.query(), offset=offset, limit=limit)
        return index_query.ordered_ids(
            self.searcher, self.query(), ordering=ordering, offset=offset, limit=limit
        )


# What a result list never shows: left in the database when the page's games are loaded.
SUMMARY_DEFERRED = (
    "principle", "pedagogical_analysis", "components", "rules_text", "rules_sections",
    "search_text", "review_fields",
)  # fmt: skip


class _Hits:
    """The matching games as the paginator sees them: a known count, slices loaded by id."""

    def __init__(self, search: _Search, total: int, ordering: str, *, summaries: bool):
        self.search, self.total, self.ordering = search, total, ordering
        self.summaries = summaries

    def count(self) -> int:
        return self.total

    def __len__(self) -> int:
        return self.total

    def __getitem__(self, window: slice) -> list[Game]:
        start = window.start or 0
        if window.stop <= start:
            return []
        ids = self.search.ids(self.ordering, start, window.stop - start)
        if self.summaries:
            return game_summaries(ids=ids)
        games = (
            Game.objects.filter(pk__in=ids)
            .defer(*SUMMARY_DEFERRED)
            .select_related("publisher", "category")
            .prefetch_related(Prefetch("credits", queryset=Credit.objects.select_related("author")))
            .in_bulk()
        )
        # A game deleted without going through the services is left out until the next sync.
        return [games[pk] for pk in ids if pk in games]


# A result's row (game_summaries): the game's columns, then its publisher's and category's.
SUMMARY_COLUMNS = (
    "id", "slug", "title", "min_players", "max_players", "min_age", "max_age",
    "duration_minutes", "publisher__name", "publisher__slug", "category__code",
    "category__label", "category__family", "category__slug",
)  # fmt: skip
_GAME_COLUMNS = SUMMARY_COLUMNS[:8]
_CREDIT_COLUMNS = ("credits__author__name", "credits__role", "credits__author__slug")


@lru_cache(maxsize=128)
def _summaries_sql(count: int, vendor: str) -> str:
    """game_summaries' query for ``count`` ids, compiled once (compiling cost 5× running it):
    its only parameters are the ids, in order. No column needs converting from the database."""
    sql, params = (
        Game.objects.filter(pk__in=range(1, count + 1))
        .order_by("id", "credits__position", "credits__id")
        .values_list(*SUMMARY_COLUMNS, *_CREDIT_COLUMNS)
        .query.sql_with_params()
    )
    assert list(params) == list(range(1, count + 1)), params
    return sql


def game_summaries(*, ids: list[int]) -> list[dict[str, Any]]:
    """The games with these ids, in this order, as result lists show them: plain data, with
    publisher, category and credits (in credit order) joined in one query. Ids of games that
    no longer exist are left out."""
    games: dict[int, dict[str, Any]] = {}
    if not ids:
        return []
    with connection.cursor() as cursor:
        cursor.execute(_summaries_sql(len(ids), connection.vendor), list(ids))
        rows = cursor.fetchall()
    for row in rows:
        game = games.get(row[0])
        if game is None:
            game = games[row[0]] = dict(zip(_GAME_COLUMNS, row, strict=False))
            game["publisher"] = None if row[9] is None else {"name": row[8], "slug": row[9]}
            game["category"] = (
                None
                if row[10] is None
                else {"code": row[10], "label": row[11], "family": row[12], "slug": row[13]}
            )
            game["credits"] = []
        if row[16] is not None:
            game["credits"].append({"name": row[14], "role": row[15], "slug": row[16]})
    return [games[pk] for pk in ids if pk in games]


FACETS = (
    "players", "age", "max_duration", "category", "publisher", "author", "playable", "available",
)  # fmt: skip


# Names of facet values (category codes, publisher and author slugs), kept while the index
# stays at one change-log position: renaming an author, publisher or category re-indexes its
# games (a game without any is in no facet), which moves the position and empties this.
_LABELS_MAX = 10_000
_labels: tuple[tuple | None, dict[tuple[str, str], str]] = (None, {})


def _names(kind: str, values: list[str], fetch, generation: tuple | None) -> dict[str, str]:
    """``{value: name}`` for the values that exist; ``fetch(missing)`` reads (value, name) rows."""
    global _labels
    at, names = _labels
    if generation is None or at != generation or len(names) > _LABELS_MAX:
        names = {}
        _labels = (generation, names)
    missing = [value for value in values if (kind, value) not in names]
    if missing:
        names.update(((kind, value), name) for value, name in fetch(missing))
    return {value: names[kind, value] for value in values if (kind, value) in names}


def _facet_items(
    params: SearchParams,
    counts: dict[str, list[tuple[Any, int]]],
    list_size: int,
    total: int,
    playable: list[str],
    generation: tuple | None = None,
) -> tuple[dict[str, list[dict[str, Any]]], list[str]]:
    """Facet counts as the page and the API show them (labels from the database, see _names)."""
    facets: dict[str, list[dict[str, Any]]] = {}
    for name, values in NUMERIC_FACETS:
        found = dict(counts[name])
        selected = getattr(params, name)
        facets[name] = [
            {"value": value, "count": found.get(value, 0), "selected": value == selected}
            for value in values
        ]
    categories = _names(
        "category",
        [code for code, _ in counts["category"]],
        lambda codes: Category.objects.filter(code__in=codes).values_list("code", "label"),
        generation,
    )
    facets["category"] = [
        {
            "value": code,
            "label": f"{code} {categories[code]}",  # as str(Category)
            "count": n,
            "selected": code == params.category,
        }
        for code, n in sorted(counts["category"])
        if code in categories
    ]
    truncated = []
    for name, model in (("publisher", Publisher), ("author", Author)):
        top = counts[name]
        if len(top) > list_size:
            truncated.append(name)
            top = top[:list_size]
        selected = getattr(params, name)
        if selected and selected not in dict(top):
            # Counted under the other filters, the selected value's count is the result's count.
            top.append((selected, total))
        names = _names(
            name,
            [slug for slug, _ in top],
            lambda slugs, model=model: model.objects.filter(slug__in=slugs).values_list(
                "slug", "name"
            ),
            generation,
        )
        facets[name] = [
            {"value": slug, "label": names[slug], "count": n, "selected": slug == selected}
            for slug, n in top
            if slug in names
        ]
    playable_set = set(playable)
    facets["playable"] = [
        {
            "value": True,
            "label": str(PLAYABLE_LABEL),
            "count": sum(n for engine, n in counts["playable"] if engine in playable_set),
            "selected": params.playable,
        }
    ]
    facets["available"] = [
        {
            "value": True,
            "label": str(AVAILABLE_LABEL),
            "count": sum(n for flag, n in counts["available"] if flag == 1),
            "selected": params.available,
        }
    ]
    return facets, truncated


SearchUnavailable = store.IndexUnavailable


def game_search(
    *,
    params: SearchParams,
    page_size: int | None = None,
    playable: list[str] | None = None,
    summaries: bool = False,
) -> SearchResult:
    """Search the catalogue: the page of games, the count, the facet counts and relax hints.

    Everything comes from the search index but the page's games, loaded by id in one query:
    model instances, or with ``summaries`` the plain rows of :func:`game_summaries` (what the
    API lists, several times cheaper). ``playable`` is the list of engine slugs that make a
    game playable online (default: the engines registered with :mod:`catalogue.engines`).
    """
    playable = playable_engines() if playable is None else playable
    search = _Search(params, playable)
    ranked = search.text is not None
    ordering = params.ordering or ("relevance" if ranked else "title")
    if ordering == "relevance" and not ranked:
        ordering = "title"
    list_size = params.facet_size or settings.CATALOGUE_FACET_SIZE
    total, counts = search.facets(list_size)
    hits = _Hits(search, total, ordering, summaries=summaries)
    paginator = Paginator(hits, page_size or settings.CATALOGUE_PAGE_SIZE)
    page = paginator.get_page(params.page)
    relax = []
    if total == 0:
        for name in params.active_filters():
            found = search.count(skip=name)
            if found:
                relax.append({"param": name, "count": found, "params": params.without(name)})
    facets, truncated = _facet_items(params, counts, list_size, total, playable, search.generation)
    return SearchResult(
        params=params,
        ordering=ordering,
        page=page,
        facets=facets,
        relax=relax,
        facets_truncated=truncated,
        stale=search.stale,
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
