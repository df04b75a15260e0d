"""The game contract (play.games.contract): the registry refuses, at start-up and by name, a package
with a missing or misspelt part."""

from __future__ import annotations

import sys
import types

import pytest
from django.test import override_settings

from play.games.contract import GameContractError, check_package, ensure_package
from play.games.registry import GAME_PACKAGES, check_game_packages, games
from play.games.tutorial import ANY, Tutorial, TutorialStep
from tests.play.toy_game import bots as toy_bots
from tests.play.toy_game import texts as toy_texts
from tests.play.toy_game.game import GuessGame


def _module(monkeypatch, name: str, source, *, drop=(), **extra) -> str:
    """A module ``name`` holding ``source``'s public names, without ``drop``, with ``extra``."""
    module = types.ModuleType(name)
    for key, value in vars(source).items():
        if not key.startswith("__") and key not in drop:
            setattr(module, key, value)
    for key, value in extra.items():
        setattr(module, key, value)
    monkeypatch.setitem(sys.modules, name, module)
    return name


def _package(**parts) -> GuessGame:
    return type("Broken", (GuessGame,), parts)()


def test_every_registered_package_keeps_the_contract():
    assert check_game_packages() == []
    for game in games().values():
        assert check_package(game) == []


def test_the_toy_package_keeps_the_contract():
    assert check_package(GuessGame()) == []


def test_a_package_missing_a_text_is_refused_with_the_games_and_the_texts_names(monkeypatch):
    texts = _module(monkeypatch, "broken_texts", toy_texts, drop=("OUTCOME_REASONS",))
    with pytest.raises(GameContractError) as refused:
        ensure_package(_package(texts_path=texts))
    assert refused.value.slug == "guess"
    assert "'guess'" in str(refused.value) and "texts lacks OUTCOME_REASONS" in str(refused.value)


def test_a_misspelt_text_is_not_read_silently(monkeypatch):
    texts = _module(
        monkeypatch, "misspelt_texts", toy_texts, drop=("prompt",), promt=toy_texts.prompt
    )
    assert check_package(_package(texts_path=texts)) == ["texts lacks prompt"]


def test_a_text_of_the_wrong_kind_is_refused(monkeypatch):
    texts = _module(monkeypatch, "odd_texts", toy_texts, RULE_MESSAGES=["bad_bet"])
    assert check_package(_package(texts_path=texts)) == ["texts.RULE_MESSAGES is not a Mapping"]


def test_a_misspelt_bots_function_is_refused_by_name(monkeypatch):
    bots = _module(monkeypatch, "misspelt_bots", toy_bots, drop=("evaluate",), evalute=len)
    with pytest.raises(GameContractError) as refused:
        ensure_package(_package(bots_path=bots))
    assert "bots lacks evaluate" in str(refused.value)


def test_a_bot_move_with_other_parameters_is_refused(monkeypatch):
    def bot_move(state, seat, *, level, seed, seconds):
        return {}

    bots = _module(monkeypatch, "seeded_bots", toy_bots, bot_move=bot_move)
    problems = check_package(_package(bots_path=bots))
    assert problems == ["bots.bot_move does not take (state, seat, *, level, rng, seconds)"]


def test_a_gesture_lacking_a_function_is_refused_by_name(monkeypatch):
    from play.games.bataclan import gesture as real_gesture

    gesture = _module(monkeypatch, "broken_gesture", real_gesture, drop=("untimed_move",))
    bots = _module(monkeypatch, "timed_bots", toy_bots, bot_press=lambda params, *, level, rng: 0.0)
    problems = check_package(_package(gesture_path=gesture, bots_path=bots))
    assert problems == ["gesture lacks untimed_move"]


def test_a_game_with_a_gesture_needs_bots_that_press(monkeypatch):
    from play.games.bataclan import gesture

    problems = check_package(_package(gesture_path=gesture.__name__))
    assert problems == ["bots lacks bot_press"]


def test_hidden_information_needs_an_engine_that_redeals(monkeypatch):
    from tests.play.toy_engine import GuessEngine

    class Plain(GuessEngine):
        redeal_hidden = None

    monkeypatch.setitem(sys.modules, "plain_engine", types.SimpleNamespace(Plain=Plain))
    problems = check_package(_package(engine_path="plain_engine:Plain"))
    assert problems == ["engine.redeal_hidden is not callable"]


def test_a_part_that_does_not_import_is_named():
    problems = check_package(_package(scenarios_path="tests.play.toy_game.scenarioz"))
    assert problems == [
        "scenarios module 'tests.play.toy_game.scenarioz' does not import "
        "(No module named 'tests.play.toy_game.scenarioz')"
    ]


def test_a_tutorial_module_without_a_tutorial_is_refused(monkeypatch):
    monkeypatch.setitem(sys.modules, "no_tutorial", types.SimpleNamespace(TUTORIAL=object()))
    assert check_package(_package(tutorial_path="no_tutorial")) == [
        "tutorial: TUTORIAL is not a play.games.tutorial.Tutorial"
    ]


def test_a_tutorial_whose_last_step_waits_for_a_move_is_refused(monkeypatch):
    steps = (TutorialStep("Le but."), TutorialStep("Jouez.", moves=ANY))
    module = types.SimpleNamespace(TUTORIAL=Tutorial(seats=2, learner=0, steps=steps))
    monkeypatch.setitem(sys.modules, "open_tutorial", module)
    assert check_package(_package(tutorial_path="open_tutorial")) == [
        "tutorial: the last step is read (it offers « Jouer une vraie partie »)"
    ]


def test_the_registry_refuses_a_broken_package_when_it_loads_the_games(monkeypatch):
    texts = _module(monkeypatch, "broken_registry_texts", toy_texts, drop=("HOUSE_RULES",))
    broken = _package(texts_path=texts)
    _module(monkeypatch, "broken_pkg", types.ModuleType("broken_pkg"))
    _module(monkeypatch, "broken_pkg.game", types.ModuleType("broken_pkg.game"), GAME=broken)
    with override_settings(PLAY_GAMES=[*GAME_PACKAGES, "broken_pkg"]):
        with pytest.raises(GameContractError, match="'guess'.*texts lacks HOUSE_RULES"):
            games()
        assert [(e.id, e.msg) for e in check_game_packages()] == [
            ("play.E001", "guess: texts lacks HOUSE_RULES")
        ]


def test_a_package_declares_its_game_in_its_game_module(monkeypatch):
    _module(monkeypatch, "gameless", types.ModuleType("gameless"), GAME=GuessGame())
    _module(monkeypatch, "gameless.game", types.ModuleType("gameless.game"))
    with override_settings(PLAY_GAMES=["gameless"]):
        with pytest.raises(GameContractError, match="gameless.game declares no GAME"):
            games()
