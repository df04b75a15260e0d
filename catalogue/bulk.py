"""Many games written at once (an import): a few queries per batch instead of a dozen a game.

The writer takes games as plain values (:class:`GameValues`, in the catalogue's own terms: an
import maps its records to them) and applies the rules of :mod:`catalogue.services`, whose
functions it calls: slugs (:mod:`catalogue.slugs`), sort titles (``services.game_prepare``),
search texts (``services.game_search_text``), review flags (:func:`catalogue.review.needs_review`).

One :class:`GameBatchWriter` serves one run, inside its caller's transaction. It keeps the
names and slugs of the authors, publishers and categories it has seen (so a new author is
created once and a slug is chosen in memory), looks up a batch's existing games by import key
in one query, compares each with its values ("unchanged" means no write at all), then creates
the new games and updates the changed ones with bulk statements, replaces their credits, and
queues them for the search index.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.db import DatabaseError
from django.db.models import Prefetch
from django.utils import timezone

from core.bulk_insert import bulk_insert

from . import services, text
from .engines import engine_for_title
from .models import Author, Category, Credit, Game, Publisher
from .review import needs_review
from .slugs import SlugPool

CREATED, UPDATED, UNCHANGED = "created", "updated", "unchanged"
BATCH_SIZE = 500
logger = logging.getLogger(__name__)

# The game's own fields that its values set as they are.
PLAIN_FIELDS = (
    "title document_type min_players max_players min_age max_age duration_minutes principle "
    "pedagogical_analysis components rules_text rules_sections review_fields"
).split()
UPDATE_FIELDS = [
    *PLAIN_FIELDS, "publisher", "category", "engine", "needs_review", "source_file",
    "source_format", "imported_at", "sort_title", "search_text", "updated_at",
]  # fmt: skip
# Checked by the caller (an import's parsers) or derived here (relations: rows this writer
# holds); clean_fields would only repeat the work, with a query per relation.
UNCHECKED = ["slug", "rules_sections", "review_fields", "search_text", "publisher", "category"]


def import_key(title: str) -> str:
    """A game's identity across imports: its title, folded (« Ta Yü » and « TA YU » are one)."""
    return text.fold(title)


@dataclass(frozen=True)
class CategoryValues:
    code: str
    label: str
    family: str = ""


@dataclass
class GameValues:
    """A game as plain values, what :class:`GameBatchWriter` writes. Equal values describe the
    same game: where they come from (``source_file``, ``source_format``) is not compared."""

    title: str
    document_type: str = ""
    credits: list[tuple[str, str]] = field(default_factory=list)  # (name, role), in order
    publisher: str = ""
    category: CategoryValues | None = None
    min_players: int | None = None
    max_players: int | None = None
    min_age: int | None = None
    max_age: int | None = None
    duration_minutes: int | None = None
    principle: str = ""
    pedagogical_analysis: str = ""
    components: str = ""
    rules_text: str = ""
    rules_sections: list[dict[str, str]] = field(default_factory=list)
    review_fields: list[str] = field(default_factory=list)
    source_file: str = field(default="", compare=False)
    source_format: str = field(default="", compare=False)

    @classmethod
    def of(cls, game: Game) -> GameValues:
        """A catalogue game's values (its credits and their authors prefetched)."""
        category = game.category
        return cls(
            credits=[(credit.author.name, credit.role) for credit in game.credits.all()],
            publisher=game.publisher.name if game.publisher_id else "",
            category=CategoryValues(category.code, category.label, category.family)
            if category
            else None,
            source_file=game.source_file,
            source_format=game.source_format,
            **{name: getattr(game, name) for name in PLAIN_FIELDS},
        )


@dataclass
class GameWritten:
    """What a bulk write did with one game: ``action`` is created, updated or unchanged;
    ``author_slugs``: its authors' (of a game written)."""

    game: Game
    action: str
    author_slugs: list[str]


class GameInvalid(ValueError):
    """The values of a game that the catalogue refuses: which one (its position in the batch and
    its title), which field, and why. Nothing of the batch was written."""

    def __init__(self, message: str, *, index: int, title: str, field: str = ""):
        self.message, self.index, self.title, self.field = message, index, title, field
        super().__init__(f"{title}: {field}: {message}")


class BatchRefused(Exception):
    """The database refused a batch the writer had checked (a bug, logged with its cause)."""


class _Names:
    """Rows of a model found by a case-insensitive name, created with a unique slug if new."""

    def __init__(self, model, *, key: Callable[[Any], str]):
        self.model = model
        self.rows: dict[str, Any] = {key(row): row for row in model.objects.all()}
        self.slugs = SlugPool(model, slugs=[row.slug for row in self.rows.values()])
        self.new: list[Any] = []

    def get(self, name: str, make: Callable[[SlugPool], Any]):
        """The row named ``name``; a new one (``make`` it with these slugs) is saved by the next
        :meth:`save_new`."""
        folded = name.casefold()
        row = self.rows.get(folded)
        if row is None:
            row = self.rows[folded] = make(self.slugs)
            self.new.append(row)
        return row

    def save_new(self) -> None:
        if self.new:
            self.model.objects.bulk_create(self.new, batch_size=BATCH_SIZE)
            self.new = []


