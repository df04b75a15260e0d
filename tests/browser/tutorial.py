"""Helpers for the guided first games' browser tests (« Apprendre à jouer »), on a phone (and
the first steps on a desktop screen, by the keyboard).

The scripted learner taps at once; the time a real one would take adds ``READING_SECONDS`` for
each sentence the steps show (:func:`sentences`, summed by the test, printed by
:func:`report_time`). Screenshots are written only with ``SHOTS_DIR`` set (:func:`shoot`)."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

from tests.browser.touch import check_fits, wait_for

#: A learner's reading time, a sentence.
READING_SECONDS = 3
#: A sentence's end: its stop (. ! ? …), then the text's end or the next sentence's capital (a
#: stop inside a sentence, « (« ? ») » or « monte, monte… et », is not one).
SENTENCE_END = re.compile(r"[.!?…]+(?=\s*$|\s+[«\"(]?[A-ZÀ-ÖØ-Þ0-9])")


def shoot(page, game: str, name: str, *, full_page: bool = True) -> None:
    """A screenshot, ``$SHOTS_DIR/tutorial-<game>/<name>.png``, only when the environment variable
    ``SHOTS_DIR`` is set (``SHOTS_DIR=/tmp/shots pytest tests/browser/test_tutorial_….py``): a
    normal run writes nothing and takes none."""
    folder = os.environ.get("SHOTS_DIR")
    if not folder:
        return
    shots = Path(folder) / f"tutorial-{game}"
    shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shots / f"{name}.png"), full_page=full_page)


def open_tutorial(page, base_url: str, game: str) -> float:
    """The game's page, then « Apprendre à jouer » by a tap; the time it was tapped."""
    page.goto(f"{base_url}/jeux/{game}/")
    page.get_by_role("link", name="Apprendre à jouer").first.tap()
    started = time.monotonic()
    page.wait_for_selector("#board svg")
    return started


def first_step(page, base_url: str, game: str, steps: int, words: str = "") -> float:
    """The tutorial opened (:func:`open_tutorial`): its first step of ``steps``, ``words`` in its
    text, all within the phone's width (screenshot ``01-first``); the time it was opened."""
    started = open_tutorial(page, base_url, game)
    assert page.locator("#tutorial-progress").inner_text() == f"Étape 1 sur {steps}"
    assert words in page.locator("#tutorial-text").inner_text()
    check_fits(page)
    shoot(page, game, "01-first")
    return started


def desktop_tutorial(browser, base_url: str, game: str):
    """The tutorial's first step on a desktop screen (1280 × 800), in French: its context and
    page (the caller closes the context)."""
    context = browser.new_context(locale="fr-FR", viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        page.goto(f"{base_url}/jeux/{game}/apprendre/")
        page.wait_for_selector("#board svg")
    except Exception:
        context.close()
        raise
    return context, page


def step_number(page) -> int:
    """The step shown (1 for the first), from « Étape 3 sur 12 »."""
    return int(page.locator("#tutorial-progress").inner_text().split()[1])


def wait_step(page, number: int) -> None:
    wait_for(page, lambda: step_number(page) == number)


def sentences(page) -> int:
    """The sentences the step shows a learner: its text, and the note on scripted chance on the
    step where it is said."""
    shown = [page.locator("#tutorial-text").inner_text()]
    chance = page.locator("#tutorial-chance")
    if chance.is_visible():
        shown.append(chance.inner_text())
    return sum(len(SENTENCE_END.findall(text)) for text in shown)


def read_on(page, *, keyboard: bool = False) -> int:
    """« Continuer » on a step that is only read, by a tap (``keyboard``: focused, then Enter); the
    sentences the step showed (:func:`sentences`)."""
    number, read = step_number(page), sentences(page)
    if keyboard:
        page.locator("#tutorial-next").focus()
        page.keyboard.press("Enter")
    else:
        page.locator("#tutorial-next").tap()
    wait_step(page, number + 1)
    return read


def button(page, starting: str):
    """The button under the board whose label starts with ``starting``."""
    return page.locator("#actions button", has_text=starting).first


def play_from_list(page, label: str) -> None:
    """The move ``label`` chosen in the list of moves, then Enter on « Jouer ce coup » (by the
    keyboard alone)."""
    page.locator("#move-select").focus()
    page.select_option("#move-select", label=label)
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")


def wait_feedback(page) -> str:
    """The explanation of a refused move, once shown."""
    page.wait_for_selector("#tutorial-feedback:not([hidden])")
    return page.locator("#tutorial-feedback").inner_text()


def last_step(
    page, game: str, number: int, words: str, *, started: float | None = None, read: int = 0
) -> None:
    """The last step is shown: ``number``, ``words`` in its text, « Jouer une vraie partie »
    instead of « Continuer », all within the phone's width (screenshot ``<number>-last``). With
    ``started``, prints the time (:func:`report_time`), ``read`` sentences and this step's."""
    assert step_number(page) == number
    assert words in page.locator("#tutorial-text").inner_text()
    assert page.locator("#tutorial-next").is_hidden()
    assert page.locator("#tutorial-play").is_visible()
    check_fits(page)
    shoot(page, game, f"{number:02d}-last")
    if started is not None:
        report_time(started, read + sentences(page))


def report_time(started: float, read: int) -> None:
    """Prints how long the taps took since ``started``, and with ``read`` sentences read."""
    tapped = time.monotonic() - started
    print(
        f"whole tutorial by taps {tapped:.1f} s; with {READING_SECONDS} s a sentence "
        f"({read} sentences) {tapped + READING_SECONDS * read:.0f} s"
    )


def finish(page, base_url: str, game: str) -> None:
    """« Jouer une vraie partie » opens the setup page."""
    page.locator("#tutorial-play").tap()
    page.wait_for_url(f"{base_url}/jeux/{game}/jouer/**")
    page.wait_for_selector("form.setup-form")


def setup_fields(page, *names: str) -> tuple[str, ...]:
    """The values the setup form shows in its fields ``names`` (« players », « seat_0 »…)."""
    return tuple(page.locator(f"#id_{name}").input_value() for name in names)
