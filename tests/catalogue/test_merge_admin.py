"""« Doublons probables » and « Fusionner » in the admin: the proposals, the page that shows
what will move and asks to confirm, the action on two selected rows, permissions and hostile
ids."""

import pytest
from django.contrib.auth import get_user_model

from catalogue.models import Author, Credit, Game
from catalogue.services import author_get_or_create
from catalogue.slugs import slug_unique
from tests.factories import make_game

from .test_merge import database_rows

DUPLICATES = "/admin/doublons/"
MERGE = "/admin/catalogue/author/fusionner/"


@pytest.fixture
def corns(db):
    corn = author_get_or_create(name="Ronald Corn")
    lower = Author.objects.create(name="Ronald corn", slug=slug_unique(Author, "Ronald corn"))
    game = make_game("Pow Wow")
    Credit.objects.create(game=game, author=corn)
    Credit.objects.create(game=make_game("Alcatraz"), author=lower)
    return corn, lower


def test_the_duplicates_page_proposes_the_merge(client, librarian, corns):
    corn, lower = corns
    make_game("Pow-Wow")
    page = client.get(DUPLICATES).content.decode()
    assert "Doublons probables" in page
    assert "Ronald Corn" in page and "Ronald corn" in page
    assert f"{MERGE}?keep={corn.pk}&amp;merge={lower.pk}" in page
    assert "Pow-Wow" in page and "/admin/catalogue/game/fusionner/?keep=" in page
    assert "Aucun doublon probable." in page  # the publishers


def test_the_merge_page_shows_what_will_move_and_changes_nothing(client, librarian, corns):
    corn, lower = corns
    before = database_rows()
    response = client.get(MERGE, {"keep": corn.pk, "merge": lower.pk})
    page = response.content.decode()
    assert response.status_code == 200
    assert "crédits déplacés vers la fiche gardée : 1" in page
    assert f'name="keep" value="{corn.pk}"' in page and f'name="merge" value="{lower.pk}"' in page
    assert f"?keep={lower.pk}&amp;merge={corn.pk}" in page  # « Garder plutôt … »
    assert database_rows() == before


def test_confirming_merges_and_says_so(client, librarian, corns):
    corn, lower = corns
    response = client.post(MERGE, {"keep": corn.pk, "merge": lower.pk}, follow=True)
    assert response.redirect_chain[-1][0] == f"/admin/catalogue/author/{corn.pk}/change/"
    assert "est fusionné dans « Ronald Corn »" in response.content.decode()
    assert not Author.objects.filter(pk=lower.pk).exists()
    assert corn.credits.count() == 2


def test_the_action_on_two_selected_rows_opens_the_merge_page(client, librarian, corns):
    corn, lower = corns
    response = client.post(
        "/admin/catalogue/author/",
        {"action": "merge_two", "_selected_action": [lower.pk, corn.pk]},
    )
    assert response.status_code == 302
    # Both have one game: the older one is proposed to keep.
    assert response["Location"] == f"{MERGE}?keep={corn.pk}&merge={lower.pk}"


def test_the_action_wants_exactly_two_rows(client, librarian, corns):
    third = Author.objects.create(name="Ronald CORN", slug="ronald-corn-3")
    ids = [corns[0].pk, corns[1].pk, third.pk]
    response = client.post(
        "/admin/catalogue/author/", {"action": "merge_two", "_selected_action": ids}, follow=True
    )
    assert "Choisissez exactement deux fiches à fusionner." in response.content.decode()
    assert Author.objects.count() == 3


def test_the_game_admin_offers_the_merge_action(client, librarian, db):
    a, b = make_game("Pow Wow"), make_game("Pow-Wow")
    response = client.post(
        "/admin/catalogue/game/", {"action": "merge_two", "_selected_action": [a.pk, b.pk]}
    )
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/catalogue/game/fusionner/?keep=")
    response = client.post("/admin/catalogue/game/fusionner/", {"keep": a.pk, "merge": b.pk})
    assert response.status_code == 302
    assert list(Game.objects.values_list("title", flat=True)) == ["Pow Wow"]


@pytest.mark.parametrize(
    "query",
    [
        {"keep": "abc", "merge": "1"},
        {"keep": "1"},
        {"keep": "1" * 40, "merge": "2"},
        {"keep": "-1", "merge": "2"},
        {"keep": "١", "merge": "2"},  # an Arabic-Indic digit: a digit, not an id
        {"keep": "999999", "merge": "999998"},
    ],
)
def test_hostile_or_stale_ids_are_refused_clearly(client, librarian, corns, query):
    before = database_rows()
    response = client.post(MERGE, query, follow=True)
    assert response.status_code == 200
    page = response.content.decode()
    assert "Choisissez les deux fiches à fusionner." in page or "existe plus" in page
    assert database_rows() == before


def test_merging_a_row_with_itself_is_refused(client, librarian, corns):
    corn, _lower = corns
    before = database_rows()
    response = client.post(MERGE, {"keep": corn.pk, "merge": corn.pk}, follow=True)
    assert "ne se fusionne pas avec elle-même" in response.content.decode()
    assert database_rows() == before


def test_staff_without_the_permissions_may_not_merge(client, corns):
    user = get_user_model().objects.create_user("clerk", password="x-1-long-pw", is_staff=True)
    client.force_login(user)
    corn, lower = corns
    assert client.post(MERGE, {"keep": corn.pk, "merge": lower.pk}).status_code == 403
    assert client.get(DUPLICATES).status_code == 403
    assert Author.objects.filter(pk=lower.pk).exists()
    # The desk is for all staff; the duplicates link only for those who may merge.
    page = client.get("/admin/").content.decode()
    assert 'href="/admin/bureau/"' in page and 'href="/admin/doublons/"' not in page
