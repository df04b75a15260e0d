"""The Ta Yü game package: registration, texts for every code, scenarios replayed as recorded."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from django.utils import translation

from play.games.registry import get_game
from play.games.tayu.state import SUPPLY_RULES
from play.games.tayu.tiles import KINDS

from .helpers import ENGINE, new

GAME = get_game("tayu")
PACKAGE = Path(GAME.package_dir)


def raised_rules() -> set[str]:
    codes = set()
    for name in ("engine.py", "moves.py"):
        text = (PACKAGE / name).read_text()
        codes |= set(re.findall(r'IllegalMove\(\s*"([a-z_]+)"', text))
        codes |= set(re.findall(r'return "([a-z_]+)"', text))
    codes |= set(re.findall(r'"(auction_first|draw_first|must_place)"', text))
    return codes


def test_package_is_registered_with_its_engine():
    assert GAME.slug == "tayu" and GAME.engine.info.slug == "tayu"
    assert GAME.scripts == ("games/tayu/board.js",)


def test_every_rule_code_has_a_french_message():
    codes = raised_rules()
    assert {"channel_mismatch", "no_channel_extended", "first_tile_on_centre"} <= codes
    assert codes <= set(GAME.rule_messages)


def test_every_role_reason_and_option_has_a_label():
    assert set(GAME.role_labels) == {"north_south", "west_east", "spoiler", "bidder"}
    assert set(GAME.outcome_reasons) == {
        "higher_product",
        "equal_products",
        "spoiler_held",
        "bid_beaten",
    }
    names = [spec.name for spec in GAME.engine.info.options]
    assert set(GAME.option_labels) == set(names)
    assert set(GAME.option_choice_labels["supply_rule"]) == set(SUPPLY_RULES)


@pytest.fixture
def package_locale(settings):
    """The package's catalogue on the locale path (the seam puts every game's there)."""
    locale = PACKAGE / "locale"
    if locale not in [Path(p) for p in settings.LOCALE_PATHS]:
        settings.LOCALE_PATHS = [*settings.LOCALE_PATHS, locale]


def test_english_translations_exist(package_locale):
    with translation.override("en"):
        assert str(GAME.rule_messages["channel_mismatch"]).startswith("Dead end")
        assert str(GAME.role_labels["spoiler"]) == "spoiler"
        assert GAME.play_texts()["supply"] == "Supply"
        for heading, paragraph in GAME.house_rules:
            assert str(heading) != "" and str(paragraph) != ""


def test_french_log_lines():
    state = ENGINE.play(new(), 0, {"type": "draw", "stack": 0}, random.Random(0))
    kind = state.held[0][0]
    with translation.override("fr"):
        line = GAME.describe_move(new(), state, 0, {"type": "draw", "stack": 0})
        assert line.startswith("prend une pierre dans la colonne 1 du talon")
        assert "-".join(str(p) for p in KINDS[kind]) in line
        move = ENGINE.legal_moves(state, 0)[0]
        line = GAME.describe_move(state, None, 0, move)
        assert line.startswith("pose la pierre")


def replay(scenario):
    engine = GAME.engine
    if scenario.state is not None:
        state = engine.from_dict(scenario.state)
    else:
        state = engine.new_game(
            seats=scenario.seats, options=scenario.options, rng=random.Random(scenario.seed)
        )
    for step in scenario.steps:
        assert step.move in engine.legal_moves(state, step.seat), (scenario.key, step)
        state = engine.play(state, step.seat, step.move, random.Random(0))
    return state


@pytest.mark.parametrize("scenario", GAME.scenarios, ids=lambda s: s.key)
def test_scenarios_replay_through_the_engine(scenario):
    state = replay(scenario)
    assert len(state.tiles) + (state.bid is not None) >= 1


def test_every_scenario_step_with_words_is_translated(package_locale):
    for scenario in GAME.scenarios:
        for text in [scenario.title, scenario.text, *(s.words for s in scenario.steps)]:
            if text and str(text) != "6 × 0 = 0":
                with translation.override("fr"):
                    french = str(text)
                with translation.override("en"):
                    assert str(text) != french


def _replayed(key):
    return replay(next(s for s in GAME.scenarios if s.key == key))


def test_scenario_first_tile_covers_the_centre():
    state = _replayed("premiere_pierre")
    assert state.board[(9 + 1) * 21 + 9 + 1] >= 0


def test_scenario_six_times_zero_is_zero():
    state = _replayed("six_fois_zero")
    north, east, south, west = state.scores
    assert (north, south) == (6, 0)
    assert state.products()[0] == 0  # 6 x 0 = 0


def test_scenario_impasse_refused_and_extension_accepted():
    from play.engines.base import IllegalMove

    scenario = next(s for s in GAME.scenarios if s.key == "impasses")
    state = GAME.engine.from_dict(scenario.state)
    for step in scenario.steps[:3]:
        state = GAME.engine.play(state, step.seat, step.move, random.Random(0))
    with pytest.raises(IllegalMove) as caught:  # the same tile turned: a closed side on the channel
        GAME.engine.play(
            state,
            1,
            {"type": "place", "tile": 0, "row": 8, "col": 8, "rotation": 0},
            random.Random(0),
        )
    assert caught.value.rule == "channel_mismatch"


def test_scenario_auction_designates_the_spoiler():
    state = _replayed("encheres")
    assert state.spoiler == 1 and state.bid == 15


def test_scenario_four_players_place_the_second_tile():
    state = _replayed("quatre_joueurs")
    assert len(state.tiles) == 1 and [len(h) for h in state.held] == [1, 1, 1, 1]
