"""Bataclan's guided first game on a phone, by taps, to « Jouer une vraie partie »: two rolls
without a G, the base G and the climb (each die by a tap on it and one on « Poser » under the
swinging marker), one deliberate mistake (a 3 where the pile needs a 2) and its rule, a stop, a G
kept and turned into a 5, the giant die that brings the pile down, the fallen dice rolled again,
the last die that wins, and the setup page filled in."""

import time

import pytest

from tests.browser.conftest import watch_csp
from tests.browser.touch import check_fits, phone_page
from tests.browser.tutorial import (
    button,
    finish,
    first_step,
    last_step,
    read_on,
    sentences,
    setup_fields,
    shoot,
    step_number,
    wait_feedback,
    wait_step,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
GAME = "bataclan"


def die(page, label: str):
    """The learner's die the board offers under ``label`` (« Poser dé standard 2 »)."""
    return page.locator(f'#board .hand-die.movable[aria-label="{label}"]').first


def place(page, label: str) -> None:
    """A die by taps: the die, then « Poser » on the gesture panel (here the press is not
    measured: the tutorial sets the hand's steadiness)."""
    die(page, label).tap()
    page.locator("#board .bataclan-gesture .gesture-stop:not([disabled])").wait_for()
    page.locator("#board .gesture-stop").tap()


def pile(page) -> list[str]:
    """The pile's dice from the bottom, as the board names them to screen readers."""
    return page.locator("#board .pile-die").evaluate_all(
        "dice => dice.map(d => d.getAttribute('aria-label'))"
    )


def test_the_whole_tutorial_by_taps_on_a_phone(live_server, browser, catalogue):
    context, page = phone_page(browser)
    violations = watch_csp(page)
    try:
        words = "Le premier qui a posé tous ses dés a gagné"
        started = first_step(page, live_server.url, GAME, 17, words)
        read = read_on(page)  # sentences shown, for the time a learner reading them would take

        # Step 2: the roll, told that the tutorial sets the dice. No G: the turn passes, twice.
        assert "choisit les dés" in page.locator("#tutorial-chance").inner_text()
        read += sentences(page)  # the note on the dice too
        button(page, "Lancer les dés").tap()
        wait_step(page, 3)
        first_move = time.monotonic() - started
        print(f"first move accepted {first_move:.1f} s after opening")
        assert "aucun dé ne convient" in page.locator("#tutorial-moves").inner_text()
        read += sentences(page)
        button(page, "Lancer les dés").tap()
        wait_step(page, 4)

        # Steps 4-6: the base G, then 2 and 3; at step 5 the mistake: a 3 where a 2 is due.
        read += sentences(page)
        shoot(page, GAME, "04-gesture")
        place(page, "Poser dé standard G")
        wait_step(page, 5)
        assert pile(page)[0].startswith("étage 1 : dé standard G")
        read += sentences(page)
        place(page, "Poser dé standard 3")
        text = wait_feedback(page)
        # Why, in the rule book's words, and the rule itself.
        assert "il peut empiler ses dés par valeur croissante" in text
        assert "Empiler dans l'ordre croissant" in text
        link = page.locator("#tutorial-feedback a")
        assert link.get_attribute("href").endswith(f"/jeux/{GAME}/#regle-bataclan-ordre-croissant")
        assert step_number(page) == 5 and len(pile(page)) == 1
        check_fits(page)
        shoot(page, GAME, "05-wrong-move")
        place(page, "Poser dé standard 2")
        wait_step(page, 6)
        read += sentences(page)
        place(page, "Poser dé standard 3")
        wait_step(page, 7)

        # Step 7: a stop; the other player places a 4. Steps 8-9: the G kept, the roll.
        read += sentences(page)
        button(page, "S'arrêter").tap()
        wait_step(page, 8)
        assert len(pile(page)) == 4
        read += sentences(page)
        die(page, "Garder dé standard G").tap()
        wait_step(page, 9)
        read += sentences(page)
        button(page, "Lancer les dés").tap()
        wait_step(page, 10)

        # Step 10: the G as a 5; step 11: the giant die, a shaking hand, the fall.
        read += sentences(page)
        place(page, "Poser dé standard G comme 5")
        wait_step(page, 11)
        assert pile(page)[-1].startswith("étage 5 : un G qui compte pour 5")
        read += sentences(page)
        shoot(page, GAME, "11-giant")
        place(page, "Poser dé géant 6")
        wait_step(page, 12)
        assert (
            "la pile tombe à partir de l'étage 4 : il récupère 3 dés"
            in page.locator("#tutorial-moves").inner_text()
        )
        assert page.locator('#board [data-seat="0"] .hand-die .unrolled').count() == 3
        shoot(page, GAME, "12-fall")
        read += read_on(page)

        # Step 13: the fallen dice are rolled again; step 14: the end, one die, re-rolled.
        read += sentences(page)
        button(page, "Lancer les dés").tap()
        wait_step(page, 14)
        read += sentences(page)
        assert len(pile(page)) == 13
        button(page, "Lancer les dés").tap()
        wait_step(page, 15)
        read += sentences(page)
        place(page, "Poser dé standard 2")
        wait_step(page, 16)
        assert "il a posé son dernier dé" in page.locator("#tutorial-moves").inner_text()
        read += read_on(page)

        # The last step: the variants, and « Jouer une vraie partie ».
        last_step(page, GAME, 17, "sans geste", started=started, read=read)
        finish(page, live_server.url, GAME)
        fields = setup_fields(page, "players", "seat_0", "seat_1", "option_ranking")
        assert fields == ("2", "local", "bot:beginner", "order")
        assert violations == []
    finally:
        context.close()
