"""The search index: typo tolerance, deterministic order, top-N facets, playable, freshness.

Runs on SQLite and on PostgreSQL (scripts/test.py): the expected orders below are the same on
both, since both answer from the same kind of index built from the same games.
"""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command

from catalogue import services
from catalogue.index import store
from catalogue.models import Game, SearchChange
from catalogue.selectors import SearchParams, game_search
from tests.factories import make_game

pytestmark = pytest.mark.django_db


def titles_of(result) -> list[str]:
    return [game.title for game in result.page]


def titles(**params) -> list[str]:
    return [game.title for game in game_search(params=SearchParams(**params)).page]


@pytest.fixture
def rules(db):
    return {
        "alcatraz": make_game(
            "Alcatraz",
            rules_text="Les prisonniers s'évadent en bateau. Jeu de stratégie.",
            min_players=2,
            max_players=4,
            engine="alcatraz",
        ),
        "tayu": make_game("Ta Yü", rules_text="Stratégie de canaux.", min_players=2, max_players=4),
        "poison": make_game("Sorcières", rules_text="Un poison dans le chaudron."),
        "poisson": make_game("Pêche", rules_text="Attraper le poisson."),
        "yukon": make_game("Yukon", rules_text="Course de traîneaux, yu yu."),
    }


class TestTypos:
    def test_a_long_misspelt_word_finds_the_word_one_edit_away(self, rules):
        assert titles(q="prisonier") == ["Alcatraz"]
        assert titles(q="strategi", ordering="title") == ["Alcatraz", "Ta Yü"]
        assert titles(q="poisom") == ["Sorcières"]

    def test_a_known_word_is_not_widened_to_its_neighbours(self, rules):
        assert titles(q="poison") == ["Sorcières"]
        assert titles(q="poisson") == ["Pêche"]

    def test_short_words_need_no_typo(self, rules):
        """Under six letters a typo is not corrected (too many neighbours)."""
        assert titles(q="batau") == []

    def test_accents_word_forms_and_prefixes_still_match(self, rules):
        assert titles(q="STRATÉGIES", ordering="title") == ["Alcatraz", "Ta Yü"]
        assert titles(q="prisonnier") == ["Alcatraz"]
        assert titles(q="evad") == ["Alcatraz"]


class TestOrder:
    def test_ta_yu_comes_first_for_ta_yu(self, rules):
        assert titles(q="ta yu")[0] == "Ta Yü"

    def test_title_matches_rank_first_then_ties_by_title_then_id(self, db):
        """The same order on every database: score, then sort title, then id."""
        make_game("Charlie", rules_text="un jeu de cartes")
        make_game("Alpha", rules_text="un jeu de cartes")
        make_game("Bravo", rules_text="un jeu de cartes")
        first = make_game("Mémo", rules_text="un jeu de cartes")
        second = make_game("Mémo", rules_text="un jeu de cartes")
        make_game("Cartes sur table", rules_text="rien d'autre")
        result = game_search(params=SearchParams(q="cartes"))
        assert [g.title for g in result.page] == [
            "Cartes sur table", "Alpha", "Bravo", "Charlie", "Mémo", "Mémo",
        ]  # fmt: skip
        assert [g.pk for g in result.page][-2:] == [first.pk, second.pk]

    def test_ties_across_a_page_boundary_keep_the_order(self, db):
        for number in "654321":
            make_game(f"Jeu {number}", rules_text="identique")
        pages = [
            titles_of(game_search(params=SearchParams(q="identique", page=n), page_size=2))
            for n in (1, 2, 3)
        ]
        assert pages == [["Jeu 1", "Jeu 2"], ["Jeu 3", "Jeu 4"], ["Jeu 5", "Jeu 6"]]

    def test_unknown_durations_sort_last_both_ways(self, db):
        make_game("Sans durée")
        make_game("Court", duration_minutes=10)
        make_game("Long", duration_minutes=90)
        assert titles(ordering="duration") == ["Court", "Long", "Sans durée"]
        assert titles(ordering="-duration") == ["Long", "Court", "Sans durée"]


