"""Starting matches and applying moves: every write to a match goes through here.

A move is validated by the engine on the stored snapshot, then written only if the match still
has the version the player saw (``UPDATE … WHERE version = expected``): of two concurrent moves —
two tabs, two players, two server processes — exactly one is applied and the other gets
:class:`StaleVersion`. Bots play through the same machinery, one move per worker job
(:mod:`play.tasks`): never inside a web request.
"""

from __future__ import annotations

import math
import random
import secrets
import time
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, OperationalError, transaction
from django.db.models import Exists, F, OuterRef, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from play.engines.base import IllegalMove, InvalidOptions, chance_for
from play.games.registry import get_game

from . import tasks, tokens
from .errors import (
    IllegalMoveError,
    InvalidNumber,
    InvalidSetup,
    MatchOver,
    PlayError,
    SeatForbidden,
    StaleVersion,
    UndoRefused,
    is_representable,
    unrepresentable_path,
)
from .models import GestureChallenge, Match, MoveRecord, Seat
from .selectors import NOT_YOUR_LAST_MOVE, replay, undo_start
from .texts import rule_message

# Creating a table purges abandoned matches at most this often (one cache key, shared by every
# process), and at most this many each time: the request that does it stays short.
PURGE_INTERVAL_SECONDS = 3600
PURGE_CACHE_KEY = "play:abandoned-purge"
PURGE_BATCH = 500

USED_MESSAGE = gettext_lazy(
    "Ce défi de geste a déjà servi : chaque dé posé demande un nouveau défi."
)
STALE_MESSAGE = gettext_lazy(
    "La partie a changé entre-temps : un autre coup a été joué. Rechargez la position."
)


@dataclass(frozen=True)
class SeatSpec:
    kind: str  # Seat.Kind: local, invite or bot
    name: str = ""
    bot_level: str = ""


class TrackingRandom(random.Random):
    """The move's random generator, noting whether the rules drew anything from it."""

    used = False

    def random(self) -> float:
        self.used = True
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.used = True
        return super().getrandbits(k)


def new_seed() -> str:
    """A new match's random seed (tests replace this to replay a chosen deal)."""
    return secrets.token_hex(16)


def _chance(match: Match, ply: int) -> TrackingRandom:
    rng = TrackingRandom()
    rng.setstate(chance_for(match.seed, ply).getstate())
    return rng


def seat_range(game) -> tuple[int, int]:
    """How many may play ``game`` online: the record's range within the engine's, widened by
    the seat counts the game offers as a variant (a two-player variant of a game for 3 to 6)."""
    package = get_game(game.engine)
    info = package.engine.info
    low = max(info.min_seats, game.min_players or info.min_seats)
    high = min(info.max_seats, game.max_players or info.max_seats)
    variants = [n for n in package.variant_seats if info.min_seats <= n <= info.max_seats]
    return min([low, *variants]), max([high, *variants])


def level_not_offered_message(package, level: str, players: int, seat: int | None = None) -> str:
    """Why ``level`` cannot sit at a table of ``players``, and which levels can (a level not
    measured stronger than the one below it at that count is not offered there)."""
    values = {
        "level": package.level_label(level),
        "players": players,
        "levels": ", ".join(package.level_label(name) for name in package.levels_for(players)),
    }
    message = (
        _(
            "Le niveau « %(level)s » n’est pas proposé à %(players)d joueurs : il n’y a pas été "
            "mesuré plus fort que le niveau en dessous (niveaux proposés : %(levels)s)."
        )
        % values
    )
    if seat is None:
        return message
    return _("Place %(n)d : %(message)s") % {"n": seat, "message": message}


