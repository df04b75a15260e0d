"""What the desk counts: searches (found or not), their words and filters, game pages, matches
started — by week, robots left out."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from desk import counting
from desk.models import WeeklyCount
from play.services.matches import SeatSpec, match_start
from tests.factories import make_game

from .helpers import counts

Kind = WeeklyCount.Kind


@pytest.fixture
def games(db):
    return [
        make_game("Pow Wow", authors=("Ronald Corn",), min_players=3, max_players=6),
        make_game("Prairie ou Buffalo", engine="buffalo", min_players=2, max_players=2),
    ]


def test_a_search_that_finds_games_counts_its_words_not_as_empty(browser_client, games):
    assert browser_client.get("/", {"q": "Pow Wow"}).status_code == 200
    assert counts() == {
        (Kind.SEARCH, ""): 1,
        (Kind.SEARCH_WORD, "pow"): 1,
        (Kind.SEARCH_WORD, "wow"): 1,
    }


def test_a_search_that_finds_nothing_counts_its_folded_words(browser_client, games):
    browser_client.get("/", {"q": "Les Échecs  de   MARIE"})
    browser_client.get("/", {"q": "les échecs de marie"})
    assert counts(Kind.SEARCH_EMPTY) == {(Kind.SEARCH_EMPTY, "les echecs de marie"): 2}
    # Each meaningful word counts once a search; « les », « de » are no word worth counting.
    assert counts(Kind.SEARCH_WORD) == {
        (Kind.SEARCH_WORD, "echecs"): 2,
        (Kind.SEARCH_WORD, "marie"): 2,
    }
    assert counts(Kind.SEARCH) == {(Kind.SEARCH, ""): 2}


def test_filters_are_counted_with_their_values(browser_client, games):
    browser_client.get("/", {"players": "4", "playable": "1"})
    browser_client.get("/", {"q": "3 joueurs"})  # a typed filter is a filter too
    assert counts(Kind.FILTER) == {
        (Kind.FILTER, "players=4"): 1,
        (Kind.FILTER, "playable"): 1,
        (Kind.FILTER, "players=3"): 1,
    }
    # « players=4, playable » found nothing; without words it is counted under no words.
    assert counts(Kind.SEARCH_EMPTY) == {(Kind.SEARCH_EMPTY, ""): 1}


def test_next_pages_and_the_bare_search_page_are_not_searches(browser_client, games):
    browser_client.get("/")
    browser_client.get("/", {"q": "pow", "page": "2"})
    browser_client.get("/", {"ordering": "title"})
    assert counts() == {}


def test_the_api_search_is_counted_like_the_page(browser_client, games):
    response = browser_client.get("/api/v1/games/", {"q": "licorne", "players": "2"})
    assert response.status_code == 200
    assert counts() == {
        (Kind.SEARCH, ""): 1,
        (Kind.SEARCH_WORD, "licorne"): 1,
        (Kind.FILTER, "players=2"): 1,
        (Kind.SEARCH_EMPTY, "licorne"): 1,
    }


def test_a_game_page_counts_a_view_of_that_game(browser_client, games):
    pow_wow = games[0]
    browser_client.get(pow_wow.get_absolute_url())
    browser_client.get(pow_wow.get_absolute_url())
    browser_client.head(pow_wow.get_absolute_url())  # nobody read it
    browser_client.get(pow_wow.get_absolute_url(), {"question": "combien de cartes ?"})
    browser_client.get("/jeux/nothing-here/")
    assert counts() == {(Kind.GAME_VIEW, str(pow_wow.pk)): 2}


@pytest.mark.parametrize(
    "agent",
    [
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2)",
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/126.0 Safari/537.36",
        "facebookexternalhit/1.1",
        "curl/8.5.0",
        "python-requests/2.32",
    ],
)
def test_robots_are_not_counted(client, games, agent):
    client.get("/", {"q": "pow"}, HTTP_USER_AGENT=agent)
    client.get(games[0].get_absolute_url(), HTTP_USER_AGENT=agent)
    assert counts() == {}


def test_people_are_counted_whatever_their_browser(client, games):
    for agent in [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
        "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
        "Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
        "",
    ]:
        client.get(games[0].get_absolute_url(), HTTP_USER_AGENT=agent)
    assert counts() == {(Kind.GAME_VIEW, str(games[0].pk)): 3}


def test_a_match_started_counts_a_play_once_committed(games, django_capture_on_commit_callbacks):
    buffalo = games[1]
    seats = [SeatSpec("local"), SeatSpec("local")]
    with django_capture_on_commit_callbacks(execute=True):
        match_start(game=buffalo, seats=seats)
        match_start(game=buffalo, seats=seats)
    assert counts() == {(Kind.GAME_PLAY, str(buffalo.pk)): 2}


def test_a_match_rolled_back_is_not_counted(games, django_capture_on_commit_callbacks):
    from django.db import transaction

    with django_capture_on_commit_callbacks(execute=True):
        try:
            with transaction.atomic():
                match_start(game=games[1], seats=[SeatSpec("local"), SeatSpec("local")])
                raise RuntimeError("the table is refused after all")
        except RuntimeError:
            pass
    assert counts() == {}


def test_the_next_round_of_a_series_is_not_another_play(games, django_capture_on_commit_callbacks):
    from play.models import Match

    buffalo = games[1]
    with django_capture_on_commit_callbacks(execute=True):
        first, _token = match_start(game=buffalo, seats=[SeatSpec("local"), SeatSpec("local")])
    assert first.series is not None
    with django_capture_on_commit_callbacks(execute=True):
        # What match_next_round does: the new round, then the link from the previous one.
        from django.db import transaction

        with transaction.atomic():
            second, _token = match_start(
                game=buffalo, seats=[SeatSpec("local"), SeatSpec("local")], series=first.series
            )
            Match.objects.filter(pk=first.pk).update(next_round=second)
    assert counts() == {(Kind.GAME_PLAY, str(buffalo.pk)): 1}


def test_counts_are_kept_by_iso_week(db):
    from datetime import date

    counting.counts_add([(Kind.GAME_VIEW, "7")], week=counting.week_of(date(2025, 3, 5)))
    counting.counts_add([(Kind.GAME_VIEW, "7")], week=counting.week_of(date(2025, 3, 9)))
    counting.counts_add([(Kind.GAME_VIEW, "7")], week=counting.week_of(date(2025, 3, 10)))
    weeks = dict(WeeklyCount.objects.values_list("week", "count"))
    # Wednesday and Sunday are one ISO week (Monday 3 March); Monday 10 starts the next.
    assert weeks == {date(2025, 3, 3): 2, date(2025, 3, 10): 1}


def test_an_event_is_one_upsert_whatever_it_adds(db):
    """A search with words, filters and no result: one INSERT … ON CONFLICT, no read."""
    pairs = [(Kind.SEARCH, ""), (Kind.SEARCH_WORD, "pirates"), (Kind.FILTER, "players=4")]
    counting.counts_add(pairs)
    with CaptureQueriesContext(connection) as queries:
        assert counting.counts_add([*pairs, (Kind.SEARCH_EMPTY, "pirates")])
    statements = [q["sql"] for q in queries if "SAVEPOINT" not in q["sql"].upper()]
    assert len(statements) == 1 and statements[0].startswith("INSERT")
    assert "ON CONFLICT" in statements[0]
    assert counts()[(Kind.SEARCH_WORD, "pirates")] == 2
