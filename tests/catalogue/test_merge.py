"""Merging duplicates: every link of the merged row moves to the kept one (whatever app it
comes from), a link that would be a duplicate is dropped, the search index is told, the history
says so — and a refused merge changes nothing."""

import pytest
from django.apps import apps
from django.contrib.admin.models import CHANGE, DELETION, LogEntry

from catalogue.merge import MergeRefused, duplicates_find, folded_name, objects_merge
from catalogue.models import Author, Copy, Credit, Game, Publisher, SearchChange
from catalogue.services import author_get_or_create, publisher_get_or_create
from desk.models import WeeklyCount
from importers.models import ImportBatch, ImportedGame
from play.models import Match
from play.services.matches import SeatSpec, match_start
from tests.factories import make_game


def new_author(name: str) -> Author:
    """An author created as the admin would: « Ronald corn » beside « Ronald Corn »."""
    from catalogue.slugs import slug_unique

    return Author.objects.create(name=name, slug=slug_unique(Author, name))


def credit(game, author, role="Auteur", position=0) -> Credit:
    return Credit.objects.create(game=game, author=author, role=role, position=position)


def database_rows() -> dict[str, list]:
    """Every row of every model, as values: to compare before and after a refused merge."""
    return {
        model._meta.label: list(model._base_manager.order_by("pk").values())
        for model in apps.get_models()
        if model._meta.app_label in ("catalogue", "importers", "play", "desk", "admin")
    }


# --------------------------------------------------------------------------- proposals


def test_names_fold_case_accents_punctuation_and_spaces():
    assert folded_name("Ronald corn") == folded_name("  RONALD   Corn ") == "ronald corn"
    assert folded_name("Pow-Wow !") == folded_name("pow wow") == "pow wow"
    assert folded_name("Ta Yü") == folded_name("TA YU") == "ta yu"
    assert folded_name("Ronald Corn") != folded_name("Ronald Horn")


def test_the_proposals_find_ronald_corn_twice(db):
    corn = author_get_or_create(name="Ronald Corn")
    lower = new_author("Ronald corn")
    new_author("Ronald Horn")
    game = make_game("Pow Wow")
    credit(game, corn)
    groups = duplicates_find(Author)
    assert [[a.name for a in group] for group in groups] == [["Ronald Corn", "Ronald corn"]]
    # The one with links first: the one to keep unless the librarian chooses otherwise.
    assert groups[0][0] == corn and groups[0][0].links_count == 1
    assert groups[0][1] == lower and groups[0][1].links_count == 0


def test_the_proposals_find_publishers_and_games(db):
    publisher_get_or_create(name="Gigamic")
    Publisher.objects.create(name="GIGAMIC.", slug="gigamic-2")
    make_game("Pow Wow")
    make_game("Pow-Wow")
    make_game("Powwow")  # another word: not proposed
    assert [[p.name for p in g] for g in duplicates_find(Publisher)] == [["Gigamic", "GIGAMIC."]]
    assert [sorted(g.title for g in group) for group in duplicates_find(Game)] == [
        ["Pow Wow", "Pow-Wow"]
    ]


# --------------------------------------------------------------------------- authors


def test_an_author_merge_keeps_every_credit_and_drops_duplicates(db, librarian_user):
    corn = author_get_or_create(name="Ronald Corn")
    lower = new_author("Ronald corn")
    pow_wow, alcatraz, tayu = make_game("Pow Wow"), make_game("Alcatraz"), make_game("Ta Yü")
    credit(pow_wow, corn)
    credit(pow_wow, lower)  # the same person twice in one role: one credit stays
    credit(pow_wow, lower, role="Illustrateur")  # another role: moved
    credit(alcatraz, lower)
    credit(tayu, corn)
    for game in (pow_wow, alcatraz):
        Game.objects.filter(pk=game.pk).update(search_text="Ronald corn")
    before = SearchChange.objects.count()

    result = objects_merge(keep=corn, merged=lower, user=librarian_user)

    assert not Author.objects.filter(pk=lower.pk).exists()
    assert sorted(corn.credits.values_list("game__title", "role")) == [
        ("Alcatraz", "Auteur"),
        ("Pow Wow", "Auteur"),
        ("Pow Wow", "Illustrateur"),
        ("Ta Yü", "Auteur"),
    ]
    moves = {move.label: (len(move.moved), len(move.dropped)) for move in result.moves}
    assert moves == {"crédits": (2, 1)}
    # The games whose text named « Ronald corn » now say « Ronald Corn », and the index knows.
    for game in (pow_wow, alcatraz):
        game.refresh_from_db()
        assert "Ronald Corn" in game.search_text and "Ronald corn" not in game.search_text
    changed = set(SearchChange.objects.order_by("id")[before:].values_list("game_id", flat=True))
    assert changed == {pow_wow.pk, alcatraz.pk}