def match_start(
    *,
    game,
    seats: list[SeatSpec],
    options: dict[str, Any] | None = None,
    series: dict[str, Any] | None = None,
    token_salt: str = "",
    client: str | None = None,
    bots_only_allowed: bool = False,
) -> tuple[Match, str]:
    """Create a match of ``game`` and return it with the token of the creator's seats."""
    if series is None:  # a new table (not a series' next round, created under a row lock)
        matches_purge_abandoned_if_due()
    if not game.engine:
        raise InvalidSetup(_("Ce jeu ne peut pas encore être joué en ligne."), code="no_engine")
    package = get_game(game.engine)
    engine = package.engine
    low, high = seat_range(game)
    if not low <= len(seats) <= high:
        values = {"title": game.title, "low": low, "high": high}
        message = (
            _("%(title)s se joue de %(low)d à %(high)d joueurs.")
            if low != high
            else _("%(title)s se joue à %(low)d joueurs.")
        )
        raise InvalidSetup(message % values, code="seat_count")
    if not bots_only_allowed and all(spec.kind == Seat.Kind.BOT for spec in seats):
        # Nobody would wait for their moves: refused, so no request keeps the bots thinking.
        raise InvalidSetup(_("Il faut au moins un joueur humain à la table."), code="bots_only")
    levels = package.bot_levels
    for index, spec in enumerate(seats):
        if spec.kind not in Seat.Kind.values:
            raise InvalidSetup(
                _("Place %(n)d : type de joueur inconnu.") % {"n": index + 1}, code="seat_kind"
            )
        if spec.kind == Seat.Kind.BOT and spec.bot_level not in levels:
            raise InvalidSetup(
                _("Place %(n)d : niveau inconnu (choix : %(levels)s).")
                % {"n": index + 1, "levels": ", ".join(levels)},
                code="bot_level",
            )
        if spec.kind == Seat.Kind.BOT and spec.bot_level not in package.levels_for(len(seats)):
            raise InvalidSetup(
                level_not_offered_message(package, spec.bot_level, len(seats), seat=index + 1),
                code="level_not_offered",
                offered=list(package.levels_for(len(seats))),
            )
    _check_option_numbers(options)
    try:
        options = package.validate_options(seats=len(seats), options=options or {})
    except InvalidOptions as error:
        raise _options_refused(error) from None
    adapter = package.series
    match = Match(
        code=tokens.new_code(),
        game=game,
        engine=game.engine,
        options=options,
        seats_count=len(seats),
        seed=new_seed(),
        token_salt=token_salt or tokens.new_salt(),
        series=series if series is not None else (adapter.first(options) if adapter else None),
    )
    try:
        state = engine.new_game(
            seats=len(seats), options=match.options, rng=chance_for(match.seed, 0)
        )
    except InvalidOptions as error:
        raise _options_refused(error) from None
    match.state = engine.to_dict(state)
    bots = {i for i, spec in enumerate(seats) if spec.kind == Seat.Kind.BOT}
    match.bot_to_move = any(seat in bots for seat in engine.to_act(state))
    with transaction.atomic():
        match.save()
        Seat.objects.bulk_create(
            Seat(
                match=match,
                index=index,
                kind=spec.kind,
                name=spec.name[:60],
                bot_level=spec.bot_level if spec.kind == Seat.Kind.BOT else "",
                joined=spec.kind != Seat.Kind.INVITE,
            )
            for index, spec in enumerate(seats)
        )
    match_advance_bots(match=match, client=client)
    return match, tokens.token_for(match, tokens.HOST)


def _abandoned(*, older_than: timedelta, stale_after: timedelta):
    """Unfinished matches untouched (no move, undo, join or poll that let a bot move) for
    ``older_than`` that no person has played (bots may have opened), or for ``stale_after``
    whoever played them (a table left after a move or two)."""
    people_moved = MoveRecord.objects.filter(match=OuterRef("pk"), by_bot=False)
    now = timezone.now()
    unplayed = Q(updated_at__lt=now - older_than) & ~Q(Exists(people_moved))
    return Match.objects.filter(
        unplayed | Q(updated_at__lt=now - stale_after), status=Match.Status.ACTIVE
    )


