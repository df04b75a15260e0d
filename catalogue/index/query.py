"""A search against one replica: the query, the ranked page of ids, the count and the facets.

Text: every word of the query must match, in the title or the rest of the game's search text,
as a word or the start of a word (« Batacl » finds « Bataclan »), after the French analysis of
:mod:`.schema`. A word of at least :data:`FUZZY_MIN_LENGTH` letters that starts no word of the
catalogue is taken as a typo and matches the words one edit away (« prisonier » finds
« prisonniers »). Relevance is BM25 with title words weighing :data:`TITLE_WEIGHT` times the
rest; whole words rank above word starts, which rank above typo matches.

Every ordering ends with the sort title and the id, so two replicas built from the same games —
on SQLite or PostgreSQL — return the same page in the same order.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import tantivy
from tantivy import Occur, Order, Query

from .. import text
from .schema import AGES, DURATIONS, PLAYER_COUNTS, query_terms, range_of, schema

TITLE_WEIGHT = 5.0
PREFIX_WEIGHT = 0.5
FUZZY_WEIGHT = 0.2
FUZZY_MIN_LENGTH = 6
FUZZY_DISTANCE = 1
# A terms aggregation keeps every term of every segment before merging, so counts are exact.
EXACT = 1_000_000
ORDER_FIELDS: dict[str, tuple[str, Order]] = {
    "title": ("key_title", Order.Asc),
    "-title": ("key_title", Order.Desc),
    "duration": ("key_duration", Order.Asc),
    "-duration": ("key_duration_desc", Order.Asc),
    "age": ("key_age", Order.Asc),
    "players": ("key_players", Order.Asc),
}


def _escape(term: str) -> str:
    return "".join(ch if ch.isalnum() else f"\\{ch}" for ch in term)


@lru_cache(maxsize=4096)
def _term_clauses(term: str) -> tuple[tuple[Occur, Query], ...]:
    """The whole-word and word-start clauses of a term: they depend on nothing but the term,
    and building a regex query (its automaton) costs more than running it — so, cached."""
    s = schema()
    prefix = f"{_escape(term)}.+"
    return (
        (Occur.Should, Query.boost_query(Query.term_query(s, "title", term), TITLE_WEIGHT)),
        (Occur.Should, Query.term_query(s, "body", term)),
        (Occur.Should, Query.boost_query(Query.regex_query(s, "title", prefix), PREFIX_WEIGHT * 2)),
        (Occur.Should, Query.boost_query(Query.regex_query(s, "body", prefix), PREFIX_WEIGHT)),
    )


def _word_query(searcher: tantivy.Searcher, term: str, word: str) -> Query:
    clauses = list(_term_clauses(term))
    if len(word) >= FUZZY_MIN_LENGTH and not searcher.terms_with_prefix("body", term, limit=1):
        fuzzy = Query.fuzzy_term_query(schema(), "body", term, FUZZY_DISTANCE, True, True)
        clauses.append((Occur.Should, Query.boost_query(fuzzy, FUZZY_WEIGHT)))
    return Query.boolean_query(clauses)


def text_query(searcher: tantivy.Searcher, q: str) -> Query | None:
    """Every word of ``q`` must match; None when ``q`` has no searchable word (stop words…)."""
    words: list[Query] = []
    seen: set[str] = set()
    for word in text.words(q):
        for term in query_terms(word):
            if term not in seen:
                seen.add(term)
                words.append(_word_query(searcher, term, word))
    if not words:
        return None
    return Query.boolean_query([(Occur.Must, query) for query in words])


def filter_query(name: str, value: Any, *, playable_engines: list[str]) -> Query:
    s = schema()
    if name == "players":
        return Query.term_query(s, "players", value)
    if name == "age":
        return Query.term_query(s, "age", value)
    if name == "max_duration":
        return Query.range_query(s, "duration", tantivy.FieldType.Integer, None, value)
    if name in ("category", "publisher", "author"):
        return Query.term_query(s, name, value)
    if name == "available":
        return Query.term_query(s, "available", 1)
    if name == "playable":
        if not playable_engines:
            return Query.empty_query()
        return Query.term_set_query(s, "engine", list(playable_engines))
    raise ValueError(name)


def combine(text_part: Query | None, filters: list[Query]) -> Query:
    """The text query (scored) and the filters (score 0), all required."""
    clauses = [(Occur.Must, Query.const_score_query(f, 0.0)) for f in filters]
    if text_part is not None:
        clauses.append((Occur.Must, text_part))
    if not clauses:
        return Query.all_query()
    return Query.boolean_query(clauses)


def count(searcher: tantivy.Searcher, query: Query) -> int:
    return searcher.search(query, 1, count=True).count


# Facets counted by a terms aggregation: the field, and how its buckets become counts.
AGGREGATED = {
    "players": "players_range",
    "age": "age_range",
    "max_duration": "duration",
    "category": "category",
    "playable": "engine",
    "available": "available",
}
# Facets with many values (thousands of authors): the top ones, from the term dictionary
# walked against the query's documents (4× faster than a terms aggregation on these columns).
TOP = {"publisher": "publisher", "author": "author"}


def facet_counts(
    searcher: tantivy.Searcher, query: Query, names: list[str], *, list_size: int
) -> tuple[int, dict[str, list[tuple[Any, int]]]]:
    """The number of documents matching ``query`` and, for each facet in ``names``, its values
    with their counts: the offered values for players, age and duration; every category and
    engine; the ``list_size + 1`` most frequent publishers and authors (count descending, then
    value)."""
    spec: dict[str, Any] = {"_count": {"value_count": {"field": "id"}}}
    for name in names:
        if name in AGGREGATED:
            spec[name] = {
                "terms": {"field": AGGREGATED[name], "size": EXACT, "segment_size": EXACT}
            }
    answer = searcher.aggregate(query, spec)
    facets: dict[str, list[tuple[Any, int]]] = {}
    for name in names:
        if name in TOP:
            found = searcher.terms_with_prefix(
                TOP[name], "", filter_query=query, limit=list_size + 1
            )
            facets[name] = sorted(found, key=lambda b: (-b[1], b[0]))
            continue
        buckets = [(b["key"], b["doc_count"]) for b in answer[name]["buckets"]]
        if name == "players":
            facets[name] = _in_ranges(buckets, PLAYER_COUNTS)
        elif name == "age":
            facets[name] = _in_ranges(buckets, AGES)
        elif name == "max_duration":
            facets[name] = [
                (d, sum(n for minutes, n in buckets if minutes <= d)) for d in DURATIONS
            ]
        else:
            facets[name] = sorted(buckets, key=lambda b: (-b[1], str(b[0])))
    return int(answer["_count"]["value"]), facets


def _in_ranges(buckets: list[tuple[int, int]], values: tuple[int, ...]) -> list[tuple[int, int]]:
    """For each value, the games whose range (a ``range_key`` bucket) contains it."""
    ranges = [(*range_of(key), n) for key, n in buckets]
    return [
        (
            value,
            sum(n for low, high, n in ranges if low <= value and (high is None or value <= high)),
        )
        for value in values
    ]


def ranked_ids(searcher: tantivy.Searcher, query: Query, *, offset: int, limit: int) -> list[int]:
    """Ids of the hits ``offset`` to ``offset + limit`` by score, ties by sort title then id.

    Hits are fetched in a window beyond the page; while the window's last score still equals
    the page's last one, games tied with the page's end may lie past it, so the window grows.
    """
    end = offset + limit
    window = end + limit
    while True:
        hits = searcher.search(query, window, count=False).hits
        if len(hits) < window or len(hits) <= end or hits[-1][0] < hits[end - 1][0]:
            break
        window *= 2
    scores = [score for score, _address in hits]
    keys: dict[int, str] = {}
    for position, (score, address) in enumerate(hits):
        tied = (position > 0 and scores[position - 1] == score) or (
            position + 1 < len(hits) and scores[position + 1] == score
        )
        if tied:
            keys[position] = searcher.doc(address)["key_title"][0]
    order = sorted(range(len(hits)), key=lambda p: (-scores[p], keys.get(p, "")))
    page = [hits[p][1] for p in order[offset:end]]
    return searcher.fast_field_values("id", page) if page else []


def ordered_ids(
    searcher: tantivy.Searcher, query: Query, *, ordering: str, offset: int, limit: int
) -> list[int]:
    """Ids of the hits ``offset`` to ``offset + limit`` in a field ordering (see ORDER_FIELDS)."""
    field, order = ORDER_FIELDS[ordering]
    hits = searcher.search(
        query, limit, count=False, order_by_field=field, offset=offset, order=order
    ).hits
    # The key ends with the zero-padded id (schema.game_document).
    return [int(key[-12:]) for key, _address in hits]
