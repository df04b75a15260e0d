"""The search page's numbers out of what the server can hold (400 digits) are form errors that
name their field, never a server error; the other criteria still apply."""

from __future__ import annotations

import re

import pytest

from tests.factories import make_game

pytestmark = pytest.mark.django_db

HUGE = "9" * 400

LABELS = {
    "age": "Âge de l'enfant",
    "players": "Nombre de joueurs",
    "max_duration": "Durée maximale (minutes)",
    "page": "Page",
    "facet_size": "Éditeurs et auteurs listés",
}


ALERT = re.compile(r'<div class="errors" role="alert">(.*?)</div>', re.S)


def alert(response) -> str:
    match = ALERT.search(response.content.decode())
    assert match, "no form error shown"
    return match.group(1)


@pytest.mark.parametrize("field", sorted(LABELS))
@pytest.mark.parametrize("value", [HUGE, "-" + HUGE, "9" * 5_000])
def test_a_number_the_server_cannot_hold_is_a_form_error_naming_its_field(client, field, value):
    make_game("Alcatraz", min_players=2, max_players=4, min_age=8)
    response = client.get("/", {field: value, "q": "alcatraz"})
    assert response.status_code == 200
    assert field in response.context["form"].errors
    assert f"{LABELS[field]} :" in alert(response).replace("&#x27;", "'")
    assert getattr(response.context["params"], field) in (None, 1)  # dropped: the default
    assert [game.title for game in response.context["result"].page] == ["Alcatraz"]
