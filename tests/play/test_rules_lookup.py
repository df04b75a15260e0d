"""Rules you can ask (issue 50): each game's rules in small pieces on its page, a lookup in the
players' own words (play.rules, GET /api/v1/games/<slug>/rules/), and every refusal citing the
rule it breaks."""

from __future__ import annotations

import pytest

from catalogue.models import Game
from play.games.registry import games
from play.rules import QUESTION_MAX_CHARS, rule_book_for, rule_lookup, terms
from tests.play.games.refusals import raised_codes

ENGINES = ("buffalo", "alcatraz", "tayu", "powwow", "bataclan")

# Questions as players ask them at the table → the rule that answers (in the first three).
QUESTIONS = {
    "buffalo": {
        "le chef peut-il prendre un bison ?": "regle-buffalo-chef-prend-buffle",
        "un chien peut-il aller sur la dernière rangée ?": "regle-buffalo-chien-rangees-interdites",
        "comment avance un buffle ?": "regle-buffalo-buffle-avance",
        "un chien peut-il sauter par-dessus un bison ?": "regle-buffalo-chien-sans-saut",
        "le bison peut-il manger une pièce ?": "regle-buffalo-buffle-ne-prend-pas",
        "LE CHEF INDIEN PEUT IL ALLER SUR LA PREMIERE LIGNE": (
            "regle-buffalo-chef-rangees-interdites"
        ),
    },
    "alcatraz": {
        "peut-on passer un gardien ?": "regle-alcatraz-pas-par-dessus-un-gardien",
        "quand monte-t-on dans le bateau ?": "regle-alcatraz-monter-dans-le-bateau",
        "que fait l'alarme ?": "regle-alcatraz-alarme",
        "deux pions sur la même case ?": "regle-alcatraz-un-pion-par-case",
        "comment gagner ?": "regle-alcatraz-but-du-jeu",
    },
    "tayu": {
        "quelle pierre prendre dans la pile ?": "regle-tayu-prendre-une-pierre",
        "un canal peut-il s'arrêter ?": "regle-tayu-canaux-ouverts",
        "que valent les marques bleues ?": "regle-tayu-accolades-bleues",
        "comment compte-t-on les points ?": "regle-tayu-points-par-canal",
        "une pierre peut-elle dépasser du plateau ?": "regle-tayu-bords-du-plateau",
        "à trois joueurs, qui est le gêneur ?": "regle-tayu-role-du-geneur",
    },
    "powwow": {
        "quel dé puis-je prendre ?": "regle-powwow-choix-d-un-de",
        "que font les cartes POW WOW ?": "regle-powwow-cartes-pow-wow",
        "peut-on reculer ?": "regle-powwow-avancer-ou-reculer",
        "à quoi servent les cases mocassins ?": "regle-powwow-cases-mocassins",
        "qui gagne la partie ?": "regle-powwow-fin-du-jeu",
        "peut-on relancer un dé ?": "regle-powwow-relancer-le-de",
    },
    "bataclan": {
        "le G est-il un joker ?": "regle-bataclan-face-g-joker",
        "dans quel ordre poser les dés ?": "regle-bataclan-ordre-croissant",
        "que se passe-t-il si la tour tombe ?": "regle-bataclan-chute-de-la-pile",
        "peut-on relancer les des ?": "regle-bataclan-relancer-au-moins-un-de",
        "qui gagne ?": "regle-bataclan-gagnant",
    },
}


@pytest.mark.parametrize(
    "engine, question, anchor",
    [(engine, q, anchor) for engine, asked in QUESTIONS.items() for q, anchor in asked.items()],
)
def test_a_question_finds_its_rule_in_the_first_three(engine, question, anchor):
    found = [rule.anchor for rule in rule_lookup(rule_book_for(engine), question)]
    assert anchor in found[:3], found


def test_the_words_players_use_are_the_words_of_the_rules():
    buffalo = rule_book_for("buffalo").synonyms  # the game's own words
    assert terms("Les bisons", buffalo) == terms("un buffle", buffalo) == terms("BUFFLES", buffalo)
    assert terms("Les bisons") != terms("un buffle")  # not another game's
    assert terms("les dés") == terms("un dé") != terms("de")  # « de » is a stop word
    assert terms("la pile") == terms("une tour")
    assert terms("peut-on, s'il vous plaît, quand ?") == ["plait"] or terms("quand ?") == []


@pytest.mark.parametrize("question", ["", "   ", "?", "le la les de", "xyzzy plugh", "\x00"])
def test_a_question_of_nothing_the_rules_say_finds_nothing(question):
    assert rule_lookup(rule_book_for("buffalo"), question) == []


# ------------------------------------------------------------------------------------- the API


@pytest.fixture
def buffalo_page(imported):
    return Game.objects.get(engine="buffalo")


def test_the_api_answers_a_question_with_the_rules_and_their_addresses(client, buffalo_page):
    url = f"/api/v1/games/{buffalo_page.slug}/rules/"
    body = client.get(url, {"q": "le chef peut-il prendre un bison ?"}).json()
    first = body["results"][0]
    assert first["anchor"] == "regle-buffalo-chef-prend-buffle"
    page = f"http://testserver{buffalo_page.get_absolute_url()}"
    assert first["url"] == f"{page}#regle-buffalo-chef-prend-buffle"
    assert set(first) == {"anchor", "title", "text", "url"} and first["text"]
    assert len(body["results"]) <= 5


