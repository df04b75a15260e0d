"""Writes to the catalogue. Views, admin and importers call these and hold no rules of their own."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.db import connection, transaction

from core.bulk_insert import bulk_insert

from . import text
from .index import store
from .models import Author, Category, Credit, Game, Publisher, SearchChange
from .slugs import SlugPool, slug_unique

# PostgreSQL advisory lock key held from a change-log append to the transaction's commit.
SEARCH_LOG_LOCK = 7_311_001
_pending: ContextVar[set[int] | None] = ContextVar("search_changes_pending", default=None)


def author_get_or_create(*, name: str) -> Author:
    author = Author.objects.filter(name__iexact=name.strip()).first()
    if author is None:
        author = Author.objects.create(name=name.strip(), slug=slug_unique(Author, name))
    return author


def publisher_get_or_create(*, name: str) -> Publisher:
    publisher = Publisher.objects.filter(name__iexact=name.strip()).first()
    if publisher is None:
        publisher = Publisher.objects.create(name=name.strip(), slug=slug_unique(Publisher, name))
    return publisher


def category_get_or_create(*, code: str, label: str, family: str) -> Category:
    category = Category.objects.filter(code=code).first()
    if category is None:
        category = Category.objects.create(
            code=code,
            label=label,
            family=family,
            slug=category_slug(code=code, label=label),
        )
    return category


def game_search_text(game: Game, author_names: Iterable[str] | None = None) -> str:
    """Everything a visitor may type to find the game: title, people (once each), publisher,
    category, rules. ``author_names``: the game's authors when the caller has them at hand (an
    import), else read from its credits."""
    if author_names is None:
        author_names = [c.author.name for c in game.credits.select_related("author")]
    parts = [game.title, *dict.fromkeys(author_names)]
    if game.publisher:
        parts.append(game.publisher.name)
    if game.category:
        parts += [game.category.code, game.category.label, game.category.family]
    parts += [game.principle, game.pedagogical_analysis, game.components, game.rules_text]
    return "\n".join(p for p in parts if p)


def search_changes_record(*, game_ids: Iterable[int]) -> list[int]:
    """Append games to the search change log, in the caller's transaction.

    On PostgreSQL, ids come from a sequence when the row is inserted but become visible when
    the transaction commits, so two writers could commit out of order and a replica that has
    read id 11 would never look back for id 10. An advisory lock taken just before the insert
    and held to the commit makes ids visible in order. Writers take it as late as they can
    (imports append all their games at the end, see :func:`search_changes_batched`); SQLite
    writers are serialised by the database anyway. Returns the new log entries' ids (none
    when the block is batched).
    """
    pending = _pending.get()
    if pending is not None:
        pending.update(game_ids)
        return []
    ids = list(dict.fromkeys(game_ids))
    if not ids:
        return []
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_xact_lock(%s)", [SEARCH_LOG_LOCK])
        changes = [SearchChange(game_id=game_id) for game_id in ids]
        bulk_insert(SearchChange, changes)
    # Now (this connection sees its own writes) and after the commit (other threads' do).
    store.changes_written()
    transaction.on_commit(store.changes_written)
    return [change.pk for change in changes]


@contextmanager
def search_changes_batched(
    *, on_recorded: Callable[[list[int]], None] | None = None
) -> Iterator[None]:
    """Collect the change-log entries of a block (an import) and append them once at its end;
    ``on_recorded`` then gets the new entries' ids."""
    if _pending.get() is not None:
        yield
        return
    pending: set[int] = set()
    token = _pending.set(pending)
    try:
        yield
    finally:
        _pending.reset(token)
    changes = search_changes_record(game_ids=sorted(pending))
    if on_recorded:
        on_recorded(changes)


def game_refresh_search(*, game: Game) -> None:
    """Recompute the game's search text and queue its search index entry for refresh."""
    game.search_text = game_search_text(game)
    Game.objects.filter(pk=game.pk).update(search_text=game.search_text)
    search_changes_record(game_ids=[game.pk])


@transaction.atomic
def games_refresh_search(*, games: Iterable[Game]) -> None:
    """The same for several games (an author, publisher or category was renamed)."""
    for game in games:
        game_refresh_search(game=game)


@transaction.atomic
def game_delete(*, game: Game) -> None:
    """Remove a game (its credits go with it; its authors and publisher stay) and its entry."""
    search_changes_record(game_ids=[game.pk])
    game.delete()


def category_slug(*, code: str, label: str, slugs: SlugPool | None = None) -> str:
    """A new category's slug, from its code and label (« a-406-jeu-de-strategie »); ``slugs``:
    the slugs of a bulk write, else the database is asked."""
    value = f"{code} {label}"
    return slugs.take(value) if slugs is not None else slug_unique(Category, value)


def game_prepare(*, game: Game, slugs: SlugPool | None = None) -> None:
    """Fill the derived fields of a game about to be saved (sort title, slug). ``slugs``: the
    games' slugs of a bulk write (:mod:`catalogue.bulk`), else the database is asked."""
    game.sort_title = text.sort_title(game.title)
    if not game.slug:
        game.slug = (
            slugs.take(game.title)
            if slugs is not None
            else slug_unique(Game, game.title, instance_pk=game.pk)
        )


def game_set_credits(*, game: Game, credits: Iterable[tuple[str, str]]) -> None:
    """Replace the game's authors by ``(name, role)`` pairs, in order."""
    game.credits.all().delete()
    seen: set[tuple[int, str]] = set()
    for name, role in credits:
        author = author_get_or_create(name=name)
        if (author.pk, role) in seen:
            continue  # the same person twice in one role (names differing in case): one credit
        seen.add((author.pk, role))
        Credit.objects.create(game=game, author=author, role=role, position=len(seen) - 1)


@transaction.atomic
def game_save(*, game: Game, credits: Iterable[tuple[str, str]] | None = None) -> Game:
    """Validate and save a game (and optionally its credits), then refresh its search entry."""
    game_prepare(game=game)
    game.full_clean(exclude=["slug"] if game.slug else None)
    game.save()
    if credits is not None:
        game_set_credits(game=game, credits=credits)
    game_refresh_search(game=game)
    return game