def test_the_merge_is_in_the_kept_rows_history(db, librarian_user):
    corn = author_get_or_create(name="Ronald Corn")
    lower = new_author("Ronald corn")
    credit(make_game("Pow Wow"), lower)
    objects_merge(keep=corn, merged=lower, user=librarian_user)
    kept_log = LogEntry.objects.get(object_id=str(corn.pk), content_type__model="author")
    assert kept_log.action_flag == CHANGE and kept_log.user == librarian_user
    assert "« Ronald corn »" in kept_log.change_message
    assert f"n° {lower.pk}" in kept_log.change_message
    assert "crédits déplacés : 1" in kept_log.change_message
    gone_log = LogEntry.objects.get(object_id=str(lower.pk), content_type__model="author")
    assert gone_log.action_flag == DELETION and gone_log.object_repr == "Ronald corn"
    assert "Ronald Corn" in gone_log.change_message


# --------------------------------------------------------------------------- publishers


def test_a_publisher_merge_moves_its_games(db, librarian_user):
    kept = publisher_get_or_create(name="Gigamic")
    other = Publisher.objects.create(name="GIGAMIC.", slug="gigamic-2")
    mine = make_game("Quarto", publisher="Gigamic")
    theirs = [make_game("Quixo"), make_game("Pylos")]
    Game.objects.filter(pk__in=[g.pk for g in theirs]).update(publisher=other)
    before = SearchChange.objects.count()

    objects_merge(keep=kept, merged=other, user=librarian_user)

    assert not Publisher.objects.filter(pk=other.pk).exists()
    assert sorted(kept.games.values_list("title", flat=True)) == ["Pylos", "Quarto", "Quixo"]
    changed = set(SearchChange.objects.order_by("id")[before:].values_list("game_id", flat=True))
    assert changed == {g.pk for g in theirs}  # Quarto's text did not change
    assert mine.pk not in changed
    assert "Gigamic" in Game.objects.get(pk=theirs[0].pk).search_text


# --------------------------------------------------------------------------- games


@pytest.fixture
def twin_games(db):
    """« Prairie ou Buffalo » imported twice, once as « Prairie-ou-Buffalo »."""
    corn, horn = author_get_or_create(name="Ronald Corn"), author_get_or_create(name="Al Horn")
    kept = make_game("Prairie ou Buffalo", engine="buffalo", min_players=2, max_players=2)
    other = make_game(
        "Prairie-ou-Buffalo", min_age=8, duration_minutes=20, rules_text="Les bisons…",
        min_players=3, principle="",
    )  # fmt: skip
    credit(kept, corn, position=0)
    credit(other, corn, position=0)  # a duplicate credit
    credit(other, horn, position=1)
    return kept, other


def test_a_game_merge_moves_credits_copies_matches_and_provenance(
    twin_games, librarian_user, django_capture_on_commit_callbacks
):
    kept, other = twin_games
    with django_capture_on_commit_callbacks(execute=True):
        match, _token = match_start(game=kept, seats=[SeatSpec("local"), SeatSpec("local")])
    # A match of the merged game: another app's row, protected from the game's deletion.
    Match.objects.filter(pk=match.pk).update(game=other)
    copy = Copy.objects.create(game=other, barcode="0123456789")
    batch = ImportBatch.objects.create(status=ImportBatch.Status.APPLIED)
    ImportedGame.objects.create(game=other, batch=batch)
    WeeklyCount.objects.create(week="2025-03-03", kind="game_view", key=str(other.pk), count=5)
    WeeklyCount.objects.create(week="2025-03-03", kind="game_view", key=str(kept.pk), count=2)
    before = SearchChange.objects.count()

    result = objects_merge(keep=kept, merged=other, user=librarian_user)

    assert not Game.objects.filter(pk=other.pk).exists()
    assert Match.objects.get(pk=match.pk).game == kept
    assert Copy.objects.get(pk=copy.pk).game == kept
    assert ImportedGame.objects.get(batch=batch).game == kept
    # The credits: Ronald Corn once, Al Horn after him.
    assert list(kept.credits.order_by("position").values_list("author__name", "position")) == [
        ("Ronald Corn", 0),
        ("Al Horn", 2),
    ]
    moves = {move.label: (len(move.moved), len(move.dropped)) for move in result.moves}
    assert moves["crédits"] == (1, 1)
    assert moves["parties"] == (1, 0)
    assert moves["exemplaires"] == (1, 0)
    # The kept game's empty fields filled; its own values (and the players range) kept.
    kept.refresh_from_db()
    assert (kept.min_age, kept.duration_minutes, kept.rules_text) == (8, 20, "Les bisons…")
    assert (kept.min_players, kept.max_players, kept.engine) == (2, 2, "buffalo")
    assert "Al Horn" in kept.search_text and "Les bisons" in kept.search_text
    # The index: the kept game refreshed, the merged one removed.
    changed = set(SearchChange.objects.order_by("id")[before:].values_list("game_id", flat=True))
    assert changed == {kept.pk, other.pk}
    # The desk's counts of the merged game are the kept game's now.
    assert dict(WeeklyCount.objects.values_list("key", "count")) == {str(kept.pk): 7}


