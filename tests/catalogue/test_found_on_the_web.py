"""What search engines read: meta descriptions, schema.org data, hreflang alternates, the
sitemap, robots.txt, and compressed HTML."""

import gzip
import json
import re

import pytest

from catalogue.seo import description
from tests.factories import make_game

LONG_PRINCIPLE = (
    "Les bisons traversent la prairie pour rejoindre l’autre rive, tandis que les Indiens et "
    "leur chef essaient de les en empêcher en leur barrant la route. Chaque camp joue à son tour."
)


@pytest.fixture
def prairie(db):
    return make_game(
        "Prairie ou Buffalo",
        authors=("Alex Randolph",),
        publisher="Ravensburger",
        category=("C 301", "jeu de parcours", "jeu de règles"),
        min_players=2,
        max_players=2,
        min_age=8,
        max_age=99,
        duration_minutes=90,
        principle=LONG_PRINCIPLE,
    )


def meta_description(html: str) -> str:
    return re.search(r'<meta name="description" content="([^"]*)">', html).group(1)


def structured_data(html: str) -> dict:
    block = re.search(r'<script type="application/ld\+json">(.*?)</script>', html, re.S)
    return json.loads(block.group(1))


def test_description_is_cut_at_a_word_and_marked():
    text = description(LONG_PRINCIPLE)
    assert len(text) <= 155
    assert text.endswith("…")
    assert LONG_PRINCIPLE.startswith(text[:-1])
    assert description("Court.\n\nTexte.") == "Court. Texte."


def test_game_description_is_the_text_as_the_page_shows_it(client, db):
    game = make_game("Jeu", principle="Un pion avance.Il saute (voir schéma ci-contre).")
    html = client.get(game.get_absolute_url()).content.decode()
    assert meta_description(html) == "Un pion avance. Il saute."


def test_game_page_describes_the_game_from_its_record(client, prairie):
    html = client.get(prairie.get_absolute_url()).content.decode()
    content = meta_description(html)
    assert content.startswith("Les bisons traversent la prairie")
    assert len(content) <= 155


def test_game_without_text_is_described_by_its_facts(client, db):
    game = make_game("Sans règle", min_players=2, max_players=4, publisher="Gigamic")
    html = client.get(game.get_absolute_url()).content.decode()
    assert meta_description(html) == "Sans règle · 2 à 4 joueurs · Gigamic"


@pytest.mark.parametrize("path", ["/", "/auteurs/", "/editeurs/", "/categories/"])
def test_every_page_has_a_meta_description(client, prairie, path):
    assert len(meta_description(client.get(path).content.decode())) > 50


def test_game_page_carries_schema_org_game_data(client, prairie):
    data = structured_data(client.get(prairie.get_absolute_url()).content.decode())
    assert data["@context"] == "https://schema.org"
    assert data["@type"] == "Game"
    assert data["name"] == "Prairie ou Buffalo"
    assert data["url"] == "http://testserver/jeux/prairie-ou-buffalo/"
    assert data["numberOfPlayers"] == {"@type": "QuantitativeValue", "minValue": 2, "maxValue": 2}
    assert data["typicalAgeRange"] == "8-99"
    assert data["timeRequired"] == "PT1H30M"
    assert data["author"] == {"@type": "Person", "name": "Alex Randolph"}
    assert data["publisher"] == {"@type": "Organization", "name": "Ravensburger"}


def test_structured_data_cannot_close_its_script(client, db):
    game = make_game("Jeu </script><script>alert(1)</script>")
    html = client.get(game.get_absolute_url()).content.decode()
    assert "</script><script>alert" not in html
    assert structured_data(html)["name"] == "Jeu </script><script>alert(1)</script>"


def test_every_page_links_its_language_alternates(client, prairie):
    html = client.get("/", {"q": "bisons"}).content.decode()
    links = dict(re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">', html))
    assert links == {
        "fr": "http://testserver/?q=bisons&amp;lang=fr",
        "en": "http://testserver/?q=bisons&amp;lang=en",
        "x-default": "http://testserver/?q=bisons",
    }


def test_lang_parameter_gives_the_page_its_language_and_keeps_it(client, prairie):
    response = client.get(prairie.get_absolute_url(), {"lang": "en"})
    html = response.content.decode()
    assert '<html lang="en">' in html
    assert response.cookies["django_language"].value == "en"
    # The language switcher comes back to the page without the parameter, which would win.
    assert 'name="next" type="hidden" value="/jeux/prairie-ou-buffalo/"' in html
    assert '<html lang="fr">' in client.get("/", {"lang": "fr"}).content.decode()


def test_sitemap_lists_pages_games_and_browse_in_both_languages(client, prairie):
    response = client.get("/sitemap.xml")
    assert response.status_code == 200
    xml = response.content.decode()
    locations = re.findall(r"<loc>([^<]+)</loc>", xml)
    for path in (
        "/",
        "/jeux/prairie-ou-buffalo/",
        "/auteurs/",
        "/editeurs/",
        "/categories/",
        "/accessibilite/",
        "/?author=alex-randolph",
        "/?publisher=ravensburger",
    ):
        for code in ("fr", "en"):
            joiner = "&amp;" if "?" in path else "?"
            assert f"http://testserver{path}{joiner}lang={code}" in locations, (path, code)
    assert (
        '<xhtml:link rel="alternate" hreflang="x-default" '
        'href="http://testserver/jeux/prairie-ou-buffalo/"/>' in xml
    )
    assert 'hreflang="en" href="http://testserver/jeux/prairie-ou-buffalo/?lang=en"' in xml


def test_robots_points_to_the_sitemap_and_keeps_crawlers_out_of_admin_and_api(client, db):
    response = client.get("/robots.txt")
    assert response["Content-Type"].startswith("text/plain")
    lines = response.content.decode().splitlines()
    assert "Sitemap: http://testserver/sitemap.xml" in lines
    assert {"Disallow: /admin/", "Disallow: /api/", "Allow: /api/v1/docs/"} <= set(lines)
    # Match pages may be fetched: each names its game's page as canonical (tests/play).
    assert not any(line.startswith("Disallow: /parties") for line in lines)


def test_sitemap_lists_no_match(client, prairie):
    from play.models import Match

    prairie.engine = "buffalo"
    prairie.save()
    match = Match.objects.create(game=prairie, engine="buffalo", seats_count=2, code="abc123")
    assert match.get_absolute_url() not in client.get("/sitemap.xml").content.decode()
    assert "/parties/" not in client.get("/sitemap.xml").content.decode()


def test_html_pages_are_compressed(client, prairie):
    response = client.get(prairie.get_absolute_url(), HTTP_ACCEPT_ENCODING="gzip")
    assert response["Content-Encoding"] == "gzip"
    assert b"Prairie ou Buffalo" in gzip.decompress(response.content)


def test_api_responses_are_not_compressed(client, prairie):
    response = client.get("/api/v1/games/", HTTP_ACCEPT_ENCODING="gzip")
    assert response.status_code == 200
    assert not response.has_header("Content-Encoding")
