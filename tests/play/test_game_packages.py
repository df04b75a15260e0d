"""The game-package seam: games plug in through the registry alone; generic modules name none."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.test import override_settings
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from catalogue.engines import engine_for_title
from play.engines.base import IllegalMove, Outcome, chance_for
from play.games.base import GamePackage
from play.games.registry import GAME_PACKAGES, games, get_game
from play.selectors import match_state, scenario_states
from play.services.matches import SeatSpec, match_start
from tests.factories import make_game

ROOT = Path(__file__).resolve().parents[2]
# Every file of the generic play machinery: none may know a particular game.
GENERIC = [
    *sorted((ROOT / "play").glob("*.py")),
    *sorted((ROOT / "play" / "engines").glob("*.py")),
    *sorted((ROOT / "play" / "bots").glob("*.py")),
    *sorted((ROOT / "play" / "games").glob("*.py")),
    *sorted((ROOT / "templates" / "play").glob("*.html")),
    *sorted((ROOT / "static" / "js").glob("*.js")),
    *sorted((ROOT / "static" / "css").glob("*.css")),
    *sorted((ROOT / "ludotheque").rglob("*.py")),
]


def game_words() -> re.Pattern:
    words = {"bison", "buffalo", "prairie", "alcatraz", "ta ?y[uü]", "pow ?wow", "bataclan"}
    for slug, game in games().items():
        words.add(re.escape(slug))
        words.update(re.escape(title) for title in game.titles)
    return re.compile(r"\b(" + "|".join(sorted(words)) + r")", re.IGNORECASE)


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: str(p.relative_to(ROOT)))
def test_generic_module_names_no_game(path):
    text = path.read_text(encoding="utf-8")
    if path.name == "registry.py" and path.parent.name == "games":
        # The one list of game packages, and nothing else about any game.
        text = re.sub(r"GAME_PACKAGES[^)]*\)", "", text, count=1, flags=re.S)
    found = game_words().findall(text)
    assert not found, f"{path.name} names a game: {sorted(set(found))}"


def test_the_generic_check_would_catch_a_game_name():
    assert game_words().search("if engine_slug == 'alcatraz':")
    assert game_words().search("« Qui joue les bisons »")


def _imports(package: str) -> set[str]:
    names = set()
    for path in (ROOT / package).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.add(node.module)
    return names


def test_catalogue_does_not_import_play():
    found = {n for n in _imports("catalogue") if n.split(".")[0] == "play"}
    assert not found


def test_every_registered_package_is_complete():
    assert [path.rsplit(".", 1)[-1] for path in GAME_PACKAGES] == list(games())
    for slug, game in games().items():
        assert game.engine.info.slug == slug
        assert game.bot_levels and game.default_level in game.bot_levels
        for script in (*game.scripts, *game.styles):
            assert finders.find(script), f"{slug}: {script} is not served"
        assert game.house_rules, f"{slug} states its house rules"


def test_catalogue_titles_link_to_their_game():
    assert engine_for_title("prairie ou buffalo") == "buffalo"
    assert engine_for_title("alcatraz") == "alcatraz"
    assert engine_for_title("monopoly") == ""


@pytest.mark.parametrize("slug", sorted(games()))
def test_record_examples_replay_on_the_engine(slug):
    game = get_game(slug)
    for scenario in game.scenarios:
        states = scenario_states(game, scenario)
        assert len(states) == len(scenario.steps) + 1
        assert all(str(step.words) for step in scenario.steps)


def _alcatraz_scenario(key):
    game = get_game("alcatraz")
    return game, next(s for s in game.scenarios if s.key == key)


def test_alcatraz_example_capture_on_row_7():
    game, scenario = _alcatraz_scenario("reprise-rangee-7")
    before, after = scenario_states(game, scenario)
    data = game.engine.to_dict(after)
    assert data["prisoners"] == [["c7"], []] and data["cell"][1] == 4
    assert data["guards"][6] == "f7"  # three squares toward the prisoner that moved three


def test_alcatraz_example_blocked_boat_then_boarding():
    game, scenario = _alcatraz_scenario("bateau-barre")
    states = scenario_states(game, scenario)
    with pytest.raises(IllegalMove) as refused:
        game.engine.play(states[1], 0, {"type": "board", "from": "e2"}, chance_for("x", 1))
    assert refused.value.rule == "boat_blocked_by_guard"
    assert game.engine.to_dict(states[-1])["boat"] == [0, 1]


# -- the toy package plugs in with no generic change ------------------------------------------


@pytest.fixture
def toy(db, toy_game):
    return make_game("Devine", engine="guess", min_players=2, max_players=2)


def test_toy_package_is_playable_end_to_end(client, toy):
    page = client.get(reverse("play:setup", args=[toy.slug]))
    assert page.status_code == 200
    response = client.post(
        reverse("play:setup", args=[toy.slug]),
        {"players": 2, "seat_0": "local", "seat_1": "bot:beginner"},
    )
    assert response.status_code == 302
    code = response["Location"].split("/parties/")[1].split("/")[0]
    page = client.get(reverse("play:match", args=[code]))
    assert b"games/guess/board.js" in page.content
    assert b"board_" not in page.content  # no other game's script


def test_toy_package_house_rules_and_example_pages(client, toy):
    page = client.get(reverse("play:house_rules", args=[toy.slug]))
    assert page.status_code == 200
    assert "Si les deux devinent" in page.content.decode()
    example = client.get(reverse("play:scenario", args=[toy.slug, "deux-paris"]))
    assert example.status_code == 200 and b"games/guess/board.js" in example.content
    assert client.get(reverse("play:scenario", args=[toy.slug, "nope"])).status_code == 404


def test_toy_package_static_files_are_found(toy_game):
    assert finders.find("games/guess/board.js")


class _Finished:
    """An engine whose every state is the finished game ``outcome`` (``None``: still going)."""

    def __init__(self, outcome):
        self._outcome = outcome

    def seat_count(self, state):
        return 3

    def outcome(self, state):
        return self._outcome


@pytest.mark.parametrize(
    "outcome, values",
    [
        (None, [0.5, 0.5, 0.5]),
        (Outcome(winners=(1,), ranking=((1,), (0, 2)), reason="won"), [0.0, 1.0, 0.0]),
        (Outcome(winners=(), ranking=((0, 1, 2),), reason="tie", draw=True), [0.5, 0.5, 0.5]),
        # Nobody wins, everybody shares the place: as a draw, as the search and the arena score it.
        (Outcome(winners=(), ranking=((0, 1, 2),), reason="nobody"), [0.5, 0.5, 0.5]),
    ],
)
def test_the_default_evaluation_scores_finished_games_as_the_search_does(outcome, values):
    package = type("Bare", (GamePackage,), {"slug": "bare", "engine_path": "unused:Engine"})()
    package.__dict__["engine"] = _Finished(outcome)
    assert package.evaluate(object()) == values


# -- seat roles come from the engine, from the state -----------------------------------------


@pytest.fixture
def buffalo(buffalo_game):
    return buffalo_game


def _roles(match, token, language="fr"):
    with translation.override(language):
        return [(s["label"], s["role"]) for s in match_state(match=match, token=token)["seats"]]


@pytest.mark.parametrize("buffalo_seat", [0, 1])
def test_seat_roles_follow_who_holds_the_buffalo(buffalo, buffalo_seat):
    match, token = match_start(
        game=buffalo,
        seats=[SeatSpec("bot", bot_level="beginner"), SeatSpec("local")],
        options={"buffalo_seat": buffalo_seat},
    )
    bison, indians = "les bisons", "le chef indien et ses chiens"
    expected = [bison, indians] if buffalo_seat == 0 else [indians, bison]
    assert [role for _label, role in _roles(match, token)] == expected
    assert _roles(match, token)[1][0] == f"Joueur 2 — {expected[1]}"
    english = [role for _label, role in _roles(match, token, "en")]
    assert english == (
        ["the buffalo", "the Indian chief and his dogs"]
        if buffalo_seat == 0
        else ["the Indian chief and his dogs", "the buffalo"]
    )


def test_setup_form_relabels_seats_by_who_holds_the_buffalo(client, buffalo):
    page = client.get(reverse("play:setup", args=[buffalo.slug]))
    roles = page.context["seat_roles"]["option_buffalo_seat"]
    assert roles["0"] == ["Joueur 1 — les bisons", "Joueur 2 — le chef indien et ses chiens"]
    assert roles["1"] == ["Joueur 1 — le chef indien et ses chiens", "Joueur 2 — les bisons"]


@override_settings(PLAY_GAMES=["play.games.buffalo"])
def test_the_registry_lists_only_the_configured_packages():
    assert list(games()) == ["buffalo"]


@pytest.mark.parametrize("slug", sorted(games()))
def test_every_game_bot_plays_a_legal_move_at_every_level(slug):
    import random

    game = get_game(slug)
    info = game.engine.info
    state = game.engine.new_game(seats=info.min_seats, options={}, rng=chance_for("bots", 0))
    seat = game.engine.to_act(state)[0]
    for level in game.bot_levels:
        move = game.bot_move(state, seat, level=level, rng=random.Random(level), seconds=0.2)
        assert move in game.engine.legal_moves(state, seat)


def test_setup_page_lists_what_each_level_of_the_computer_measured(client, buffalo):
    # The seats' menus cut a long description short: the page lists them whole, each under the
    # level's name (the menus name the level only).
    from play.games.buffalo.texts import LEVEL_DESCRIPTIONS

    page = client.get(reverse("play:setup", args=[buffalo.slug])).content.decode()
    assert "Les niveaux de l’ordinateur" in page
    labels = {"beginner": "Débutant", "intermediate": "Intermédiaire", "strong": "Fort"}
    for level, label in {**labels, "expert": "Expert"}.items():
        description = escape(str(LEVEL_DESCRIPTIONS[level]))
        assert f'<li data-players="2"><strong>{label}</strong> — {description}</li>' in page
    english = client.get(
        reverse("play:setup", args=[buffalo.slug]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "<summary>The computer's levels</summary>" in english
    with translation.override("en"):
        assert all(escape(str(d)) in english for d in LEVEL_DESCRIPTIONS.values())
    assert '<li data-players="2"><strong>Beginner</strong> — Looks three moves ahead' in english


@pytest.mark.parametrize("slug", sorted(games()))
def test_the_seat_menus_name_each_level_and_no_description_repeats_its_name(slug):
    from play.forms import seat_choices

    game = get_game(slug)
    bots = {value: label for value, label in seat_choices(game) if value.startswith("bot:")}
    assert bots == {
        f"bot:{level}": f"Ordinateur — {game.level_label(level)}" for level in game.bot_levels
    }
    for level, description in game.level_descriptions.items():
        assert not str(description).lower().startswith(game.level_label(level).lower())


@pytest.mark.parametrize("slug", sorted(games()))
def test_the_levels_offered_at_each_seat_count_are_bot_levels_in_order(slug):
    game = get_game(slug)
    info = game.engine.info
    for seats, offered in game.offered_levels.items():
        assert info.min_seats <= seats <= info.max_seats
        assert offered and set(offered) <= set(game.bot_levels)
        assert list(offered) == [level for level in game.bot_levels if level in offered]
    for seats in range(info.min_seats, info.max_seats + 1):
        assert game.default_level_for(seats) in game.levels_for(seats)