class GameBatchWriter:
    def __init__(self) -> None:
        self.forget()

    def forget(self) -> None:
        """Reload the names and slugs (after a rolled-back write)."""
        self.authors = _Names(Author, key=lambda a: a.name.casefold())
        self.publishers = _Names(Publisher, key=lambda p: p.name.casefold())
        self.categories = _Names(Category, key=lambda c: c.code.casefold())
        self.game_slugs = SlugPool(Game)

    def write(self, games: Sequence[GameValues]) -> list[GameWritten]:
        """Create, update or leave each game (found by :func:`import_key`; the batch's keys must
        be distinct), in order. Raises :class:`GameInvalid` before writing anything, or
        :class:`BatchRefused`."""
        keys = [import_key(values.title) for values in games]
        if len(set(keys)) != len(keys):
            raise ValueError("a batch holds each game once (titles folded alike)")
        existing = {
            game.import_key: game
            for game in Game.objects.filter(import_key__in=keys)
            .select_related("publisher", "category")
            .prefetch_related(Prefetch("credits", queryset=Credit.objects.select_related("author")))
        }
        results, new, changed, credits = [], [], [], []
        now = timezone.now()
        for index, (values, key) in enumerate(zip(games, keys, strict=True)):
            game = existing.get(key)
            if game is not None and GameValues.of(game) == values:
                results.append(GameWritten(game, UNCHANGED, []))
                continue
            action = CREATED if game is None else UPDATED
            game = game or Game(import_key=key)
            pairs = self._fill(game, values, now, index)
            credits.append((game, pairs))
            (new if action == CREATED else changed).append(game)
            slugs = list(dict.fromkeys(author.slug for author, _role in pairs))
            results.append(GameWritten(game, action, slugs))
        self._save(new, changed, credits, source=games[0].source_file if games else "")
        services.search_changes_record(game_ids=[game.pk for game in new + changed])
        return results

    def _save(self, new, changed, credits, *, source: str) -> None:
        try:
            for names in (self.authors, self.publishers, self.categories):
                names.save_new()
            bulk_insert(Game, new)
            if changed:
                Game.objects.bulk_update(changed, UPDATE_FIELDS, batch_size=100)
                Credit.objects.filter(game__in=changed).delete()
            bulk_insert(
                Credit,
                [
                    Credit(game=game, author=author, role=role, position=position)
                    for game, game_credits in credits
                    for position, (author, role) in enumerate(game_credits)
                ],
                pks=False,
            )
        except DatabaseError as error:
            # Every value is checked beforehand (the caller's checks, Game.clean_fields):
            # reaching this is a bug, logged for developers; the caller says it plainly.
            logger.exception("bulk write of games from %s refused by the database", source)
            raise BatchRefused(str(error)) from None

    def _fill(self, game: Game, values: GameValues, now: datetime, index: int):
        """Set the game's fields from its values; its credits as ``(author, role)`` pairs."""
        for name in PLAIN_FIELDS:
            setattr(game, name, getattr(values, name))
        publisher = values.publisher.strip()
        game.publisher = (
            self.publishers.get(
                publisher, lambda slugs: Publisher(name=publisher, slug=slugs.take(publisher))
            )
            if publisher
            else None
        )
        category = values.category
        game.category = (
            self.categories.get(
                category.code,
                lambda slugs: Category(
                    code=category.code,
                    label=category.label,
                    family=category.family,
                    slug=services.category_slug(
                        code=category.code, label=category.label, slugs=slugs
                    ),
                ),
            )
            if category and category.code
            else None
        )
        if not game.engine:
            game.engine = engine_for_title(game.import_key)
        game.needs_review = needs_review(values.review_fields)
        game.source_file = values.source_file
        game.source_format = values.source_format
        game.imported_at = now
        game.updated_at = now
        services.game_prepare(game=game, slugs=self.game_slugs)
        pairs, seen = [], set()
        for name, role in values.credits:
            name = name.strip()
            person = self.authors.get(
                name, lambda slugs, name=name: Author(name=name, slug=slugs.take(name))
            )
            if (id(person), role) not in seen:
                seen.add((id(person), role))
                pairs.append((person, role))
        game.search_text = services.game_search_text(game, [person.name for person, _role in pairs])
        try:
            game.clean_fields(exclude=UNCHECKED)
        except ValidationError as error:
            field_name, messages = next(iter(error.message_dict.items()))
            raise GameInvalid(
                " ".join(messages), index=index, title=values.title, field=field_name
            ) from None
        return pairs