def matches_purge_abandoned(
    *,
    older_than: timedelta,
    stale_after: timedelta | None = None,
    limit: int | None = None,
    dry_run: bool = False,
) -> int:
    """Delete abandoned matches (see :func:`_abandoned`; ``stale_after`` defaults to
    ``PLAY_STALE_AFTER``), at most ``limit``; how many there were (with ``dry_run``: how many
    would go, nothing deleted). Finished matches and matches in progress are kept; a series'
    earlier rounds lose only their link to a deleted next round (seats, moves and gesture
    challenges go with their match)."""
    if stale_after is None:
        stale_after = timedelta(seconds=settings.PLAY_STALE_AFTER)
    window = {"older_than": older_than, "stale_after": stale_after}
    matches = _abandoned(**window).order_by("pk")
    if dry_run:
        return matches.count() if limit is None else min(matches.count(), limit)
    deleted = 0
    while limit is None or deleted < limit:
        size = PURGE_BATCH if limit is None else min(PURGE_BATCH, limit - deleted)
        batch = list(matches.values_list("pk", flat=True)[:size])
        if not batch:
            break
        with transaction.atomic():
            # Checked again as they go: a move may have been played since the batch was read.
            _count, removed = _abandoned(**window).filter(pk__in=batch).delete()
        deleted += removed.get(Match._meta.label, 0)
        if len(batch) < size:
            break
    return deleted


def matches_purge_abandoned_if_due() -> int:
    """The purge, if no process has run it within ``PURGE_INTERVAL_SECONDS`` (a cache ``add``:
    one process wins), bounded to ``PURGE_BATCH`` matches. The ``purge_matches`` command does
    the same from cron, without the bound."""
    if not cache.add(PURGE_CACHE_KEY, True, timeout=PURGE_INTERVAL_SECONDS):
        return 0
    return matches_purge_abandoned(
        older_than=timedelta(seconds=settings.PLAY_ABANDONED_AFTER),
        stale_after=timedelta(seconds=settings.PLAY_STALE_AFTER),
        limit=PURGE_BATCH,
    )


def _check_option_numbers(options: Any) -> None:
    """No rules ever see a number the server does not take (1e400 read as infinity, NaN, 400
    digits): 400 ``invalid_options`` naming the option, before the game's own checks."""
    if not isinstance(options, dict):
        return  # the rules refuse it as a whole
    for name, value in options.items():
        if unrepresentable_path(value, "") is not None:
            raise option_number_refused(str(name))


def option_number_refused(option: str) -> InvalidSetup:
    """The answer to a table option holding a number the server does not take."""
    option = option[:40]
    return InvalidSetup(
        _("Option « %(option)s » refusée : ce nombre n'est pas pris en charge.")
        % {"option": option},
        code="invalid_options",
        option=option,
        field=f"options.{option}",
    )


def _options_refused(error: InvalidOptions) -> InvalidSetup:
    """The API's answer to options the rules refuse: the option named, the rules' reason."""
    if not error.option:
        return InvalidSetup(str(error), code="invalid_options")
    message = _("Option « %(option)s » refusée : %(reason)s") % {
        "option": error.option[:40],
        "reason": str(error)[:300],
    }
    return InvalidSetup(message, code="invalid_options", option=error.option[:40])


def match_next_round(
    *, match: Match, token: str | None, choice: str | None = None, client: str | None = None
) -> Match:
    """The next round of a finished series round (created once; later callers get the same)."""
    if match.next_round_id:
        return match.next_round
    adapter = get_game(match.engine).series
    if adapter is None or match.series is None:
        raise PlayError(_("Ce jeu ne se joue pas en plusieurs manches."), code="no_series")
    if match.status != Match.Status.FINISHED:
        raise PlayError(_("La manche n'est pas terminée."), code="match_not_over")
    controlled = controlled_seats(match, token)
    if not controlled and not tokens.is_host(match, token):
        raise SeatForbidden(_("Seuls les joueurs de la table lancent la manche suivante."))
    if choice and adapter.choices(match.series, match.outcome)["chooser"] not in controlled:
        raise SeatForbidden(_("Ce choix revient à l'autre joueur."))
    try:
        series, options = adapter.next(match.series, match.outcome, choice or None)
    except ValueError as error:
        raise PlayError(str(error), code="invalid_choice") from None
    seats = [SeatSpec(s.kind, s.name, s.bot_level) for s in match.seats.all()]
    with transaction.atomic():
        locked = Match.objects.select_for_update().get(pk=match.pk)
        if locked.next_round_id:  # another player was quicker
            return locked.next_round
        new, _token = match_start(
            game=match.game,
            seats=seats,
            options={**match.options, **options},
            series=series,
            token_salt=match.token_salt,
            client=client,
        )
        Seat.objects.filter(match=new, kind=Seat.Kind.INVITE).update(joined=True)
        locked.next_round = new
        locked.save(update_fields=["next_round"])
    match.next_round = new
    return new


