"""Ta Yü's rule book: sound for every refusal the engine can raise, and right where players look."""

from __future__ import annotations

from pathlib import Path

from play.games.registry import get_game
from play.games.rulebook import Topic, check_rule_book
from play.games.tayu.game import GAME as RULE_GAME
from play.games.tayu.texts import RULE_MESSAGES
from tests.play.games.refusals import raised_codes as raised_codes_in

from .helpers import STRAIGHT, place, position, rule_of

PACKAGE = Path(get_game("tayu").package_dir)
RULES = RULE_GAME.rule_book


def raised_codes() -> set[str]:
    return raised_codes_in(PACKAGE)


def cited(code: str):
    return RULES.rule(RULES.refusals[code])


def test_the_book_cites_a_rule_for_every_refusal_code():
    codes = raised_codes() | set(RULE_MESSAGES)
    assert {"game_over", "not_your_turn", "malformed_move", "bad_bid"} <= raised_codes()
    assert check_rule_book(RULES, codes) == []
    assert set(RULES.refusals) == codes


def test_the_book_holds_every_topic_in_order():
    assert 15 <= len(RULES.rules) <= 35
    assert [topic for topic, _ in RULES.by_topic()] == list(Topic)


def test_a_tile_whose_channel_does_not_continue_cites_the_channels_rule():
    state = position([(STRAIGHT, 9, 9, 1)], held={1: [STRAIGHT]}, to_move=1)
    code = rule_of(state, 1, place(8, 8, 0))  # a closed side against the open north end
    assert code == "channel_mismatch"
    rule = cited(code)
    assert rule.anchor == "regle-tayu-canaux-ouverts" and not rule.house
    assert "canaux ouverts" in rule.text and "impasses" in rule.text


def test_the_first_tile_off_the_centre_cites_the_centre_rule():
    state = position(held={0: [STRAIGHT]})
    assert rule_of(state, 0, place(0, 0, 0)) == "first_tile_on_centre"
    rule = cited("first_tile_on_centre")
    assert rule.number == "4.2" and "case centrale" in rule.text


def test_the_blue_marks_are_a_house_rule_beside_the_scoring():
    marks = RULES.rule("regle-tayu-accolades-bleues")
    assert marks.house and "4e, 10e et 16e" in marks.text
    scoring = RULES.rule("regle-tayu-points-par-canal")
    assert marks.anchor in scoring.related and "marquées de bleu" in scoring.text


def test_a_corrected_typo_keeps_the_records_words():
    scoring = RULES.rule("regle-tayu-points-par-canal")
    assert "un point ; si un canal" in scoring.text
    assert scoring.correction.original.startswith(
        "Chaque canal qui atteint une rive rapporte un point sur un canal"
    )
    assert scoring.correction.note == "coquille"
    record = Path("/work/shared/records/001_2eedb90fe3b19964.txt")
    if record.exists():  # the record is shared beside the project, not shipped with it
        text = record.read_text()
        corrected = [rule for rule in RULES.rules if rule.correction]
        assert all(rule.correction.original in text for rule in corrected)


def test_the_auction_refusals_cite_the_three_player_rules():
    assert cited("bid_not_lower").anchor == "regle-tayu-enchere-plus-basse"
    assert "plus basse" in cited("bid_not_lower").text
    assert cited("must_open_bidding").house and "ouvre les enchères" in cited("bad_bid").text
    assert all(cited(code).topic is Topic.VARIANTS for code in ("auction_first", "bad_bid"))


def test_multiplication_and_six_times_zero_are_read_together():
    product = RULES.rule("regle-tayu-multiplication")
    assert "multiplie" in product.text and "regle-tayu-six-fois-zero" in product.related
    assert "6x0=0" in RULES.rule("regle-tayu-six-fois-zero").text
