"""The search selector: text matching, every filter, facet counts, ordering, relax hints.

Runs on SQLite (FTS5) and on PostgreSQL (unaccent + french) alike; scripts/test.py runs both.
"""

import pytest

from catalogue.models import Game
from catalogue.selectors import SearchParams, game_search
from tests.factories import make_game

pytestmark = pytest.mark.django_db(transaction=False)

STRATEGY = ("A 406", "jeu de stratégie", "jeu de règles")
SKILL = ("A 404", "jeu d'adresse", "jeu de règles")


def titles(**params) -> list[str]:
    """Titles found, alphabetically unless the test asks for another order."""
    params.setdefault("ordering", "title")
    result = game_search(params=SearchParams(**params))
    return [game.title for game in result.page]


def facet(result, name) -> dict:
    return {item["value"]: item["count"] for item in result.facets[name]}


@pytest.fixture
def shelf(db):
    """A small shelf with distinctive words in each searchable field."""
    return {
        "tayu": make_game(
            "Ta Yü",
            authors=("Niek Neuwahl",),
            publisher="Kosmos",
            category=STRATEGY,
            min_players=2,
            max_players=4,
            min_age=10,
            max_age=None,
            duration_minutes=45,
            rules_text="Chaque joueur construit des canaux.",
        ),
        "alcatraz": make_game(
            "Alcatraz",
            authors=("Bernhard Weber",),
            publisher="F.X.",
            category=STRATEGY,
            min_players=2,
            max_players=4,
            min_age=10,
            max_age=None,
            duration_minutes=25,
            rules_text="Les prisonniers s'évadent en bateau; les gardiens veillent.",
        ),
        "bataclan": make_game(
            "Bataclan",
            publisher="Gigamic",
            category=SKILL,
            min_players=2,
            max_players=6,
            min_age=7,
            max_age=None,
            duration_minutes=25,
            rules_text="Empiler les dés sans faire tomber la pile.",
        ),
        "petits": make_game(
            "Petits chevaux",
            authors=("Anne Martin",),
            publisher="Gigamic",
            category=SKILL,
            min_players=3,
            max_players=3,
            min_age=4,
            max_age=8,
            duration_minutes=90,
            rules_text="Course de chevaux autour du plateau.",
        ),
        "unknown": make_game("Jeu sans fiche"),
    }


class TestText:
    def test_accent_insensitive_strategie_finds_strategie(self, shelf):
        assert titles(q="strategie") == ["Alcatraz", "Ta Yü"]

    def test_case_insensitive(self, shelf):
        assert titles(q="STRATÉGIE") == ["Alcatraz", "Ta Yü"]

    def test_accent_insensitive_title_ta_yu(self, shelf):
        assert titles(q="ta yu") == ["Ta Yü"]
        assert titles(q="TA YÜ") == ["Ta Yü"]

    def test_french_word_forms_singular_finds_plural(self, shelf):
        assert titles(q="prisonnier") == ["Alcatraz"]

    def test_french_word_forms_plural_finds_singular(self, shelf):
        assert titles(q="canal") == ["Ta Yü"]

    def test_prefix_of_a_word_matches(self, shelf):
        assert titles(q="Batacl") == ["Bataclan"]

    @pytest.mark.parametrize(
        "query, expected",
        [
            ("Neuwahl", ["Ta Yü"]),  # author
            ("kosmos", ["Ta Yü"]),  # publisher
            ("adresse", ["Bataclan", "Petits chevaux"]),  # category label
            ("A 404", ["Bataclan", "Petits chevaux"]),  # category code
            ("gardiens", ["Alcatraz"]),  # rules
            ("bateau", ["Alcatraz"]),
        ],
    )
    def test_every_field_is_searched(self, shelf, query, expected):
        assert titles(q=query) == expected

    def test_every_term_must_match(self, shelf):
        assert titles(q="gigamic chevaux") == ["Petits chevaux"]
        assert titles(q="gigamic canaux") == []

    def test_query_of_stop_words_only_applies_no_text_filter(self, shelf):
        assert len(titles(q="le la de")) == Game.objects.count()

    def test_punctuation_and_quotes_do_not_break_the_query(self, shelf):
        assert titles(q='"prisonniers" (bateau) * : - ^') == ["Alcatraz"]

    def test_edited_game_is_found_by_its_new_text(self, shelf):
        from catalogue import services

        game = shelf["bataclan"]
        game.rules_text = "Une tour de dés en équilibre."
        services.game_save(game=game)
        assert titles(q="equilibre") == ["Bataclan"]
        assert titles(q="tomber") == []

    def test_deleted_game_leaves_the_index(self, shelf):
        shelf["alcatraz"].delete()
        assert titles(q="prisonniers") == []