def controlled_seats(match: Match, token: str | None) -> set[int]:
    return tokens.seats_for_token(match, token, match.seats.all())


def _check_seat(match: Match, token: str | None, seat: int) -> None:
    if seat not in controlled_seats(match, token):
        raise SeatForbidden(_("Ce lien ne permet pas de jouer à cette place."), seat=seat)


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
    _check_current(match, expected_version)
    _check_seat(match, token, seat)
    _apply(match, seat, move, expected_version, by_bot=False)
    match_advance_bots(match=match, client=client)
    return match


def _check_current(match: Match, expected_version: int) -> None:
    """Refuse to act on a finished match, or on a version the client no longer holds."""
    if match.status == Match.Status.FINISHED:
        raise MatchOver(_("La partie est terminée."))
    if expected_version != match.version:
        raise StaleVersion(STALE_MESSAGE, current_version=match.version)


def _apply(
    match: Match,
    seat: int,
    move: Any,
    expected_version: int,
    *,
    by_bot: bool,
    received_at=None,
) -> None:
    _check_current(match, expected_version)
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
        move, challenge = _measured(match, gesture, seat, move, expected_version, received_at)
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
        "bot_to_move": not outcome and _bot_to_move(match, engine, new_state),
    }
    _commit(match, expected_version, changes, add=record, challenge=challenge)


# -- timed gestures (a move's parameter measured by the server: a steadiness) -------------

GESTURE_KEYS = ("challenge", "press_ms")
_SYSTEM_RANDOM = random.SystemRandom()


def match_gesture_challenge(
    *, match: Match, token: str | None, seat: int, expected_version: int
) -> dict[str, Any]:
    """A new challenge for ``seat``'s next gesture move: what the page animates and answers."""
    _check_current(match, expected_version)
    _check_seat(match, token, seat)
    return challenge_data(_issue_challenge(match, seat))


def challenge_data(challenge: GestureChallenge) -> dict[str, Any]:
    return {
        "id": challenge.key,
        **challenge.params,
        "issued_at": challenge.issued_at.isoformat(),
        "version": challenge.version,
    }


def _issue_challenge(match: Match, seat: int) -> GestureChallenge:
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


def _measured(match: Match, gesture, seat: int, move: dict, expected_version: int, received_at):
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


def _bot_to_move(match: Match, engine, state) -> bool:
    bots = {s.index for s in match.seats.all() if s.kind == Seat.Kind.BOT}
    return any(seat in bots for seat in engine.to_act(state))


def _commit(
    match: Match,
    expected_version: int,
    changes: dict[str, Any],
    *,
    add=None,
    remove=None,
    challenge: GestureChallenge | None = None,
):
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
            # The position moves on (a move, an undo, the end): its challenges are spent.
            GestureChallenge.objects.filter(match_id=match.pk).delete()
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


def match_advance_bots(*, match: Match, client: str | None = None) -> None:
    """Queue the job that plays the bot's turn, if a bot is to move (:mod:`play.tasks`).

    With the database backend a worker plays it later; an immediate backend (tests) plays it,
    and the bot turns that follow, before returning — ``match`` is then reloaded."""
    if not match.bot_to_move or match.status != Match.Status.ACTIVE:
        return
    tasks.queue_bot_turn(match_id=match.pk, version=match.version, client=client or "")
    if not tasks.is_queued_by_database():
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
        if spent >= settings.PLAY_BOT_SLICE_SECONDS and tasks.others_waiting():
            tasks.queue_bot_turn(match_id=match.pk, version=match.version, client=client)
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
            challenge = _issue_challenge(match, seat)
            press = package.bot_press(challenge.params, level=bots[seat].bot_level, rng=rng)
            move = {**move, "challenge": challenge.key, "press_ms": press}
            received_at = challenge.issued_at + timedelta(milliseconds=math.ceil(press) + 1)
    try:
        _apply(match, seat, move, version, by_bot=True, received_at=received_at)
    except (StaleVersion, MatchOver):  # another worker played this turn first
        return None
    return match


