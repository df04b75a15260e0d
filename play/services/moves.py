"""A person's move and its undo (bots move through :mod:`play.services.bot_turns`)."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from play.errors import StaleVersion, UndoRefused
from play.games.registry import get_game
from play.models import Match, MoveRecord
from play.selectors import NOT_YOUR_LAST_MOVE, replay, undo_start

from .bot_turns import match_advance_bots
from .guards import STALE_MESSAGE, check_current, check_seat, controlled_seats
from .writes import apply_move, bot_to_move_in, commit


def match_play_move(
    *,
    match: Match,
    token: str | None,
    seat: int,
    move: dict[str, Any],
    expected_version: int,
    client: str | None = None,
) -> Match:
    """Apply a person's move, then queue the bots' answer (played by a worker)."""
    check_current(match, expected_version)
    check_seat(match, token, seat)
    apply_move(match, seat, move, expected_version, by_bot=False)
    match_advance_bots(match=match, client=client)
    return match


def match_undo(*, match: Match, token: str | None, seat: int, expected_version: int) -> Match:
    """Take back ``seat``'s last move (:func:`play.selectors.undo_start` says which moves go
    back: against the computer alone, the bots' answers to it too; never across chance, nor past
    a bot's answer in a game with hidden information)."""
    check_seat(match, token, seat)
    check_current(match, expected_version)
    # The moves of the snapshot the player saw: a move committed since then makes this a lost
    # race (409 stale_version when committing), not a refusal.
    moves = list(match.moves.filter(ply__lte=match.plies).order_by("ply"))
    if len(moves) != match.plies:  # a concurrent undo removed one
        raise StaleVersion(STALE_MESSAGE)
    engine = get_game(match.engine).engine
    start = undo_start(
        moves,
        list(match.seats.all()),
        controlled_seats(match, token),
        hidden_information=engine.info.hidden_information,
    )
    if moves[start].seat != seat:
        raise UndoRefused(NOT_YOUR_LAST_MOVE, reason="not_your_last_move")
    state = replay(match, moves[:start])
    changes = {
        "state": engine.to_dict(state),
        "plies": start,
        "updated_at": timezone.now(),
        "bot_to_move": bot_to_move_in(match, engine, state),
    }
    removed = MoveRecord.objects.filter(match=match, ply__gt=start)
    commit(match, expected_version, changes, remove=removed)
    match_advance_bots(match=match)
    return match
