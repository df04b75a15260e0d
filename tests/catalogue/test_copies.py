"""Copies on the visitors' pages: the game page's « Exemplaires » and whether one is in, the
search's « disponible maintenant » filter and its count; the copies' rules in the database."""

from __future__ import annotations

import datetime

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import translation

from catalogue.copies import CopyUpdate, copies_update, due_text
from catalogue.copy_values import normalise_barcode, status_from_word
from catalogue.index import store
from catalogue.models import Copy
from catalogue.selectors import SearchParams, game_search
from tests.factories import make_game

pytestmark = pytest.mark.django_db


def page(client, game) -> str:
    response = client.get(game.get_absolute_url())
    assert response.status_code == 200
    return response.content.decode()


def test_game_page_lists_the_copies_with_their_status(client):
    game = make_game("Ta Yü")
    Copy.objects.create(
        game=game, barcode="T1", call_number="J STR TAY", location="Ludothèque", section="Règles",
        status="on_loan", due_date=datetime.date(2026, 12, 20),
    )  # fmt: skip
    Copy.objects.create(game=game, barcode="T2", call_number="J STR TAY 2", status="repair")
    html = page(client, game)
    assert "Exemplaires" in html
    assert "J STR TAY" in html and "Ludothèque — Règles" in html
    assert "en prêt jusqu’au 20 décembre" in html and "en réparation" in html
    assert "T1" not in html  # barcodes stay with the librarians
    assert "Tous les exemplaires sont sortis, retour prévu le 20 décembre" in html


def test_game_page_says_when_a_copy_is_in(client):
    game = make_game("Pow wow")
    Copy.objects.create(game=game, barcode="P1")
    Copy.objects.create(game=game, barcode="P2", status="on_loan")
    html = page(client, game)
    assert "Disponible : 1 exemplaire sur 2" in html
    assert "disponible" in html and "sortis" not in html


def test_game_page_without_copies_says_nothing_of_them(client):
    html = page(client, make_game("Sans exemplaire"))
    assert "Exemplaires" not in html and "availability" not in html


def test_all_out_without_a_return_date(client):
    game = make_game("Alcatraz")
    Copy.objects.create(game=game, barcode="A1", status="excluded")
    html = page(client, game)
    assert "Aucun exemplaire disponible pour le moment" in html and "exclu du prêt" in html


def test_due_dates_read_as_a_parent_would():
    today = datetime.date(2026, 6, 1)
    with translation.override("fr"):
        assert due_text(datetime.date(2026, 12, 20), today=today) == "20 décembre"
        assert due_text(datetime.date(2026, 5, 1), today=today) == "1er mai"
        assert due_text(datetime.date(2027, 1, 3), today=today) == "3 janvier 2027"


@pytest.fixture
def shelf(db):
    ta_yu, pow_wow, alcatraz = make_game("Ta Yü"), make_game("Pow wow"), make_game("Alcatraz")
    Copy.objects.create(game=ta_yu, barcode="T1")
    Copy.objects.create(game=pow_wow, barcode="P1", status="on_loan")
    return ta_yu, pow_wow, alcatraz


def test_search_page_filter_and_its_count(client, shelf):
    store.replica().rebuild()  # the copies were written beside the services: index them
    url = reverse("catalogue:search")
    html = client.get(url).content.decode()
    assert 'name="available"' in html and "Disponible maintenant" in html
    assert "disponible maintenant" in html  # the facet, with its count
    filtered = client.get(url, {"available": "1"}).content.decode()
    assert "1 jeu trouvé" in filtered and "Ta Yü" in filtered and "Pow wow" not in filtered
    assert "disponible maintenant" in filtered  # the active filter's chip


def test_status_changes_reach_the_search_at_once(shelf):
    ta_yu, pow_wow, _alcatraz = shelf
    store.replica().rebuild()
    assert game_search(params=SearchParams(available=True)).count == 1
    copies_update(updates=[CopyUpdate("T1", "on_loan"), CopyUpdate("P1", "available")])
    result = game_search(params=SearchParams(available=True))
    assert [game.pk for game in result.page.object_list] == [pow_wow.pk]
    # Combined with another filter and text, the count stays right.
    assert game_search(params=SearchParams(q="pow", available=True)).count == 1
    assert game_search(params=SearchParams(q="ta yu", available=True)).count == 0


def test_a_full_rebuild_keeps_availability(shelf):
    assert store.replica().rebuild() == 3
    result = game_search(params=SearchParams())
    assert result.facets["available"][0]["count"] == 1


def test_relax_hint_offers_to_drop_the_filter(shelf):
    store.replica().rebuild()
    result = game_search(params=SearchParams(q="alcatraz", available=True))
    assert result.count == 0
    hints = {hint["param"]: hint["count"] for hint in result.relax}
    assert hints["available"] == 1  # Alcatraz, once the filter is dropped


def test_database_refuses_a_due_date_without_a_loan_and_a_blank_barcode(shelf):
    game = shelf[2]
    with pytest.raises(IntegrityError), transaction.atomic():
        Copy.objects.create(game=game, barcode="X", due_date=datetime.date(2026, 1, 1))
    with pytest.raises(IntegrityError), transaction.atomic():
        Copy.objects.create(game=game, barcode="")
    with pytest.raises(IntegrityError), transaction.atomic():
        Copy.objects.create(game=game, barcode="T1")  # unique


def test_barcodes_and_status_words_are_normalised():
    assert normalise_barcode(" \ufeff0012345\r\n\x00") == "0012345"
    assert status_from_word(" En  Prêt ") == "on_loan"
    assert status_from_word("EXCLU DU PRÊT") == "excluded"
    assert status_from_word("on-loan") == "on_loan"
    assert status_from_word("perdu") is None


def test_admin_game_page_lists_the_copies(client, librarian, shelf):
    response = client.get(reverse("admin:catalogue_game_change", args=[shelf[0].pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "exemplaires" in html.lower() and 'value="T1"' in html