def match_recover_bot_turn(
    *, match_id: int, version: int, updated_at, client: str | None = None
) -> bool:
    """Queue a bot turn again if it has waited longer than ``PLAY_BOT_RECOVERY_SECONDS`` with no
    live job (its worker was killed mid-search, or its job was lost). Whether it was queued."""
    cutoff = tasks.recovery_cutoff()
    if updated_at >= cutoff or not tasks.is_queued_by_database():
        return False
    if tasks.live_job(match_id=match_id, version=version, since=cutoff):
        return False
    tasks.queue_bot_turn(match_id=match_id, version=version, client=client or "")
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


def _bot_move(package, state, seat: int, *, level: str, seconds: float, rng) -> dict[str, Any]:
    """The bot's move; a forced move needs no thought."""
    moves = package.engine.legal_moves(state, seat)
    if len(moves) == 1:
        return moves[0]
    return package.bot_move(state, seat, level=level, rng=rng, seconds=seconds)


def match_undo(*, match: Match, token: str | None, seat: int, expected_version: int) -> Match:
    """Take back ``seat``'s last move (:func:`play.selectors.undo_start` says which moves go
    back: against the computer alone, the bots' answers to it too; never across chance, nor past
    a bot's answer in a game with hidden information)."""
    _check_seat(match, token, seat)
    _check_current(match, expected_version)
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
        "bot_to_move": _bot_to_move(match, engine, state),
    }
    removed = MoveRecord.objects.filter(match=match, ply__gt=start)
    _commit(match, expected_version, changes, remove=removed)
    match_advance_bots(match=match)
    return match


def match_rematch(*, match: Match, token: str | None, client: str | None = None) -> Match:
    """« Rejouer »: a new match of the same game, options and seats, once this one is over.

    Created once: whoever asks later (the friend at another seat) gets the same one. It keeps
    the table's token salt, so every seat's link — the host's, each friend's — controls the same
    seat in the new match; each page finds it in its next poll (``rematch``) and follows it with
    the token it already holds, and nobody receives another seat's token.
    """
    if match.rematch_id:
        return match.rematch
    if match.status != Match.Status.FINISHED:
        raise PlayError(_("La partie n'est pas terminée."), code="match_not_over")
    if not controlled_seats(match, token):
        raise SeatForbidden(_("Seuls les joueurs de la table peuvent rejouer."))
    seats = [SeatSpec(s.kind, s.name, s.bot_level) for s in match.seats.all()]
    with transaction.atomic():
        locked = Match.objects.select_for_update().get(pk=match.pk)
        if locked.rematch_id:  # another player was quicker
            match.rematch = locked.rematch
            return locked.rematch
        new, _token = match_start(
            game=match.game,
            seats=seats,
            options=dict(match.options),
            token_salt=match.token_salt,
            client=client,
        )
        Seat.objects.filter(match=new, kind=Seat.Kind.INVITE).update(joined=True)
        # A new version: every page still polling the old match learns about the new one.
        Match.objects.filter(pk=match.pk).update(
            rematch=new, version=F("version") + 1, updated_at=timezone.now()
        )
    match.refresh_from_db()
    return new


def seat_join(*, match: Match, token: str | None, seat: int, name: str) -> Seat:
    """A friend who opened an invite link takes their seat (and gives a name)."""
    _check_seat(match, token, seat)
    target = match.seats.get(index=seat)
    target.name = name.strip()[:60] or target.name
    target.joined = True
    with transaction.atomic():
        target.save(update_fields=["name", "joined"])
        # A new version tells every polling page that the table changed (and ends the old
        # version's challenges: a move answering one would be stale).
        Match.objects.filter(pk=match.pk).update(
            version=F("version") + 1, updated_at=timezone.now()
        )
        GestureChallenge.objects.filter(match=match).delete()
    match.refresh_from_db()
    return target
