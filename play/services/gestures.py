"""Timed gestures: a move's parameter (Bataclan's steadiness) measured by the server.

The server issues a challenge (a swinging marker) and measures a gesture move from the moment
the player stopped it; a challenge serves one move, at the position it was issued for.
"""

from __future__ import annotations

import random
import secrets
from datetime import timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from play.errors import IllegalMoveError, InvalidNumber, PlayError, StaleVersion, is_representable
from play.games.registry import get_game
from play.models import GestureChallenge, Match

from .guards import STALE_MESSAGE, check_current, check_seat

USED_MESSAGE = gettext_lazy(
    "Ce défi de geste a déjà servi : chaque dé posé demande un nouveau défi."
)
GESTURE_KEYS = ("challenge", "press_ms")
_SYSTEM_RANDOM = random.SystemRandom()


def match_gesture_challenge(
    *, match: Match, token: str | None, seat: int, expected_version: int
) -> dict[str, Any]:
    """A new challenge for ``seat``'s next gesture move: what the page animates and answers."""
    check_current(match, expected_version)
    check_seat(match, token, seat)
    return challenge_data(issue_challenge(match, seat))


def challenge_data(challenge: GestureChallenge) -> dict[str, Any]:
    return {
        "id": challenge.key,
        **challenge.params,
        "issued_at": challenge.issued_at.isoformat(),
        "version": challenge.version,
    }


def issue_challenge(match: Match, seat: int) -> GestureChallenge:
    """``seat``'s challenge for its gesture move now (a person's request, or a bot's hand)."""
    package = get_game(match.engine)
    gesture, engine = package.gesture, package.engine
    if gesture is None:
        raise PlayError(_("Ce jeu ne se joue pas avec un geste minuté."), code="no_gesture")
    if gesture.untimed(match.options):
        raise IllegalMoveError(
            _("Cette partie se joue sans geste : chaque dé est posé avec la même stabilité."),
            rule="untimed",
        )
    state = engine.from_dict(match.state)
    moves = engine.legal_moves(state, seat) if seat in engine.to_act(state) else []
    if not any(m.get("type") in gesture.MOVE_TYPES for m in moves):
        raise IllegalMoveError(
            _("Aucun geste n'est attendu de cette place maintenant."), rule="no_gesture_now"
        )
    # Only the present position's challenges are worth keeping.
    GestureChallenge.objects.filter(match=match, version__lt=match.version).delete()
    return _live_challenge(match, seat, gesture)


def _live_challenge(match: Match, seat: int, gesture) -> GestureChallenge:
    """The one challenge of ``seat`` at the match's version (a unique row): asking again gives
    the same one while it has time left to be answered, else replaces it in place. A flood of
    requests never adds a row, nor draws a marker to the asker's liking."""
    now = timezone.now()
    live = GestureChallenge.objects.filter(match=match, seat=seat, version=match.version).first()
    if live is not None and now - live.issued_at < timedelta(seconds=gesture.MAX_AGE_SECONDS / 2):
        return live
    fresh = {
        "key": secrets.token_urlsafe(18),
        "params": gesture.new_challenge(_SYSTEM_RANDOM),
        "issued_at": now,
    }
    if live is not None:
        # Only the row just read: a concurrent replacement or move makes this one count nothing.
        if GestureChallenge.objects.filter(pk=live.pk, key=live.key).update(**fresh):
            for name, value in fresh.items():
                setattr(live, name, value)
            return live
    else:
        try:
            with transaction.atomic():
                return GestureChallenge.objects.create(
                    match=match, seat=seat, version=match.version, **fresh
                )
        except IntegrityError:  # a concurrent request of the same seat made it first
            pass
    live = GestureChallenge.objects.filter(match=match, seat=seat, version=match.version).first()
    if live is None:  # the position moved on meanwhile
        raise StaleVersion(STALE_MESSAGE)
    return live


def measured_move(match: Match, gesture, seat: int, move: dict, expected_version: int, received_at):
    """The engine's form of a gesture move, its parameter measured from the server's challenge,
    and that challenge (marked used when the move is written); or IllegalMoveError."""
    if set(move) & set(gesture.MEASURED_KEYS):
        raise IllegalMoveError(
            _(
                "La stabilité ne s'envoie pas : le serveur la mesure d'après le moment où vous "
                "avez arrêté le curseur."
            ),
            rule="measured_by_server",
        )
    if gesture.untimed(match.options):
        if set(move) & set(GESTURE_KEYS):
            raise IllegalMoveError(
                _("Cette partie se joue sans geste : posez le dé sans défi."), rule="untimed"
            )
        return gesture.untimed_move(move), None
    key, press = move.get("challenge"), move.get("press_ms")
    if press is not None and (
        isinstance(press, bool) or not isinstance(press, int | float) or not is_representable(press)
    ):
        raise InvalidNumber("move.press_ms")
    if not isinstance(key, str) or press is None:
        raise IllegalMoveError(
            _(
                "Un dé se pose avec le geste : demandez un défi, puis envoyez son identifiant "
                "(challenge) et le moment de l'appui en millisecondes (press_ms)."
            ),
            rule="gesture_missing",
        )
    challenge = GestureChallenge.objects.filter(match=match, key=key[:40]).first()
    if challenge is None or challenge.seat != seat:
        # Also a challenge already used: it went with the position it was issued for.
        raise IllegalMoveError(_("Ce défi de geste est inconnu."), rule="unknown_challenge")
    if challenge.version != expected_version:
        raise IllegalMoveError(
            _("Ce défi de geste a été donné pour une autre position : demandez-en un nouveau."),
            rule="challenge_stale",
        )
    age_ms = (received_at - challenge.issued_at).total_seconds() * 1000
    if age_ms > gesture.MAX_AGE_SECONDS * 1000:
        raise IllegalMoveError(
            _("Ce défi de geste est trop ancien : demandez-en un nouveau."),
            rule="challenge_expired",
        )
    if press < 0 or press > age_ms:
        raise IllegalMoveError(
            _(
                "Cet appui n'a pas pu avoir lieu : il tombe avant que le défi soit donné ou "
                "après l'arrivée du coup au serveur."
            ),
            rule="impossible_press",
        )
    plain = {k: v for k, v in move.items() if k not in GESTURE_KEYS}
    return gesture.measured_move(plain, challenge.params, press), challenge


def challenges_spend(match) -> None:
    """The position moves on (a move, an undo, a join, the end): its challenges are spent."""
    GestureChallenge.objects.filter(match_id=match.pk).delete()
