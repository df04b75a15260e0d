"""Writes to the catalogue. Views, admin and importers call these and hold no rules of their own."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.utils.text import slugify

from . import search, text
from .models import Author, Category, Credit, Game, Publisher


def unique_slug(model, value: str, *, instance_pk: int | None = None, max_length: int = 200) -> str:
    """A slug for ``value`` not used by another row of ``model`` (« ta-yu », then « ta-yu-2 »…)."""
    base = slugify(text.unaccent(value))[: max_length - 4] or "sans-titre"
    slug, n = base, 2
    while model.objects.filter(slug=slug).exclude(pk=instance_pk).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


def author_get_or_create(*, name: str) -> Author:
    author = Author.objects.filter(name__iexact=name.strip()).first()
    if author is None:
        author = Author.objects.create(name=name.strip(), slug=unique_slug(Author, name))
    return author


def publisher_get_or_create(*, name: str) -> Publisher:
    publisher = Publisher.objects.filter(name__iexact=name.strip()).first()
    if publisher is None:
        publisher = Publisher.objects.create(name=name.strip(), slug=unique_slug(Publisher, name))
    return publisher


def category_get_or_create(*, code: str, label: str, family: str) -> Category:
    category = Category.objects.filter(code=code).first()
    if category is None:
        category = Category.objects.create(
            code=code,
            label=label,
            family=family,
            slug=unique_slug(Category, f"{code} {label}", max_length=220),
        )
    return category


def game_search_text(game: Game) -> str:
    """Everything a visitor may type to find the game: title, people, publisher, category, rules."""
    parts = [game.title]
    parts += [credit.author.name for credit in game.credits.select_related("author")]
    if game.publisher_id:
        parts.append(game.publisher.name)
    if game.category_id:
        parts += [game.category.code, game.category.label, game.category.family]
    parts += [game.principle, game.pedagogical_analysis, game.components, game.rules_text]
    return "\n".join(p for p in parts if p)


def game_refresh_search(*, game: Game) -> None:
    """Recompute the game's search text and its full-text index entry."""
    game.search_text = game_search_text(game)
    Game.objects.filter(pk=game.pk).update(search_text=game.search_text)
    search.index_game(game)


def game_prepare(*, game: Game) -> None:
    """Fill the derived fields of a game about to be saved (sort title, slug)."""
    game.sort_title = text.sort_title(game.title)
    if not game.slug:
        game.slug = unique_slug(Game, game.title, instance_pk=game.pk, max_length=300)


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
