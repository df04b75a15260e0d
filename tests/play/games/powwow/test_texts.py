"""Pow Wow's texts: every engine code has its French text, and every French text its English."""

from __future__ import annotations

import gettext
import random
import re
from pathlib import Path

from django.utils import translation

from play.games.powwow import GAME, texts
from play.games.powwow.engine import PowwowEngine

PACKAGE = Path(texts.__file__).parent
CATALOGUE = PACKAGE / "locale" / "en" / "LC_MESSAGES" / "django.mo"


def english():
    with CATALOGUE.open("rb") as handle:
        return gettext.GNUTranslations(handle)


def test_every_rule_the_engine_raises_has_a_message():
    source = "".join(p.read_text() for p in PACKAGE.glob("*.py"))
    raised = set(re.findall(r'IllegalMove\(\s*"([a-z_]+)"', source))
    assert raised and raised <= set(GAME.rule_messages)


def test_every_role_outcome_and_option_has_a_label():
    engine = PowwowEngine()
    state = engine.new_game(seats=4, options={}, rng=random.Random(0))
    assert set(engine.seat_roles(state)) <= set(GAME.role_labels)
    assert {"indian_finished", "card_in_neutral_pile", "max_plies"} == set(GAME.outcome_reasons)
    for spec in engine.info.options:
        assert spec.name in GAME.option_labels
        assert set(spec.choices) == set(GAME.option_choice_labels[spec.name])


def lazy_strings():
    found = []
    for mapping in (
        texts.RULE_MESSAGES,
        texts.OUTCOME_REASONS,
        texts.ROLE_LABELS,
        texts.OPTION_LABELS,
        texts.COLOUR_NAMES,
        texts.LEVEL_DESCRIPTIONS,
        *texts.OPTION_CHOICE_LABELS.values(),
    ):
        found.extend(mapping.values())
    found.extend(text for pair in texts.HOUSE_RULES for text in pair)
    for scenario in GAME.scenarios:
        found.extend([scenario.title, scenario.text, *(step.words for step in scenario.steps)])
    return found


def test_every_french_string_has_an_english_translation():
    catalogue = english()
    with translation.override("fr"):
        french = [str(s) for s in lazy_strings()] + [
            v for v in texts.play_texts().values() if isinstance(v, str)
        ]
    untranslated = [s for s in french if catalogue.gettext(s) == s and s != "POW WOW"]
    assert not untranslated


def test_log_lines_are_french_by_default():
    events = [{"kind": "take", "seat": 0, "colour": "red"}]
    with translation.override("fr"):
        assert texts.describe_events(events) == "Le joueur 1 prend le dé rouge."
