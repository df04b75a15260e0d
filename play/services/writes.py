"""Every change of a match's position goes through here: a move checked by the rules on the
stored snapshot, then written only if the match still has the version the player saw
(``UPDATE … WHERE version = expected``). Of two concurrent writes — two tabs, two players, two
workers — exactly one is applied and the other gets :class:`~play.errors.StaleVersion`."""

from __future__ import annotations

import random
from typing import Any

from django.db import IntegrityError, OperationalError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from play.engines.base import IllegalMove, chance_for
from play.errors import IllegalMoveError, PlayError, StaleVersion
from play.games.registry import get_game
from play.models import GestureChallenge, Match, MoveRecord, Seat
from play.texts import rule_message

from .gestures import USED_MESSAGE, challenges_spend, measured_move
from .guards import STALE_MESSAGE, check_current


class TrackingRandom(random.Random):
    """The move's random generator, noting whether the rules drew anything from it."""

    used = False

    def random(self) -> float:
        self.used = True
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.used = True
        return super().getrandbits(k)


def _chance(match: Match, ply: int) -> TrackingRandom:
    rng = TrackingRandom()
    rng.setstate(chance_for(match.seed, ply).getstate())
    return rng


def apply_move(
    match: Match,
    seat: int,
    move: Any,
    expected_version: int,
    *,
    by_bot: bool,
    received_at=None,
) -> None:
    """Play ``move`` for ``seat`` (a person's or, ``by_bot``, a bot's) and commit it, or raise
    IllegalMoveError saying which rule it breaks; the engine's form of the move is stored."""
    check_current(match, expected_version)
    package = get_game(match.engine)
    engine = package.engine
    state = engine.from_dict(match.state)
    if not isinstance(move, dict):
        raise IllegalMoveError(_("Un coup doit être un objet JSON."), rule="malformed_move")
    if seat not in engine.to_act(state):
        raise IllegalMoveError(_("Ce n'est pas à cette place de jouer."), rule="not_your_turn")
    challenge = None
    gesture = package.gesture
    if gesture is not None and move.get("type") in gesture.MOVE_TYPES:
        received_at = received_at or timezone.now()
        move, challenge = measured_move(match, gesture, seat, move, expected_version, received_at)
    # Only the engine's form of a move is played and stored (no extra keys from the client).
    try:
        canonical = engine.canonical_move(state, seat, move)
    except IllegalMove:
        canonical = None
    if canonical is None:
        try:  # the rules say precisely why (on a throwaway generator: nothing is drawn)
            engine.play(state, seat, move, _chance(match, match.plies + 1))
        except IllegalMove as error:
            raise IllegalMoveError(
                rule_message(package, error.rule, error.message), rule=error.rule
            ) from None
        raise IllegalMoveError(
            _("Ce coup contient des champs ou des valeurs que les règles ne connaissent pas."),
            rule="malformed_move",
        )
    move = canonical
    rng = _chance(match, match.plies + 1)
    try:
        new_state = engine.play(state, seat, move, rng)
    except IllegalMove as error:  # a canonical move the rules still refuse
        raise IllegalMoveError(
            rule_message(package, error.rule, error.message), rule=error.rule
        ) from None
    outcome = engine.outcome(new_state)
    record = MoveRecord(
        match=match,
        ply=match.plies + 1,
        seat=seat,
        move=move,
        description=engine.describe(state, seat, move)[:300],
        chance=rng.used,
        reveals=engine.reveals(state, new_state),
        by_bot=by_bot,
    )
    now = timezone.now()
    changes = {
        "state": engine.to_dict(new_state),
        "plies": match.plies + 1,
        "status": Match.Status.FINISHED if outcome else Match.Status.ACTIVE,
        "outcome": outcome.to_dict() if outcome else None,
        "finished_at": now if outcome else None,
        "updated_at": now,
        "bot_to_move": not outcome and bot_to_move_in(match, engine, new_state),
    }
    commit(match, expected_version, changes, add=record, challenge=challenge)


def bot_to_move_in(match: Match, engine, state) -> bool:
    """Whether a bot's seat is among those to act in ``state``."""
    bots = {s.index for s in match.seats.all() if s.kind == Seat.Kind.BOT}
    return any(seat in bots for seat in engine.to_act(state))


def commit(
    match: Match,
    expected_version: int,
    changes: dict[str, Any],
    *,
    add=None,
    remove=None,
    challenge: GestureChallenge | None = None,
):
    """Write ``changes`` (and add or remove move records) if the match is still at
    ``expected_version``, else :class:`StaleVersion`; ``challenge`` is spent with the move."""
    stale = StaleVersion(STALE_MESSAGE)
    try:
        with transaction.atomic():
            updated = Match.objects.filter(pk=match.pk, version=expected_version).update(
                version=F("version") + 1, **changes
            )
            if not updated:
                raise stale
            if challenge is not None:  # one move per challenge, even for concurrent requests
                if not GestureChallenge.objects.filter(pk=challenge.pk).delete()[0]:
                    raise IllegalMoveError(str(USED_MESSAGE), rule="challenge_used")
            challenges_spend(match)
            if remove is not None:
                remove.delete()
            if add is not None:
                add.save()
    except IntegrityError:
        raise stale from None
    except OperationalError:
        # SQLite's writer lock outlasted its timeout: nothing was written; the client retries.
        raise PlayError(
            _("Le serveur est très occupé ; rien n'a été joué, réessayez."), code="busy"
        ) from None
    for name, value in changes.items():
        setattr(match, name, value)
    match.version = expected_version + 1
