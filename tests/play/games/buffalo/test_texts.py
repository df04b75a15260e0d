"""Buffalo texts: every bot level is described, and levels and house rules exist in English."""

from __future__ import annotations

from django.utils import translation

from play.games.buffalo.game import GAME


def test_every_offered_level_has_a_description():
    assert set(GAME.level_descriptions) == set(GAME.bot_levels)


def test_level_descriptions_and_house_rules_are_translated_to_english():
    texts = [*GAME.level_descriptions.values()]
    for heading, paragraph in GAME.house_rules:
        texts += [heading, paragraph]
    with translation.override("fr"):
        french = [str(text) for text in texts]
    with translation.override("en"):
        english = [str(text) for text in texts]
    untranslated = [fr for fr, en in zip(french, english, strict=True) if fr == en]
    assert untranslated == []


def test_english_house_rules_state_the_proven_results():
    with translation.override("en"):
        rules = {str(heading): str(text) for heading, text in GAME.house_rules}
    assert "five buffalo or fewer" in rules["Proven results"]
