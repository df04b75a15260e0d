"""GET /api/v1/games/{slug}/: the whole record."""

from __future__ import annotations

import pytest

from catalogue.models import Game
from importers.models import ImportBatch

pytestmark = pytest.mark.django_db


def test_detail_has_the_whole_record(api, imported):
    body = api.get("/api/v1/games/alcatraz/").json()
    game = Game.objects.get(slug="alcatraz")
    assert body["title"] == "Alcatraz"
    assert body["document_type"] == "objet à 3 dimensions, artefacts, ..."
    assert body["rules_text"] == game.rules_text
    assert body["rules_sections"] == game.rules_sections
    assert body["rules_sections"][1]["heading"] == "But du jeu"
    assert body["components"].startswith("1 plateau de jeu, 8 gardiens")
    assert (body["principle"], body["pedagogical_analysis"]) == ("", "")
    assert body["authors"] == [
        {"name": "Bernhard Weber", "role": "Auteur", "slug": "bernhard-weber"}
    ]
    assert body["url"] == "http://testserver/api/v1/games/alcatraz/"
    assert body["page_url"] == "http://testserver/jeux/alcatraz/"
    batch = ImportBatch.objects.get()
    assert body["provenance"]["source_file"] == "002_fde63279b46173cf.txt"
    assert body["provenance"]["source_format"] == "pmb-text"
    assert body["provenance"]["import_batch"] == batch.pk
    assert body["provenance"]["imported_at"]
    assert (body["needs_review"], body["review_fields"]) == (False, [])


def test_detail_shows_review_flags(api, imported):
    body = api.get("/api/v1/games/prairie-ou-buffalo/").json()
    assert body["needs_review"] is True
    assert body["review_fields"][:2] == ["document_type", "authors"]
    assert body["principle"] == "" and body["max_age"] is None
    ta_yu = api.get("/api/v1/games/ta-yu/").json()
    assert ta_yu["principle"].startswith("Chaque joueur cherche")
    assert ta_yu["pedagogical_analysis"] == "Un jeu de domino et circuit."


def test_unknown_game_is_404(api, db):
    response = api.get("/api/v1/games/nulle-part/")
    assert response.status_code == 404 and response.json()["detail"]
