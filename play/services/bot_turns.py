"""Bots' turns: bots think on worker processes, one job per turn, never inside a web request.

A job says "play the bot's turn in match X at version V" (:func:`bot_turn`, queued through the
adapter :mod:`play.tasks`); the move is committed under the match's version guard, so a job for
an older version, a finished match or a second worker on the same turn changes nothing. A turn
whose worker was lost is queued again, by the next poll or the workers' supervisor.
"""

from __future__ import annotations

import math
import random
import time
from datetime import timedelta
from typing import Any

from django.conf import settings
from django_tasks import task

from play import tasks
from play.errors import MatchOver, StaleVersion
from play.games.registry import get_game
from play.models import Match, Seat

from .gestures import issue_challenge
from .writes import apply_move


@task(queue_name=tasks.QUEUE)
def bot_turn(*, match_id: int, version: int, client: str = "") -> str:
    """Play the bot's move in match ``match_id`` if it is still at ``version``."""
    return match_bot_turn(match_id=match_id, version=version, client=client)


def match_advance_bots(*, match: Match, client: str | None = None) -> None:
    """Queue the job that plays the bot's turn (:func:`bot_turn`), if a bot is to move.

    With the database backend a worker plays it later; an immediate backend (tests) plays it,
    and the bot turns that follow, before returning — ``match`` is then reloaded."""
    if not match.bot_to_move or match.status != Match.Status.ACTIVE:
        return
    tasks.queue_bot_turn(bot_turn, match_id=match.pk, version=match.version, client=client or "")
    if not tasks.is_queued_by_database(bot_turn):
        match.refresh_from_db()


def match_bot_turn(*, match_id: int, version: int, client: str = "") -> str:
    """A worker's job: play the bot's move in match ``match_id`` at ``version``, with the level's
    full thinking time. A job for another version, a finished match or a turn another worker
    played meanwhile changes nothing (``"dropped"``).

    If a bot is to move again (the same bot's next placement, or the next bot of the table), this
    job plays it too while it has run less than ``PLAY_BOT_SLICE_SECONDS`` or no other job waits:
    no queue round trip between quick moves of one table. Past its slice, with another job
    waiting, it queues the next turn behind that one instead, so that tables take turns."""
    started = time.monotonic()
    match = _bot_move_played(match_id, version)
    if match is None:
        return "dropped"
    while match.bot_to_move and match.status == Match.Status.ACTIVE:
        spent = time.monotonic() - started
        if spent >= settings.PLAY_BOT_SLICE_SECONDS and tasks.others_waiting(bot_turn):
            tasks.queue_bot_turn(bot_turn, match_id=match.pk, version=match.version, client=client)
            break
        match = _bot_move_played(match.pk, match.version)
        if match is None:
            break
    return "played"


def _bot_move_played(match_id: int, version: int) -> Match | None:
    """Play the bot's move in match ``match_id`` at ``version``: the match after it, or None
    when there was nothing to play (another version, a finished match, no bot's turn)."""
    match = Match.objects.prefetch_related("seats").filter(pk=match_id).first()
    if match is None or match.status != Match.Status.ACTIVE or match.version != version:
        return None
    package = get_game(match.engine)
    engine = package.engine
    state = engine.from_dict(match.state)
    bots = {s.index: s for s in match.seats.all() if s.kind == Seat.Kind.BOT}
    acting = [seat for seat in engine.to_act(state) if seat in bots]
    if not acting:  # no bot's turn after all: no job is wanted for this version
        Match.objects.filter(pk=match.pk, version=version).update(bot_to_move=False)
        return None
    seat = acting[0]
    rng = random.Random(f"{match.code}/bot/{match.plies}")
    move = _bot_move(
        package,
        state,
        seat,
        level=bots[seat].bot_level,
        seconds=settings.PLAY_BOT_MOVE_SECONDS,
        rng=rng,
    )
    received_at = None
    gesture = package.gesture
    if gesture is not None and move.get("type") in gesture.MOVE_TYPES:
        # The bot's hand answers the server's own challenge, measured like a person's press.
        move = gesture.client_move(move)
        if not gesture.untimed(match.options):
            challenge = issue_challenge(match, seat)
            press = package.bot_press(challenge.params, level=bots[seat].bot_level, rng=rng)
            move = {**move, "challenge": challenge.key, "press_ms": press}
            received_at = challenge.issued_at + timedelta(milliseconds=math.ceil(press) + 1)
    try:
        apply_move(match, seat, move, version, by_bot=True, received_at=received_at)
    except (StaleVersion, MatchOver):  # another worker played this turn first
        return None
    return match


def _bot_move(package, state, seat: int, *, level: str, seconds: float, rng) -> dict[str, Any]:
    """The bot's move; a forced move needs no thought."""
    moves = package.engine.legal_moves(state, seat)
    if len(moves) == 1:
        return moves[0]
    return package.bot_move(state, seat, level=level, rng=rng, seconds=seconds)


def match_recover_bot_turn(
    *, match_id: int, version: int, updated_at, client: str | None = None
) -> bool:
    """Queue a bot turn again if it has waited longer than ``PLAY_BOT_RECOVERY_SECONDS`` with no
    live job (its worker was killed mid-search, or its job was lost). Whether it was queued."""
    cutoff = tasks.recovery_cutoff()
    if updated_at >= cutoff or not tasks.is_queued_by_database(bot_turn):
        return False
    if tasks.live_job(bot_turn, match_id=match_id, version=version, since=cutoff):
        return False
    tasks.queue_bot_turn(bot_turn, match_id=match_id, version=version, client=client or "")
    return True


def bot_turns_recover() -> int:
    """Every bot turn waiting too long without a live job is queued again (the workers'
    supervisor calls this periodically); how many were."""
    stale = Match.objects.filter(
        status=Match.Status.ACTIVE, bot_to_move=True, updated_at__lt=tasks.recovery_cutoff()
    ).values_list("pk", "version", "updated_at")
    return sum(
        match_recover_bot_turn(match_id=pk, version=version, updated_at=updated_at)
        for pk, version, updated_at in stale
    )


def match_bot_turn_poll(
    *, match_id: int, version: int, status: str, bot_to_move: bool, updated_at, client: str
) -> bool:
    """A poll of a match whose bot is to move: its turn is queued again if its worker was lost
    (:func:`match_recover_bot_turn`); whether the page must say that the computer is busy (the
    turn's job has waited for a worker longer than ``PLAY_BOT_BUSY_SECONDS``)."""
    if not bot_to_move or status != Match.Status.ACTIVE:
        return False
    match_recover_bot_turn(match_id=match_id, version=version, updated_at=updated_at, client=client)
    cutoff = tasks.busy_cutoff()
    return updated_at < cutoff and tasks.waiting_since(
        bot_turn, match_id=match_id, version=version, before=cutoff
    )


def match_bot_queue(*, match: Match) -> dict | None:
    """Where the match's bot turn stands in the workers' queue (see the schema's ``bot_queue``)."""
    if not match.bot_to_move or match.status != Match.Status.ACTIVE:
        return None
    where = tasks.queue_position(bot_turn, match_id=match.pk, version=match.version)
    if where is None:
        return None
    return {"position": where["position"], "busy": where["waited"] >= tasks.busy_seconds()}