@pytest.mark.parametrize(
    "query, status",
    [
        ({}, 400),
        ({"q": ""}, 400),
        ({"q": "   "}, 400),
        ({"q": "x" * (QUESTION_MAX_CHARS + 1)}, 400),
        ({"q": "zzz qqq"}, 200),
        ({"q": "é" * QUESTION_MAX_CHARS}, 200),
        ("q=bison%00", 400),  # refused before any view: no NUL in a request
        ("q=%ED%A0%80%20bison", 200),  # a lone surrogate's bytes: read as a replacement
        ("q=%FF%FE", 200),
    ],
)
def test_a_bad_question_is_a_clear_400_or_an_empty_list_never_a_500(
    client, buffalo_page, query, status
):
    url = f"/api/v1/games/{buffalo_page.slug}/rules/"
    if isinstance(query, str):
        response = client.get(f"{url}?{query}")
    else:
        response = client.get(url, query)
    assert response.status_code == status
    if status == 400:
        assert response.json()["code"] and response.json()["message"]
        if isinstance(query, dict):
            assert response.json()["code"] == "invalid_question"
    else:
        assert isinstance(response.json()["results"], list)


def test_a_game_without_a_rule_book_is_a_404(client, imported):
    assert client.get("/api/v1/games/nulle-part/rules/", {"q": "bison"}).status_code == 404
    Game.objects.filter(engine="buffalo").update(engine="")
    response = client.get("/api/v1/games/prairie-ou-buffalo/rules/", {"q": "bison"})
    assert response.status_code == 404 and response.json()["code"] == "no_rules"


# ------------------------------------------------------------------- the page and the refusals


def refusal_codes(engine: str) -> set[str]:
    """Every refusal the engine can give: its texts' rule messages and each literal code of an
    ``IllegalMove(…)`` in its package's source."""
    package = games()[engine]
    return set(package.texts.RULE_MESSAGES) | raised_codes(package.package_dir)


@pytest.mark.parametrize("engine", ENGINES)
def test_every_refusal_cites_a_rule_shown_on_the_games_page(client, imported, engine):
    book = rule_book_for(engine)
    if book is None:
        pytest.skip(f"{engine} has no rule book yet")
    game = Game.objects.get(engine=engine)
    html = client.get(game.get_absolute_url()).content.decode()
    for code in sorted(refusal_codes(engine)):
        anchor = book.refusals[code]
        assert f'id="{anchor}"' in html, (code, anchor)
    for rule in book.rules:  # every rule is on the page, numbered, with its related rules
        assert f'id="{rule.anchor}"' in html
        for other in rule.related:
            assert f'href="#{other}"' in html


def test_the_page_marks_house_rules_and_keeps_a_corrections_original(client, imported):
    book = rule_book_for("buffalo")
    html = client.get(Game.objects.get(engine="buffalo").get_absolute_url()).content.decode()
    assert "règle de la maison" in html and "Correction de la notice" in html
    corrected = next(rule for rule in book.rules if rule.correction)
    assert corrected.correction.original.replace("'", "&#x27;") in html
    english = client.get(
        Game.objects.get(engine="buffalo").get_absolute_url(), {"lang": "en"}
    ).content.decode()
    assert "The rules are given in French" in english
    assert 'class="rule-topic" id="regles-materiel"' in english


def test_an_illegal_move_in_the_api_cites_its_rule(client, imported):
    game = Game.objects.get(engine="buffalo")
    created = client.post(
        "/api/v1/matches/",
        {"game": game.slug, "seats": [{"kind": "local"}, {"kind": "local"}]},
        content_type="application/json",
    ).json()
    token = created["token"]
    url = f"/api/v1/matches/{created['code']}/moves/"
    body = {"seat": 0, "move": {"from": "a1", "to": "a3"}, "expected_version": 0}
    refused = client.post(url, body, content_type="application/json", HTTP_X_SEAT_TOKEN=token)
    assert refused.status_code == 400
    answer = refused.json()
    assert answer["code"] == "illegal_move" and answer["rule"] == "buffalo_one_step_forward"
    assert answer["rule_url"] == (
        f"http://testserver{game.get_absolute_url()}#regle-buffalo-buffle-avance"
    )


def test_the_games_page_answers_a_question_above_its_rules(client, imported):
    game = Game.objects.get(engine="buffalo")
    html = client.get(game.get_absolute_url(), {"question": "le chef peut-il prendre un bison ?"})
    html = html.content.decode()
    answers = html[html.index('class="rule-answers"') : html.index('class="toc"')]
    assert answers.index("#regle-buffalo-chef-prend-buffle") < answers.index("</ol>")
    nothing = client.get(game.get_absolute_url(), {"question": "xyzzy"}).content.decode()
    assert "Aucune règle ne répond à ces mots" in nothing
    long = client.get(game.get_absolute_url(), {"question": "bison " * 400})
    assert long.status_code == 200


def test_the_match_page_asks_the_rules_on_the_games_page(client, imported):
    game = Game.objects.get(engine="alcatraz")
    created = client.post(
        "/api/v1/matches/",
        {"game": game.slug, "seats": [{"kind": "local"}, {"kind": "local"}]},
        content_type="application/json",
    ).json()
    html = client.get(f"/parties/{created['code']}/").content.decode()
    form = html[html.index('class="rule-question"') :]
    assert f'action="{game.get_absolute_url()}#regle-question"' in form[:300]
    assert 'name="question"' in form[:600]