class TestFilters:
    def test_players_keeps_games_playable_with_n(self, shelf):
        assert titles(players=3) == ["Alcatraz", "Bataclan", "Petits chevaux", "Ta Yü"]
        assert titles(players=5) == ["Bataclan"]
        assert titles(players=6) == ["Bataclan"]
        assert titles(players=7) == []

    def test_players_bounds_are_inclusive(self, shelf):
        assert "Ta Yü" in titles(players=2)
        assert "Ta Yü" in titles(players=4)
        assert "Ta Yü" not in titles(players=1)

    def test_age_respects_min_and_max(self, shelf):
        assert titles(age=4) == ["Petits chevaux"]
        assert titles(age=8) == ["Bataclan", "Petits chevaux"]
        assert titles(age=9) == ["Bataclan"]

    def test_age_without_upper_limit_suits_adults(self, shelf):
        assert titles(age=40) == ["Alcatraz", "Bataclan", "Ta Yü"]

    def test_max_duration_is_at_most(self, shelf):
        assert titles(max_duration=25) == ["Alcatraz", "Bataclan"]
        assert titles(max_duration=45) == ["Alcatraz", "Bataclan", "Ta Yü"]
        assert titles(max_duration=10) == []

    def test_category_by_esar_code(self, shelf):
        assert titles(category="A 404") == ["Bataclan", "Petits chevaux"]

    def test_publisher_by_slug(self, shelf):
        assert titles(publisher="gigamic") == ["Bataclan", "Petits chevaux"]

    def test_author_by_slug(self, shelf):
        assert titles(author="niek-neuwahl") == ["Ta Yü"]

    def test_parent_at_the_desk(self, shelf):
        """« A game for 4 players, my daughter is 8, under 30 minutes. »"""
        assert titles(players=4, age=8, max_duration=30) == ["Bataclan"]

    def test_filters_combine_with_text(self, shelf):
        assert titles(q="jeu", category="A 406", max_duration=30) == ["Alcatraz"]


class TestFacets:
    def test_players_counts_under_current_query(self, shelf):
        result = game_search(params=SearchParams(category="A 404"))
        counts = facet(result, "players")
        assert counts[2] == 1 and counts[3] == 2 and counts[6] == 1 and counts[7] == 0

    def test_facet_ignores_its_own_filter(self, shelf):
        result = game_search(params=SearchParams(players=5))
        assert facet(result, "players")[3] == 4  # other player counts stay visible
        assert facet(result, "category") == {"A 404": 1}

    def test_age_and_duration_counts(self, shelf):
        result = game_search(params=SearchParams(q="gigamic"))
        assert facet(result, "age")[4] == 1
        assert facet(result, "age")[8] == 2
        assert facet(result, "age")[10] == 1
        assert facet(result, "max_duration")[30] == 1
        assert facet(result, "max_duration")[90] == 2

    def test_category_publisher_author_counts(self, shelf):
        result = game_search(params=SearchParams(players=2))
        assert facet(result, "category") == {"A 404": 1, "A 406": 2}
        assert facet(result, "publisher") == {"fx": 1, "gigamic": 1, "kosmos": 1}
        assert facet(result, "author") == {"bernhard-weber": 1, "niek-neuwahl": 1}

    def test_selected_value_is_marked(self, shelf):
        result = game_search(params=SearchParams(category="A 406"))
        selected = [item["value"] for item in result.facets["category"] if item["selected"]]
        assert selected == ["A 406"]

    def test_facets_follow_the_text_query(self, shelf):
        result = game_search(params=SearchParams(q="prisonniers"))
        assert facet(result, "publisher") == {"fx": 1}


