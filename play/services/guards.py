"""The checks a write to a match begins with: the seat is the token's, the match is not over, the
version is the one the player saw."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from play import tokens
from play.errors import MatchOver, SeatForbidden, StaleVersion
from play.models import Match

STALE_MESSAGE = gettext_lazy(
    "La partie a changé entre-temps : un autre coup a été joué. Rechargez la position."
)


def controlled_seats(match: Match, token: str | None) -> set[int]:
    return tokens.seats_for_token(match, token, match.seats.all())


def check_seat(match: Match, token: str | None, seat: int) -> None:
    if seat not in controlled_seats(match, token):
        raise SeatForbidden(_("Ce lien ne permet pas de jouer à cette place."), seat=seat)


def check_current(match: Match, expected_version: int) -> None:
    """Refuse to act on a finished match, or on a version the client no longer holds."""
    if match.status == Match.Status.FINISHED:
        raise MatchOver(_("La partie est terminée."))
    if expected_version != match.version:
        raise StaleVersion(STALE_MESSAGE, current_version=match.version)
