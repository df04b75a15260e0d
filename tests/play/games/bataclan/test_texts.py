"""Bataclan's French texts cover every code the engine speaks, and all have English translations."""

from __future__ import annotations

import gettext
import random
import re
from pathlib import Path

from django.utils import translation

from play.engines.base import chance_for
from play.games.bataclan import GAME, engine
from play.games.bataclan.engine import FIRST_OUT_REASON, ORDER_REASON, TURN_LIMIT_REASON

from .helpers import ENGINE

PACKAGE = Path(engine.__file__).parent
LOCALE = PACKAGE / "locale" / "en" / "LC_MESSAGES"


def test_every_rule_code_the_engine_raises_has_a_message():
    source = "".join(p.read_text() for p in PACKAGE.glob("*.py"))
    codes = set(re.findall(r'IllegalMove\(\s*"([a-z_]+)"', source))
    assert codes and codes <= set(GAME.rule_messages)


def test_outcome_reasons_roles_and_options_have_labels():
    assert {FIRST_OUT_REASON, ORDER_REASON, TURN_LIMIT_REASON} <= set(GAME.outcome_reasons)
    assert {"starter", "player"} == set(GAME.role_labels)
    assert {spec.name for spec in ENGINE.info.options} == set(GAME.option_labels)
    ranking = next(spec for spec in ENGINE.info.options if spec.name == "ranking")
    assert set(ranking.choices) == set(GAME.option_choice_labels["ranking"])


def test_house_rules_and_level_descriptions_are_written():
    assert len(GAME.house_rules) >= 5 and all(str(h) and str(p) for h, p in GAME.house_rules)
    assert set(GAME.level_descriptions) == set(GAME.bot_levels)


def test_log_lines_describe_every_move_of_random_games():
    lines = set()
    for seed in range(6):
        st = ENGINE.new_game(seats=2 + seed % 5, options={}, rng=chance_for(str(seed), 0))
        rng = random.Random(seed)
        while ENGINE.to_act(st):
            seat = ENGINE.to_act(st)[0]
            move = rng.choice(ENGINE.legal_moves(st, seat))
            after = ENGINE.play(st, seat, move, rng)
            line = GAME.describe_move(st, after, seat, move)
            assert line and "None" not in line and "%(" not in line
            lines.add(line.split(" ")[0])
            assert ENGINE.describe(st, seat, move)
            st = after
    assert {"lance", "pose", "garde"} <= lines


def test_a_fall_is_told_in_the_log():
    scenario = next(s for s in GAME.scenarios if s.key == "fig2")
    before = ENGINE.from_dict(scenario.state)
    move = scenario.steps[0].move
    after = ENGINE.play(before, 0, move, chance_for(scenario.seed, 1))
    assert "la pile tombe à partir de l'étage 3 : il récupère 4 dés" in GAME.describe_move(
        before, after, 0, move
    )


def test_play_texts_are_plain_strings():
    texts = GAME.play_texts()
    assert all(isinstance(v, str | dict) for v in texts.values())
    with translation.override("fr"):
        assert GAME.play_texts()["roll"] == "Lancer les dés"


def test_every_french_string_has_its_english_translation_compiled():
    po = (LOCALE / "django.po").read_text()
    assert 'msgstr ""\n\n' not in po.split("\n\n", 1)[1]
    catalog = gettext.GNUTranslations((LOCALE / "django.mo").open("rb"))
    msgids = [m for m in re.findall(r'^msgid "(.+)"$', po, re.M)]
    assert len(msgids) > 50
    for msgid in msgids:
        text = msgid.replace('\\"', '"')
        assert catalog.gettext(text) != text or text in ("standard",), text


def test_the_package_speaks_english_on_request():
    scenario = next(s for s in GAME.scenarios if s.key == "fig2")
    before = ENGINE.from_dict(scenario.state)
    move = scenario.steps[0].move
    after = ENGINE.play(before, 0, move, chance_for(scenario.seed, 1))
    with translation.override("en"):
        assert GAME.play_texts()["roll"] == "Roll the dice"
        line = GAME.describe_move(before, after, 0, move)
        assert line.startswith("places a giant 6 on level 6 (steadiness 0.00)")
        assert "the pile falls from level 3: they take 4 dice" in line
        assert str(GAME.rule_messages["reroll_one"]) == "You must re-roll at least one die."
