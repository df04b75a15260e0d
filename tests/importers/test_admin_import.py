"""The librarians' import screen: upload → dry-run report → confirm (or cancel); the history."""

from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from catalogue.models import Game
from catalogue.roles import LIBRARIAN_GROUP, librarian_codenames
from importers.models import ImportBatch
from importers.selectors import game_batch
from tests.conftest import SAMPLE_FILES, sample_bytes


def upload(client, *files):
    return client.post(
        reverse("admin:importers_upload"),
        {"files": [SimpleUploadedFile(name, data) for name, data in files]},
    )


def test_librarian_group_has_exactly_its_permissions(db):
    from django.contrib.auth.models import Group

    group = Group.objects.get(name=LIBRARIAN_GROUP)
    granted = {(p.content_type.app_label, p.codename) for p in group.permissions.all()}
    assert granted == librarian_codenames()
    assert ("importers", "run_import") in granted
    assert ("auth", "change_user") not in granted
    assert ("importers", "delete_importbatch") not in granted


def test_upload_shows_dry_run_report_and_writes_nothing(client, librarian):
    response = upload(
        client,
        (SAMPLE_FILES["alcatraz"], sample_bytes("alcatraz")),
        ("vide.txt", b""),
    )
    batch = ImportBatch.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("admin:importers_confirm", args=[batch.pk])
    assert batch.status == ImportBatch.Status.PENDING
    assert Game.objects.count() == 0

    html = client.get(response["Location"]).content.decode()
    assert "Alcatraz" in html and "créé" in html
    assert "vide.txt" in html and "rejeté" in html
    assert "Confirmer" in html
    assert Game.objects.count() == 0


def test_confirm_imports_and_records_history(client, librarian):
    upload(
        client,
        (SAMPLE_FILES["alcatraz"], sample_bytes("alcatraz")),
        (SAMPLE_FILES["bataclan"], sample_bytes("bataclan")),
        ("vide.txt", b""),
    )
    batch = ImportBatch.objects.get()
    response = client.post(reverse("admin:importers_confirm", args=[batch.pk]), {"confirm": "1"})
    assert response.status_code == 302
    batch.refresh_from_db()
    assert batch.status == ImportBatch.Status.APPLIED
    assert (batch.created, batch.updated, batch.unchanged, batch.rejected) == (2, 0, 0, 1)
    assert batch.flagged == 1  # Bataclan has no author
    assert batch.created_by == librarian
    assert set(Game.objects.values_list("title", flat=True)) == {"Alcatraz", "Bataclan"}
    assert game_batch(Game.objects.get(title="Alcatraz")) == batch

    history = client.get(reverse("admin:importers_importbatch_changelist")).content.decode()
    assert f"Import n° {batch.pk}" in history
    detail = client.get(reverse("admin:importers_importbatch_change", args=[batch.pk]))
    assert "vide.txt" in detail.content.decode()


def test_a_games_provenance_links_the_batch_that_wrote_it(client, librarian):
    """The game's admin page shows its import batch (kept by the importers) as a link."""
    upload(client, (SAMPLE_FILES["alcatraz"], sample_bytes("alcatraz")))
    batch = ImportBatch.objects.get()
    client.post(reverse("admin:importers_confirm", args=[batch.pk]), {"confirm": "1"})
    game = Game.objects.get(title="Alcatraz")
    page = client.get(reverse("admin:catalogue_game_change", args=[game.pk])).content.decode()
    link = reverse("admin:importers_importbatch_change", args=[batch.pk])
    assert f'<a href="{link}">Import n° {batch.pk} (importé)</a>' in page
    assert page.index("Fichier source") < page.index(link) < page.index("Importé le")


def test_confirming_twice_imports_once(client, librarian):
    upload(client, (SAMPLE_FILES["alcatraz"], sample_bytes("alcatraz")))
    batch = ImportBatch.objects.get()
    url = reverse("admin:importers_confirm", args=[batch.pk])
    client.post(url, {"confirm": "1"})
    client.post(url, {"confirm": "1"})
    assert Game.objects.count() == 1
    batch.refresh_from_db()
    assert batch.created == 1


def test_cancel_writes_nothing(client, librarian):
    upload(client, (SAMPLE_FILES["alcatraz"], sample_bytes("alcatraz")))
    batch = ImportBatch.objects.get()
    client.post(reverse("admin:importers_confirm", args=[batch.pk]), {"cancel": "1"})
    batch.refresh_from_db()
    assert batch.status == ImportBatch.Status.CANCELLED
    assert Game.objects.count() == 0


def test_oversized_upload_is_refused_before_parsing(client, librarian, settings):
    settings.IMPORT_MAX_UPLOAD_BYTES = 100
    response = upload(client, (SAMPLE_FILES["alcatraz"], sample_bytes("alcatraz")))
    assert response.status_code == 200
    assert "trop volumineux" in response.content.decode()
    assert ImportBatch.objects.count() == 0


def test_staff_without_import_permission_is_refused(client, db):
    user = get_user_model().objects.create_user("bob", password="x-unused-x", is_staff=True)
    client.force_login(user)
    assert client.get(reverse("admin:importers_upload")).status_code == 403


def test_anonymous_is_sent_to_login(client, db):
    response = client.get(reverse("admin:importers_upload"))
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


def test_librarian_can_edit_a_game_and_search_follows(client, librarian, imported):
    game = Game.objects.get(title="Bataclan")
    response = client.get(reverse("admin:catalogue_game_changelist"), {"needs_review__exact": "1"})
    assert "Bataclan" in response.content.decode()
    response = client.get(reverse("admin:catalogue_game_change", args=[game.pk]))
    assert response.status_code == 200


def test_dry_run_report_shows_the_importers_remarks(client, librarian):
    """Unmapped 900 labels are reported on the confirmation screen, and the copies (995)
    it would import counted."""
    from tests.importers.test_marc import TA_YU_PMB, iso

    upload(client, ("pmb.mrc", iso(TA_YU_PMB)))
    batch = ImportBatch.objects.get()
    html = client.get(reverse("admin:importers_confirm", args=[batch.pk])).content.decode()
    assert "remarque" in html
    assert "État de la boîte" in html and "Exemplaires : 2 créé(s)" in html


def test_review_list_filters_by_missing_field(client, librarian, imported):
    url = reverse("admin:catalogue_game_changelist")
    html = client.get(url).content.decode()
    assert "champ à compléter" in html and "?missing=authors" in html

    def listed(**query):
        changelist = client.get(url, query).context["cl"]
        return sorted(game.title for game in changelist.result_list)

    assert listed(missing="authors") == ["Bataclan", "Prairie ou Buffalo"]
    assert listed(missing="duration_minutes") == ["Prairie ou Buffalo"]
    assert len(listed()) == 5
