"""The index's fields, its French analyzer, and the document of one game.

Text: ``title`` and ``body`` (the game's whole search text) go through one analyzer — words
split on anything not alphanumeric, lower-cased, ASCII-folded (« Ta Yü » → « ta yu »), French
stop words dropped, then the Snowball French stemmer (« prisonniers » → « prisonni »). Queries
are analysed by the same analyzer, so both sides always agree.

Filters and facets: the players and age ranges are indexed as every value they cover (a game
for 2 to 4 players holds 2, 3 and 4), so that « playable with N » is one term. For the facet
counts, each range is also one number (``players_range`` = min × 1000 + max): one terms
aggregation over a single-valued column gives the few distinct ranges with their counts, from
which every offered value's count follows (a multi-valued column was 30× slower to aggregate).
Availability: ``available`` is 1 when a copy of the game is in now (:mod:`catalogue.copies`),
else 0; the « disponible maintenant » filter is one term, its count one terms aggregation.
Sort keys are raw text fast fields that already contain the tie-breakers (sort
title, then id), so every ordering is total and the same on every database.
"""

from __future__ import annotations

from functools import lru_cache
from types import SimpleNamespace
from typing import Any

import tantivy

from .. import text

ANALYZER = "fr"
# Values the filters may ask for (the form's bounds); ranges are indexed up to these.
MAX_PLAYERS = 99
MAX_AGE = 120
NO_VALUE = 99999  # sorts unknown durations, ages and player counts last

PLAYER_COUNTS = tuple(range(1, 9))
AGES = (3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 18)
DURATIONS = (15, 30, 45, 60, 90, 120)

# Every ordering is a raw text fast field sorted ascending (or descending for "-title").
SORT_FIELDS = ("key_title", "key_duration", "key_duration_desc", "key_age", "key_players")
KEYWORD_FIELDS = ("category", "publisher", "author", "engine")


@lru_cache(maxsize=1)
def analyzer() -> tantivy.TextAnalyzer:
    return (
        tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple())
        .filter(tantivy.Filter.remove_long(60))
        .filter(tantivy.Filter.lowercase())
        .filter(tantivy.Filter.ascii_fold())
        .filter(tantivy.Filter.custom_stopword(sorted(text.STOP_WORDS)))
        .filter(tantivy.Filter.stemmer("french"))
        .build()
    )


@lru_cache(maxsize=1)
def schema() -> tantivy.Schema:
    builder = tantivy.SchemaBuilder()
    builder.add_integer_field("id", stored=True, indexed=True, fast=True)
    builder.add_text_field("title", tokenizer_name=ANALYZER, index_option="freq")
    builder.add_text_field("body", tokenizer_name=ANALYZER, index_option="freq")
    for name in SORT_FIELDS:
        builder.add_text_field(name, stored=True, fast=True, tokenizer_name="raw")
    for name in KEYWORD_FIELDS:
        builder.add_text_field(name, fast=True, tokenizer_name="raw", index_option="basic")
    builder.add_integer_field("players", indexed=True)
    builder.add_integer_field("age", indexed=True)
    builder.add_integer_field("duration", indexed=True, fast=True)
    for name in ("players_range", "age_range"):
        builder.add_integer_field(name, fast=True)
    # 1 when a copy of the game is in now (catalogue.copies), else 0: a filter and its count.
    builder.add_integer_field("available", indexed=True, fast=True)
    return builder.build()


RANGE_BASE = 1000
OPEN_END = RANGE_BASE - 1  # an age range with no upper limit


def range_key(low: int, high: int | None) -> int:
    return low * RANGE_BASE + (OPEN_END if high is None else min(high, OPEN_END - 1))


def range_of(key: int) -> tuple[int, int | None]:
    low, high = divmod(key, RANGE_BASE)
    return low, None if high == OPEN_END else high


def query_terms(query: str) -> list[str]:
    """A visitor's words as index terms (stop words dropped), without repeats, in order."""
    return list(dict.fromkeys(analyzer().analyze(query)))


def _key(number: int | None, title_key: str, *, descending: bool = False) -> str:
    value = NO_VALUE if number is None else (NO_VALUE - 1 - number if descending else number)
    return f"{value:05d}\x00{title_key}"


def game_document(
    game: Any, *, author_slugs: list[str], available: bool = False
) -> tantivy.Document:
    """The document of ``game`` (a row with the game's fields, ``publisher__slug`` and
    ``category__code``), credited to ``author_slugs``; ``available``: a copy is in now."""
    title_key = f"{game.sort_title}\x00{game.pk:012d}"
    fields: dict[str, Any] = {
        "id": game.pk,
        "title": game.title,
        "body": game.search_text,
        "key_title": title_key,
        "key_duration": _key(game.duration_minutes, title_key),
        "key_duration_desc": _key(game.duration_minutes, title_key, descending=True),
        "key_age": _key(game.min_age, title_key),
        "key_players": _key(game.min_players, title_key),
        "author": author_slugs,
        "available": int(available),
    }
    if game.category__code:
        fields["category"] = game.category__code
    if game.publisher__slug:
        fields["publisher"] = game.publisher__slug
    if game.engine:
        fields["engine"] = game.engine
    if game.min_players is not None and game.max_players is not None:
        fields["players"] = list(range(game.min_players, min(game.max_players, MAX_PLAYERS) + 1))
        fields["players_range"] = range_key(game.min_players, game.max_players)
    if game.min_age is not None:
        top = MAX_AGE if game.max_age is None else min(game.max_age, MAX_AGE)
        fields["age"] = list(range(game.min_age, top + 1))
        fields["age_range"] = range_key(game.min_age, game.max_age)
    if game.duration_minutes is not None:
        fields["duration"] = game.duration_minutes
    return tantivy.Document(**{k: v for k, v in fields.items() if v != []})


def model_document(game: Any, *, author_slugs: list[str]) -> tantivy.Document:
    """The document of a saved :class:`catalogue.models.Game` whose publisher and category are
    at hand (an import has just written it: no need to read it back). Whether a copy is in
    is the game's ``has_copy_in`` attribute, which the import sets after writing its copies
    (absent: none)."""
    row = SimpleNamespace(
        **{name: getattr(game, name) for name in GAME_FIELDS},
        pk=game.pk,
        publisher__slug=game.publisher.slug if game.publisher else "",
        category__code=game.category.code if game.category else "",
    )
    return game_document(
        row, author_slugs=author_slugs, available=getattr(game, "has_copy_in", False)
    )


GAME_FIELDS = (
    "title", "sort_title", "search_text", "engine", "min_players", "max_players", "min_age",
    "max_age", "duration_minutes",
)  # fmt: skip