class TestFacets:
    @pytest.fixture
    def crowd(self, db):
        for n, author in enumerate(("Anne", "Anne", "Anne", "Bert", "Bert", "Chloé")):
            make_game(f"Jeu {n}", authors=(author,), publisher=f"Éditeur {n % 2}")

    def test_author_facet_lists_the_most_frequent_and_says_there_are_more(self, crowd):
        result = game_search(params=SearchParams(facet_size=2))
        assert [(i["label"], i["count"]) for i in result.facets["author"]] == [
            ("Anne", 3),
            ("Bert", 2),
        ]
        assert result.facets_truncated == ["author"]
        result = game_search(params=SearchParams(facet_size=3))
        assert len(result.facets["author"]) == 3 and result.facets_truncated == []

    def test_a_selected_author_outside_the_top_is_still_listed(self, crowd):
        result = game_search(params=SearchParams(author="chloe", facet_size=1))
        listed = {i["value"]: (i["count"], i["selected"]) for i in result.facets["author"]}
        assert listed == {"anne": (3, False), "chloe": (1, True)}

    def test_api_asks_for_more_with_facet_size(self, client, crowd):
        body = client.get("/api/v1/games/", {"facet_size": 1}).json()
        assert len(body["facets"]["author"]) == 1
        assert body["facets_truncated"] == ["publisher", "author"]
        assert client.get("/api/v1/games/", {"facet_size": 0}).status_code == 400


class TestPlayable:
    def test_playable_keeps_games_whose_engine_is_registered(self, rules):
        assert titles(playable=True) == ["Alcatraz"]

    def test_playable_count_is_a_facet_under_the_other_filters(self, rules):
        facet = game_search(params=SearchParams(q="strategie")).facets["playable"]
        assert facet[0]["count"] == 1 and facet[0]["selected"] is False
        facet = game_search(params=SearchParams(q="poisson")).facets["playable"]
        assert facet[0]["count"] == 0
        result = game_search(params=SearchParams(playable=True, q="canaux"))
        assert result.count == 0 and result.facets["playable"][0]["count"] == 0
        assert {h["param"] for h in result.relax} == {"playable", "q"}

    def test_the_caller_may_name_the_playable_engines(self, rules):
        result = game_search(params=SearchParams(playable=True), playable=[])
        assert result.count == 0

    def test_api_and_page_take_playable_1(self, client, rules):
        body = client.get("/api/v1/games/", {"playable": "1"}).json()
        assert [g["title"] for g in body["results"]] == ["Alcatraz"]
        page = client.get("/", {"playable": "1"})
        assert [g.title for g in page.context["result"].page] == ["Alcatraz"]