def test_a_second_import_provenance_is_dropped_not_an_error(twin_games, librarian_user):
    kept, other = twin_games
    first = ImportBatch.objects.create(status=ImportBatch.Status.APPLIED)
    second = ImportBatch.objects.create(status=ImportBatch.Status.APPLIED)
    ImportedGame.objects.create(game=kept, batch=first)
    ImportedGame.objects.create(game=other, batch=second)
    objects_merge(keep=kept, merged=other, user=librarian_user)
    assert list(ImportedGame.objects.values_list("game_id", "batch_id")) == [(kept.pk, first.pk)]


def test_the_merged_games_import_key_goes_to_a_kept_game_without_one(twin_games, librarian_user):
    kept, other = twin_games
    Game.objects.filter(pk=kept.pk).update(import_key="")
    Game.objects.filter(pk=other.pk).update(import_key="prairie-ou-buffalo")
    kept.refresh_from_db()
    objects_merge(keep=kept, merged=Game.objects.get(pk=other.pk), user=librarian_user)
    assert Game.objects.get(pk=kept.pk).import_key == "prairie-ou-buffalo"


# --------------------------------------------------------------------------- refusals


def test_a_row_is_not_merged_with_itself(db, librarian_user):
    corn = author_get_or_create(name="Ronald Corn")
    credit(make_game("Pow Wow"), corn)
    before = database_rows()
    with pytest.raises(MergeRefused) as refused:
        objects_merge(keep=corn, merged=Author.objects.get(pk=corn.pk), user=librarian_user)
    assert refused.value.code == "same_object"
    assert database_rows() == before


def test_two_different_models_are_not_merged(db, librarian_user):
    corn = author_get_or_create(name="Ronald Corn")
    gigamic = publisher_get_or_create(name="Gigamic")
    before = database_rows()
    with pytest.raises(MergeRefused) as refused:
        objects_merge(keep=corn, merged=gigamic, user=librarian_user)
    assert refused.value.code == "different_models"
    assert database_rows() == before


def test_a_category_is_not_offered(db, librarian_user):
    from catalogue.services import category_get_or_create

    a = category_get_or_create(code="A 406", label="jeu de stratégie", family="")
    b = category_get_or_create(code="A 407", label="jeu de stratégie", family="")
    with pytest.raises(MergeRefused) as refused:
        objects_merge(keep=a, merged=b, user=librarian_user)
    assert refused.value.code == "not_mergeable"


@pytest.mark.parametrize("gone", ["keep", "merged"])
def test_a_stale_row_is_refused_and_nothing_changes(db, librarian_user, gone):
    corn = author_get_or_create(name="Ronald Corn")
    lower = new_author("Ronald corn")
    credit(make_game("Pow Wow"), lower)
    stale = new_author("Ronald CORN")
    stale_copy = Author.objects.get(pk=stale.pk)
    stale.delete()  # merged or deleted in another tab meanwhile
    before = database_rows()
    pair = (
        {"keep": stale_copy, "merged": lower}
        if gone == "keep"
        else {"keep": corn, "merged": stale_copy}
    )
    with pytest.raises(MergeRefused) as refused:
        objects_merge(**pair, user=librarian_user)
    assert refused.value.code == "not_found"
    assert database_rows() == before


def test_a_merge_that_fails_half_way_leaves_everything_as_it_was(
    twin_games, librarian_user, monkeypatch
):
    """One transaction: the credits already moved go back when the deletion fails."""
    from catalogue import merge

    kept, other = twin_games
    before = database_rows()

    def refuse(*args, **kwargs):
        from django.db import IntegrityError

        raise IntegrityError("constraint failed")

    monkeypatch.setattr(merge.services, "game_delete", refuse)
    with pytest.raises(MergeRefused) as refused:
        objects_merge(keep=kept, merged=other, user=librarian_user)
    assert refused.value.code == "integrity"
    assert database_rows() == before
