"""Nothing that identifies a visitor is stored: after requests with addresses, user agents,
cookies and a signed-in person, every column of every desk table holds only weeks, kinds,
words, game ids and numbers."""

from django.apps import apps

from play.services.matches import SeatSpec, match_start
from tests.factories import make_game

ADDRESS = "203.0.113.77"
FORWARDED = "198.51.100.23"
AGENT = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0 Zorglub/4.2"
REFERER = "https://example.org/private-page?token=abcdef"


def desk_values() -> list[tuple[str, str, object]]:
    """``(table, column, value)`` for every cell of every table of the desk app."""
    cells = []
    for model in apps.get_app_config("desk").get_models():
        for row in model.objects.all():
            for field in model._meta.concrete_fields:
                cells.append((model._meta.db_table, field.column, getattr(row, field.attname)))
    return cells


def test_the_desk_tables_have_no_column_for_a_person():
    """The schema itself: a week, a kind, a key and a number — nothing to hold an address."""
    columns = {
        model._meta.label: sorted(f.column for f in model._meta.concrete_fields)
        for model in apps.get_app_config("desk").get_models()
    }
    assert columns == {"desk.WeeklyCount": ["count", "id", "key", "kind", "week"]}


def test_no_address_agent_or_person_is_stored(
    client, librarian_user, django_capture_on_commit_callbacks
):
    game = make_game("Prairie ou Buffalo", engine="buffalo", min_players=2, max_players=2)
    client.force_login(librarian_user)
    session_key = client.session.session_key
    headers = {
        "REMOTE_ADDR": ADDRESS,
        "HTTP_X_FORWARDED_FOR": FORWARDED,
        "HTTP_USER_AGENT": AGENT,
        "HTTP_REFERER": REFERER,
        "HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9",
    }
    client.get("/", {"q": "buffalo"}, **headers)
    client.get("/", {"q": "zorglub", "players": "3"}, **headers)
    client.get("/api/v1/games/", {"q": "licorne"}, **headers)
    client.get(game.get_absolute_url(), **headers)
    with django_capture_on_commit_callbacks(execute=True):
        match_start(
            game=game, seats=[SeatSpec("local", name="Ana"), SeatSpec("local")], client=ADDRESS
        )
    cells = desk_values()
    assert len(cells) >= 8 * 5  # the requests were counted: there is something to check
    secrets = [
        ADDRESS, FORWARDED, "Zorglub/4.2", "Firefox", "example.org", "abcdef", "fr-FR",
        session_key, librarian_user.username, "Ana",
    ]  # fmt: skip
    for table, column, value in cells:
        for secret in secrets:
            assert secret.lower() not in str(value).lower(), (table, column, value)
    keys = {value for _table, column, value in cells if column == "key"}
    assert keys == {"", "buffalo", "zorglub", "licorne", "players=3", str(game.pk)}
