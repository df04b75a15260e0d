"""A game's guided first game as a client sees it (« Apprendre à jouer »): the step a learner's
answers lead to, and the verdict on the move they try (:mod:`play.games.tutorial` replays it).

Stateless: the page keeps the learner's answers (in the browser's storage) and sends them with each
request; nothing is written. The learner sees their own seat's view, as in a real game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import gettext as _

from catalogue.models import Game
from play.engines.base import Move, chance_for
from play.games.base import GamePackage
from play.games.tutorial import (
    MAX_STEPS,
    TutorialError,
    TutorialPosition,
    accepted_moves,
    try_move,
    tutorial_replay,
)

from .errors import PlayError
from .services.gestures import GESTURE_KEYS
from .texts import player_label


class TutorialRefused(PlayError):
    """Answers that are not the tutorial's (a client's storage from another version of it, or a
    forged request): ``index`` is the first step at fault, where the page starts again."""

    status = 400
    code = "tutorial_mismatch"

    def __init__(self, message: str, *, index: int):
        super().__init__(message)
        self.index = index

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "index": self.index}


def tutorial_step(
    package: GamePackage,
    game: Game,
    answers: list[Any],
    tried: Move | None = None,
    *,
    absolute: Callable[[str], str] = str,
) -> dict[str, Any]:
    """What the page shows after ``answers``, and, for ``tried`` (a move the learner made on the
    current step), the verdict: accepted (the answer is kept and the next step shown) or not, and
    why, in the words of the rule it breaks. Addresses are made by ``absolute`` (the API's are
    absolute, the page's paths)."""
    game_url = absolute(game.get_absolute_url())
    tutorial, engine = package.tutorial, package.engine
    answers = answers[:MAX_STEPS]
    try:
        position = tutorial_replay(engine, tutorial, answers, package.client_move)
    except TutorialError as error:
        raise TutorialRefused(
            _("Cette étape du tutoriel n'existe plus."), index=error.index
        ) from None
    verdict = None
    previous = position
    if package.gesture is not None and isinstance(tried, dict):
        # The page's gesture (its challenge and press time): here the tutorial scripts how
        # steady the hand was, so the press is not measured.
        tried = {k: v for k, v in tried.items() if k not in GESTURE_KEYS}
    if tried is not None:
        if position.step.reading or position.last:
            raise TutorialRefused(_("Cette étape se lit : aucun coup."), index=position.index)
        try:
            position = tutorial_replay(engine, tutorial, [*answers, tried], package.client_move)
        except TutorialError:
            verdict = _refusal(package, position, tried, game_url)
        else:
            verdict = {"accepted": True}
    data = _shown(package, position, game_url)
    if position.last:
        data["play_url"] = absolute(_play_url(package.tutorial, game))
    data["verdict"] = verdict
    data["moves"] = [
        _("%(who)s : %(move)s")
        % {
            "who": _("Vous") if seat == tutorial.learner else player_label(seat, ""),
            "move": package.describe_move(before, after, seat, move),
        }
        # the moves played since the last position: the learner's, then the replies
        for before, after, seat, move in position.history[len(previous.history) :]
    ]
    return data


def _refusal(
    package: GamePackage, position: TutorialPosition, tried: Move, game_url: str
) -> dict[str, Any]:
    engine_move = _engine_move(package, tried)
    kind, code = try_move(package.engine, position, engine_move, package.client_move)
    if kind == "illegal":
        message = package.rule_messages.get(code, _("Ce coup n'est pas permis."))
        book = package.rule_book
        anchor = book.refusals.get(code) if book is not None else None
        return {
            "accepted": False,
            "code": "illegal_move",
            "rule_code": code,
            "message": str(message),
            "rule": _rule(package, anchor, game_url, text=True),
        }
    hint = str(position.step.hint) or _(
        "Ce coup est permis, mais essayez celui que l'étape demande."
    )
    return {"accepted": False, "code": "not_this_move", "message": hint, "rule": None}


def _engine_move(package: GamePackage, move: Move) -> Move:
    """A client's move as the engine takes it: a gesture's measure at its untimed value."""
    gesture = package.gesture
    if gesture is not None and isinstance(move, dict) and move.get("type") in gesture.MOVE_TYPES:
        return gesture.untimed_move(move)
    return move


def _rule(package: GamePackage, anchor: str | None, game_url: str, *, text: bool = False):
    book = package.rule_book
    if not anchor or book is None:
        return None
    rule = book.rule(anchor)
    shown = {"anchor": anchor, "number": rule.number, "title": rule.title}
    shown["url"] = f"{game_url}#{anchor}"
    if text:
        shown["text"] = rule.text
    return shown


def _shown(package: GamePackage, position: TutorialPosition, game_url: str) -> dict[str, Any]:
    tutorial, engine = package.tutorial, package.engine
    step, seat, state = position.step, position.seat, position.state
    moving = not step.reading and not position.last
    offered: list[Move] = []
    if moving:
        for move in [*accepted_moves(engine, step, state, seat), *step.wrong]:
            shown = package.client_move(move)
            if shown not in offered:
                offered.append(shown)
    chance_step = tutorial.chance_step
    if chance_step is None:
        chance_step = next(i for i, s in enumerate(tutorial.steps) if not s.reading)
    return {
        "step": position.index,
        "steps": len(tutorial.steps),
        "kind": "end" if position.last else "read" if step.reading else "move",
        "text": str(step.text),
        "chance_note": str(tutorial.chance_note) if position.index == chance_step else "",
        "rule": _rule(package, step.rule, game_url),
        "seat": seat,
        "view": engine.view(state, seat),
        "roles": package.seat_role_labels(state),
        "legal_moves": offered,
        "answers": position.answers,
        "challenge": _challenge(package, position) if moving else None,
        "play_url": "",
    }


def _challenge(package: GamePackage, position: TutorialPosition) -> dict[str, Any] | None:
    """A timed gesture's challenge for the page to animate: here the press is not measured (the
    tutorial scripts the steadiness), so it is made from the step, the same for everyone."""
    gesture = package.gesture
    if gesture is None:
        return None
    params = gesture.new_challenge(chance_for(package.tutorial.seed, 1000 + position.index))
    return {"id": f"tutorial-{position.index}", **params}


def _play_url(tutorial, game: Game) -> str:
    """The setup page of a real game, its form filled in as the tutorial suggests."""
    url = reverse("play:setup", args=[game.slug])
    query = urlencode({k: str(v) for k, v in tutorial.play_options.items()})
    return url + (f"?{query}" if query else "")


def tutorial_texts() -> dict[str, str]:
    """The tutorial page's own strings, in the active language, for its script (%s = a value)."""
    return {
        "progress": _("Étape %s sur %s"),
        "rule": _("La règle : %s"),
        "notQuite": _("Pas tout à fait :"),
        "network": _("La connexion a été perdue : réessayez."),
    }
