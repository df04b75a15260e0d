"""core.bulk_insert: multi-row INSERTs that store what bulk_create would."""

from __future__ import annotations

import pytest
from django.forms.models import model_to_dict

from catalogue.models import Credit, Game, Publisher, SearchChange
from core import bulk_insert as module
from core.bulk_insert import bulk_insert

pytestmark = pytest.mark.django_db


def game(slug: str, publisher: Publisher) -> Game:
    return Game(
        title="Ta Yü",
        slug=slug,
        sort_title="ta yu",
        publisher=publisher,
        min_players=2,
        max_players=4,
        rules_text="Des canaux.",
        rules_sections=[{"heading": "But", "body": "Relier les bords."}],
        review_fields=["min_age"],
        needs_review=True,
    )


def stored(pk: int) -> dict:
    row = model_to_dict(Game.objects.get(pk=pk))
    del row["id"], row["slug"]
    return row


def test_rows_are_stored_as_bulk_create_stores_them():
    publisher = Publisher(name="Gigamic", slug="gigamic")  # saved after being assigned
    publisher.save()
    by_django, by_us = game("a", publisher), game("b", publisher)
    Game.objects.bulk_create([by_django])
    bulk_insert(Game, [by_us])
    assert by_us.pk is not None and not by_us._state.adding
    assert stored(by_us.pk) == stored(by_django.pk)
    fresh = Game.objects.get(pk=by_us.pk)
    assert fresh.created_at is not None and fresh.updated_at is not None
    assert fresh.rules_sections == [{"heading": "But", "body": "Relier les bords."}]


def test_primary_keys_follow_the_rows_across_statements(monkeypatch):
    monkeypatch.setattr(module, "ROWS_PER_STATEMENT", 3)
    changes = [SearchChange(game_id=n) for n in range(10)]
    bulk_insert(SearchChange, changes)
    assert dict(SearchChange.objects.values_list("pk", "game_id")) == {
        change.pk: n for n, change in enumerate(changes)
    }


def test_rows_without_keys_asked_are_stored():
    publisher = Publisher.objects.create(name="Gigamic", slug="gigamic")
    saved = game("a", publisher)
    bulk_insert(Game, [saved])
    from catalogue.models import Author

    author = Author.objects.create(name="Niek Neuwahl", slug="niek-neuwahl")
    bulk_insert(Credit, [Credit(game=saved, author=author, role="Auteur", position=0)], pks=False)
    assert list(saved.credits.values_list("author__name", "role")) == [("Niek Neuwahl", "Auteur")]


def test_an_unsaved_related_object_is_refused():
    with pytest.raises(ValueError):
        bulk_insert(Game, [game("a", Publisher(name="Gigamic", slug="gigamic"))])
    assert not Game.objects.exists()