class TestFreshness:
    def test_every_write_appends_to_the_change_log(self, rules):
        before = SearchChange.objects.count()
        game, gone = rules["poison"], rules["poisson"]
        expected = [game.pk, gone.pk]
        game.rules_text = "Un philtre."
        services.game_save(game=game)
        services.game_delete(game=gone)
        assert list(SearchChange.objects.values_list("game_id", flat=True))[before:] == expected

    def test_an_edit_reaches_every_replica(self, rules, tmp_path, settings):
        """Two replicas (two servers): both follow the change log."""
        replicas = [store.Replica(tmp_path / "one"), store.Replica(tmp_path / "two")]
        for replica in replicas:
            replica.sync()
        game = rules["poison"]
        game.rules_text = "Une potion de sommeil."
        services.game_save(game=game)
        for replica in replicas:
            searcher = replica.searcher()
            from catalogue.index import query

            assert query.count(searcher, query.text_query(searcher, "sommeil")) == 1
            assert query.count(searcher, query.text_query(searcher, "poison")) == 0

    def test_admin_edit_and_delete_are_searchable(self, admin_client, rules):
        game = rules["poisson"]
        response = admin_client.post(
            f"/admin/catalogue/game/{game.pk}/delete/", {"post": "yes"}, follow=True
        )
        assert response.status_code == 200
        assert titles(q="attraper") == []

    def test_a_renamed_publisher_renames_its_games_in_search(self, admin_client, db):
        game = make_game("Dobble", publisher="Asmodee")
        publisher = game.publisher
        admin_client.post(
            f"/admin/catalogue/publisher/{publisher.pk}/change/",
            {"name": "Zygomatic", "slug": publisher.slug},
        )
        assert titles(q="zygomatic") == ["Dobble"]

    def test_a_replica_restarted_behind_its_index_applies_the_changes_once(self, rules):
        """A crash after tantivy's commit but before the state file: the same changes again."""
        replica = store.replica()
        replica.sync()
        state = replica.path / "state.json"
        state.write_text(json.dumps({"version": store.SCHEMA_VERSION, "seq": 0}))
        restarted = store.Replica(replica.path)
        restarted.sync()
        assert restarted.index.searcher().num_docs == Game.objects.count()

    def test_a_crash_while_indexing_leaves_the_index_as_it_was(self, rules, monkeypatch):
        replica = store.replica()
        replica.sync()
        services.game_save(game=Game(title="Nouveau", rules_text="licorne"))

        def crash(*args, **kwargs):
            raise KeyboardInterrupt("killed")

        monkeypatch.setattr(store.Replica, "_commit", crash)
        with pytest.raises(KeyboardInterrupt):
            store.Replica(replica.path).sync()
        monkeypatch.undo()
        assert titles(q="licorne") == ["Nouveau"]

    def test_an_index_of_another_schema_version_rebuilds_itself(self, rules):
        replica = store.replica()
        replica.sync()
        (replica.path / "state.json").write_text(json.dumps({"version": 0, "seq": 10**9}))
        fresh = store.Replica(replica.path)
        fresh.sync()
        assert fresh.index.searcher().num_docs == Game.objects.count()

    def test_rebuild_command_indexes_every_game_with_a_progress_bar(self, rules):
        out = StringIO()
        call_command("search_index", "rebuild", stdout=out)
        assert "Indexation [" in out.getvalue() and "5 jeu(x) indexé(s)" in out.getvalue()
        out = StringIO()
        call_command("search_index", "status", stdout=out)
        assert "5 jeu(x) indexé(s)" in out.getvalue()

    def test_a_replica_behind_a_pruned_log_rebuilds_itself(self, rules, tmp_path):
        from datetime import timedelta

        from django.utils import timezone

        behind = store.Replica(tmp_path / "behind")
        behind.sync()
        game = rules["poison"]
        game.rules_text = "Un philtre."
        services.game_save(game=game)  # this change is pruned below
        services.game_save(game=rules["poisson"])  # this one stays, as the floor
        total = SearchChange.objects.count()
        deleted = store.log_prune(older_than=timezone.now() + timedelta(days=1))
        assert deleted == total - 1 and SearchChange.objects.count() == 1
        behind.sync()
        from catalogue.index import query

        searcher = behind.searcher()
        assert query.count(searcher, query.text_query(searcher, "philtre")) == 1
        assert searcher.num_docs == Game.objects.count()

    def test_during_another_process_import_searches_answer_from_the_committed_index(
        self, rules, settings, monkeypatch
    ):
        """No waiting for a lock an import holds for minutes; the edit shows once it is free."""
        import fcntl
        import os

        replica = store.replica()
        replica.sync()
        game = rules["poison"]
        game.rules_text = "Une potion."
        services.game_save(game=game)
        settings.SEARCH_SYNC_WAIT_SECONDS = 30
        (replica.path / "importing").write_text(str(os.getppid()))
        with open(replica.path / "sync.lock", "a") as other:
            fcntl.flock(other, fcntl.LOCK_EX)  # as the importing process holds it

            def no_waiting(seconds):
                raise AssertionError("waited for the import's lock")

            monkeypatch.setattr(store.time, "sleep", no_waiting)
            assert titles(q="potion") == []
            fcntl.flock(other, fcntl.LOCK_UN)
        (replica.path / "importing").unlink()
        assert titles(q="potion") == ["Sorcières"]