class TestOrderingAndPages:
    def test_default_order_is_title_ignoring_articles(self, shelf):
        make_game("Le Lièvre et la Tortue")
        assert titles()[:6] == [
            "Alcatraz",
            "Bataclan",
            "Jeu sans fiche",
            "Le Lièvre et la Tortue",
            "Petits chevaux",
            "Ta Yü",
        ]

    def test_reverse_title_and_duration_orders(self, shelf):
        assert titles(ordering="-title")[0] == "Ta Yü"
        assert titles(ordering="duration", max_duration=120) == [
            "Alcatraz",
            "Bataclan",
            "Ta Yü",
            "Petits chevaux",
        ]
        assert titles(ordering="-duration", max_duration=120)[0] == "Petits chevaux"

    def test_relevance_puts_title_matches_first(self, shelf):
        make_game("Chevaux de course", rules_text="Un jeu rapide.")
        result = game_search(params=SearchParams(q="chevaux"))
        assert result.ordering == "relevance"
        assert len(result.page) == 2
        assert {g.title for g in result.page} == {"Chevaux de course", "Petits chevaux"}

    def test_relevance_without_text_falls_back_to_title(self, shelf):
        assert game_search(params=SearchParams(ordering="relevance")).ordering == "title"

    def test_relevance_is_the_default_with_text(self, shelf):
        assert game_search(params=SearchParams(q="jeu")).ordering == "relevance"

    def test_pagination(self, shelf):
        result = game_search(params=SearchParams(page=2), page_size=2)
        assert result.count == 5
        assert [g.title for g in result.page] == ["Jeu sans fiche", "Petits chevaux"]
        assert result.page.has_next()

    def test_page_beyond_the_end_shows_the_last(self, shelf):
        result = game_search(params=SearchParams(page=99), page_size=2)
        assert result.page.number == 3


class TestRelax:
    def test_empty_result_suggests_which_filter_to_relax(self, shelf):
        result = game_search(params=SearchParams(players=5, max_duration=30, category="A 406"))
        assert result.count == 0
        hints = {hint["param"]: hint["count"] for hint in result.relax}
        # Without the duration limit there is still no 5-player strategy game: no hint for it.
        assert hints == {"players": 1, "category": 1}

    def test_no_hint_when_results_exist(self, shelf):
        assert game_search(params=SearchParams(players=2)).relax == []


def test_search_reads_the_database_only_for_the_page_and_the_labels(shelf, settings):
    """Count and facets come from the index: a constant number of queries whatever the filters;
    the facet values' labels are read once per change-log position."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    settings.SEARCH_SYNC_INTERVAL_SECONDS = 0  # the log's end read at every search
    with CaptureQueriesContext(connection) as first:
        game_search(params=SearchParams())  # the replica's first use builds it
    assert any("catalogue_author" in q["sql"] for q in first.captured_queries)
    with CaptureQueriesContext(connection) as plain:
        game_search(params=SearchParams(q="jeu"))
    with CaptureQueriesContext(connection) as filtered:
        result = game_search(params=SearchParams(q="jeu", age=10, players=2, category="A 406"))
    # The log's end, the page's games, their credits.
    assert len(plain) == len(filtered) == 3
    assert "searchchange" in plain.captured_queries[0]["sql"].lower()
    assert result.count == 2


def test_a_renamed_publisher_is_listed_under_its_new_name(db):
    from catalogue import services

    game = make_game("Dobble", publisher="Asmodee")
    facet = game_search(params=SearchParams()).facets["publisher"]
    assert [p["label"] for p in facet] == ["Asmodee"]
    publisher = game.publisher
    publisher.name = "Zygomatic"
    publisher.save()
    services.games_refresh_search(games=[game])
    facet = game_search(params=SearchParams()).facets["publisher"]
    assert [p["label"] for p in facet] == ["Zygomatic"]


def test_the_change_log_is_read_once_an_interval_and_at_once_after_an_own_write(shelf, settings):
    """Another process's edit shows within SEARCH_SYNC_INTERVAL_SECONDS; this one's at once."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from catalogue import services

    settings.SEARCH_SYNC_INTERVAL_SECONDS = 1e9
    game_search(params=SearchParams())
    with CaptureQueriesContext(connection) as quiet:
        game_search(params=SearchParams(q="jeu"))
    assert not any("searchchange" in q["sql"].lower() for q in quiet.captured_queries)
    game = Game.objects.get(title="Alcatraz")
    game.rules_text = "Une licorne."
    services.game_save(game=game)
    with CaptureQueriesContext(connection) as after:
        result = game_search(params=SearchParams(q="licorne"))
    assert "searchchange" in after.captured_queries[0]["sql"].lower()
    assert [g.title for g in result.page] == ["Alcatraz"]
