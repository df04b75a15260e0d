"""Tables: starting a match, a series' next round, a rematch, a friend taking their seat."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from play import tokens
from play.engines.base import InvalidOptions, chance_for
from play.errors import InvalidSetup, PlayError, SeatForbidden, unrepresentable_path
from play.games.registry import get_game
from play.models import Match, Seat

from .bot_turns import match_advance_bots
from .gestures import challenges_spend
from .guards import check_seat, controlled_seats
from .purge import matches_purge_abandoned_if_due


@dataclass(frozen=True)
class SeatSpec:
    kind: str  # Seat.Kind: local, invite or bot
    name: str = ""
    bot_level: str = ""


def new_seed() -> str:
    """A new match's random seed (tests replace this to replay a chosen deal)."""
    return secrets.token_hex(16)


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
    _check_seats(game, package, seats, bots_only_allowed=bots_only_allowed)
    options = _valid_options(package, len(seats), options)
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


def _check_seats(game, package, seats: list[SeatSpec], *, bots_only_allowed: bool) -> None:
    """Refuse (:class:`InvalidSetup`) a table the game cannot seat: too few or too many players,
    bots alone, an unknown kind of player, a level unknown or not offered at that count."""
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


def _valid_options(package, seats: int, options: dict[str, Any] | None) -> dict[str, Any]:
    """The table's options as the rules take them (defaults filled in), or InvalidSetup."""
    _check_option_numbers(options)
    try:
        return package.validate_options(seats=seats, options=options or {})
    except InvalidOptions as error:
        raise _options_refused(error) from None


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
    check_seat(match, token, seat)
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
        challenges_spend(match)
    match.refresh_from_db()
    return target
