"""Slugs, the one rule for every row that has one (games, authors, publishers, categories):
« Ta Yü » → « ta-yu », then « ta-yu-2 », « ta-yu-3 »… while the slug is taken.

A single write asks the database whether a slug is taken (:func:`slug_unique`); a bulk write
knows every slug of the table at the start of an import and keeps them in memory
(:class:`SlugPool`), so that its rows get their slugs without a query each.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import models
from django.utils.text import slugify

from . import text

EMPTY_SLUG = "sans-titre"
# Room kept at the end of the column for the « -2 », « -3 »… suffix.
_SUFFIX_ROOM = 4


def slug_max_length(model: type[models.Model]) -> int:
    return model._meta.get_field("slug").max_length


def slug_choose(value: str, *, max_length: int, taken: Callable[[str], bool]) -> str:
    """The first of « base », « base-2 », « base-3 »… that is not ``taken``."""
    base = slugify(text.unaccent(value))[: max_length - _SUFFIX_ROOM] or EMPTY_SLUG
    slug, n = base, 2
    while taken(slug):
        slug, n = f"{base}-{n}", n + 1
    return slug


def slug_unique(model: type[models.Model], value: str, *, instance_pk: int | None = None) -> str:
    """A slug for ``value`` that no other row of ``model`` has (one query a candidate)."""
    others = model.objects.exclude(pk=instance_pk)
    return slug_choose(
        value,
        max_length=slug_max_length(model),
        taken=lambda slug: others.filter(slug=slug).exists(),
    )


class SlugPool:
    """The slugs of a model's rows, in memory, for a bulk write that creates many rows at once:
    each slug it hands out is taken from then on. Valid inside the transaction it was read in."""

    def __init__(self, model: type[models.Model], slugs=None):
        self.max_length = slug_max_length(model)
        self.taken = set(model.objects.values_list("slug", flat=True) if slugs is None else slugs)

    def take(self, value: str) -> str:
        slug = slug_choose(value, max_length=self.max_length, taken=self.taken.__contains__)
        self.taken.add(slug)
        return slug
