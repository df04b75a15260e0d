"""Reading matches: what a given browser (by its seat token) may see of a match."""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from play.engines.base import Outcome, chance_for
from play.games.registry import get_game

from . import tokens
from .errors import PlayError, SeatForbidden, UndoRefused
from .models import Match, MoveRecord, Seat
from .texts import player_label, seat_label


class MatchNotFound(PlayError):
    status = 404
    code = "match_not_found"


def match_get(*, code: str) -> Match:
    try:
        # Its seats come with it: the token's check, the bots' turn and the answer all read them.
        matches = Match.objects.select_related("game", "next_round", "rematch")
        return matches.prefetch_related("seats").get(code=code)
    except Match.DoesNotExist:
        raise MatchNotFound(_("Aucune partie ne porte ce code.")) from None


def match_poll_get(*, code: str) -> dict[str, Any]:
    """What a poll needs before building anything, from one small query: the match's ``pk``,
    ``version``, ``status``, ``bot_to_move`` and ``updated_at``."""
    row = (
        Match.objects.filter(code=code)
        .values("pk", "version", "status", "bot_to_move", "updated_at")
        .first()
    )
    if row is None:
        raise MatchNotFound(_("Aucune partie ne porte ce code."))
    return row


def _viewer(match: Match, controlled: set[int], to_act: tuple[int, ...], seat: int | None):
    if seat is not None:
        if seat not in controlled:
            raise SeatForbidden(_("Ce lien ne permet pas de voir cette place."), seat=seat)
        return seat
    acting = [s for s in to_act if s in controlled]
    if acting:
        return acting[0]
    return min(controlled) if controlled else None


def _moves_of_snapshot(match: Match):
    """The moves that led to the loaded snapshot: a move committed since the row was read is
    left out, so the log, the position and the version of one answer always agree."""
    return match.moves.filter(ply__lte=match.plies)


def replay(match: Match, moves: list[MoveRecord] | None = None, *, states: list | None = None):
    """The state after ``moves`` (default: all), rebuilt from the seed alone.

    With ``states`` (a list), every intermediate state is appended to it, start included.
    """
    engine = get_game(match.engine).engine
    moves = list(match.moves.order_by("ply")) if moves is None else moves
    state = engine.new_game(
        seats=match.seats_count, options=match.options, rng=chance_for(match.seed, 0)
    )
    if states is not None:
        states.append(state)
    for record in moves:
        state = engine.play(state, record.seat, record.move, chance_for(match.seed, record.ply))
        if states is not None:
            states.append(state)
    return state


# How many of the latest moves a page may step through (opponents' moves since one's own).
RECENT_LIMIT = 12


def match_log(match: Match) -> list[dict[str, Any]]:
    """The public move log in the active language (replayed: descriptions need the position)."""
    return _history(match)[0]


@dataclass
class _Replayed:
    """A match's history as far as this process last replayed it, in one language."""

    signature: list[tuple[int, int, Any]]  # (ply, seat, move) of every move replayed
    texts: list[str]  # each move's description
    states: list  # the last RECENT_LIMIT + 1 states (start included while the game is short)


class _States:
    """The states of a history by index from the start, of which only the last few are kept."""

    def __init__(self, tail: list, total: int):
        self.tail, self.offset = tail, total - len(tail)

    def __getitem__(self, index: int):
        if index < self.offset:
            raise IndexError(f"state {index} is no longer kept")
        return self.tail[index - self.offset]


#: Histories kept by each process (a web worker): a poll then replays only the moves made since
#: this process last showed the match, not the whole game from its seed.
HISTORY_CACHE_SIZE = 256
_histories: OrderedDict[tuple[str, str], _Replayed] = OrderedDict()
_histories_lock = threading.Lock()


def _history(match: Match) -> tuple[list[dict[str, Any]], _States, list[MoveRecord]]:
    """The log, the states (the last ``RECENT_LIMIT + 1`` of them) and the moves themselves.

    Replays are deterministic (the seed and each ply's own chance), so a history whose moves
    begin with those this process replayed before goes on from its last state; any other (an
    undo replaced moves) is replayed from the start."""
    package = get_game(match.engine)
    engine = package.engine
    moves = list(_moves_of_snapshot(match).order_by("ply"))
    signature = [(record.ply, record.seat, record.move) for record in moves]
    key = (match.code, get_language() or "")
    with _histories_lock:
        known = _histories.get(key)
    if known is None or signature[: len(known.signature)] != known.signature:
        state = engine.new_game(
            seats=match.seats_count, options=match.options, rng=chance_for(match.seed, 0)
        )
        known = _Replayed(signature=[], texts=[], states=[state])
    start = len(known.signature)
    states, texts = list(known.states), list(known.texts)
    for record in moves[start:]:
        before = states[-1]
        after = engine.play(before, record.seat, record.move, chance_for(match.seed, record.ply))
        texts.append(package.describe_move(before, after, record.seat, record.move))
        states.append(after)
    states = states[-(RECENT_LIMIT + 1) :]
    with _histories_lock:
        _histories[key] = _Replayed(signature=signature, texts=texts, states=states)
        _histories.move_to_end(key)
        while len(_histories) > HISTORY_CACHE_SIZE:
            _histories.popitem(last=False)
    log = [
        {"ply": record.ply, "seat": record.seat, "by_bot": record.by_bot, "text": texts[i]}
        for i, record in enumerate(moves)
    ]
    return log, _States(states, len(moves) + 1), moves


def _recent(engine, log, states, moves, controlled: set[int]) -> dict[str, Any] | None:
    """The moves made since the last one of a seat in ``controlled`` (a bot's, a friend's), each
    with the position after it, so that the page can show them one at a time.

    Positions are the public view: the screen may be shared (hot-seat), and a step is shown to
    whoever looks, so nothing hidden goes into it."""
    start = len(moves)
    while start > 0 and moves[start - 1].seat not in controlled:
        start -= 1
    start = max(start, len(moves) - RECENT_LIMIT)
    if start == len(moves):
        return None
    return {
        "before": engine.view(states[start], None),
        "moves": [
            {**log[i], "view": engine.view(states[i + 1], None)} for i in range(start, len(moves))
        ],
    }


NOT_YOUR_LAST_MOVE = gettext_lazy(
    "Seul votre dernier coup peut être repris, avant qu'un autre joueur ait joué."
)
NOT_ACROSS_CHANCE = gettext_lazy(
    "Impossible de reprendre ce coup : depuis, le hasard est intervenu (un dé, une carte ou une "
    "pierre tirée) ou une information cachée a été révélée."
)
NOT_PAST_HIDDEN_REPLY = gettext_lazy(
    "Annulation impossible : l'ordinateur a déjà répondu, et sa réponse dépend de cartes ou de "
    "tuiles cachées ; reprendre le coup permettrait de les deviner."
)


def undo_start(
    moves: list[MoveRecord],
    seats: list[Seat],
    controlled: set[int],
    *,
    hidden_information: bool = False,
) -> int:
    """Where an undo by the holder of ``controlled`` would cut the move list (the index of the
    first move taken back), or :class:`UndoRefused` saying why it may not.

    Against the computer alone (every other seat a bot), the player's last move goes back with
    the bots' answers to it; with another person at the table, only one's own last move, before
    they answered. Never across chance or a reveal: a move that drew from the match's random
    generator (a die, a card, a tile) or showed hidden information is a barrier. In a game with
    ``hidden_information`` (secret cards, face-down tiles), a bot's answer is a barrier too:
    each answer depends on what the bot holds or its search drew from the hidden part, so trying
    several moves against the same answers would probe those secrets.
    """
    others = [s for s in seats if s.index not in controlled]
    against_bots = all(s.kind == Seat.Kind.BOT for s in others)
    start = len(moves) - 1
    if against_bots:
        while start >= 0 and (moves[start].by_bot or moves[start].seat not in controlled):
            start -= 1
    elif start >= 0 and (moves[start].by_bot or moves[start].seat not in controlled):
        start = -1
    if start < 0:
        raise UndoRefused(NOT_YOUR_LAST_MOVE, reason="not_your_last_move")
    if any(m.chance or m.reveals for m in moves[start:]):
        raise UndoRefused(NOT_ACROSS_CHANCE, reason="chance_or_reveal")
    if hidden_information and any(m.by_bot for m in moves[start:]):
        raise UndoRefused(NOT_PAST_HIDDEN_REPLY, reason="hidden_information")
    return start


#: Refusals the page explains beside the missing undo button (a move of the player's own was
#: there to take back); « nothing of yours to take back » goes without saying.
EXPLAINED_UNDO_REFUSALS = ("chance_or_reveal", "hidden_information")


def _undo(moves, seats, controlled, finished: bool, hidden_information: bool):
    """The seat whose move an undo would take back now (``None`` when refused), and the refusal
    the page explains (``{"reason", "message"}``) or ``None``."""
    if finished or not controlled:
        return None, None
    try:
        start = undo_start(moves, seats, controlled, hidden_information=hidden_information)
    except UndoRefused as refusal:
        reason = refusal.details.get("reason")
        if reason not in EXPLAINED_UNDO_REFUSALS:
            return None, None
        return None, {"reason": reason, "message": refusal.message}
    return moves[start].seat, None


def _outcome_words(package, state, outcome: dict[str, Any] | None) -> dict[str, Any] | None:
    """The end screen's words: why the game ended, and each seat's score as the game counts it."""
    if outcome is None:
        return None
    result = Outcome.from_dict(outcome)
    scores = result.scores
    return {
        "reason": package.outcome_reason(state, result),
        "scores": None if scores is None else [package.score_text(score) for score in scores],
    }


def match_state(*, match: Match, token: str | None, seat: int | None = None) -> dict[str, Any]:
    """Everything the play page shows, as the holder of ``token`` may see it."""
    package = get_game(match.engine)
    engine = package.engine
    state = engine.from_dict(match.state)
    roles = package.seat_role_labels(state)
    seats = list(match.seats.all())
    controlled = tokens.seats_for_token(match, token, seats)
    to_act = engine.to_act(state)
    viewer = _viewer(match, controlled, to_act, seat)
    finished = match.status == Match.Status.FINISHED
    log, states, moves = _history(match)
    undo_seat, undo_refused = _undo(
        moves, seats, controlled, finished, engine.info.hidden_information
    )
    data: dict[str, Any] = {
        "code": match.code,
        "game": {
            "slug": match.game.slug,
            "title": match.game.title,
            "page_url": match.game.get_absolute_url(),
        },
        "engine": match.engine,
        "options": match.options,
        "version": match.version,
        "plies": match.plies,
        "status": match.status,
        "seats": _seats_data(seats, roles, controlled),
        "to_act": list(to_act),
        "viewer": viewer,
        "controlled": sorted(controlled),
        "view": engine.view(state, viewer),
        "legal_moves": (
            package.client_moves(engine.legal_moves(state, viewer), match.options)
            if viewer in to_act
            else []
        ),
        "log": log,
        "recent": _recent(engine, log, states, moves, controlled),
        "outcome": match.outcome,
        "can_undo": undo_seat is not None,
        "undo_seat": undo_seat,
        "undo_refused": undo_refused,
        "prompt": package.prompt(state, viewer) if viewer in to_act else "",
        "ending": _outcome_words(package, state, match.outcome if finished else None),
        "rematch": (reverse("play:match", args=[match.rematch.code]) if match.rematch_id else None),
        "hidden_information": engine.info.hidden_information,
    }
    if finished:
        # The seed is revealed only once nothing is left to hide.
        data["seed"] = match.seed
    if match.series is not None:
        data.update(_series_data(match, package, finished))
    if tokens.is_host(match, token):
        data["invites"] = _invites(match, seats)
    return data


def _seats_data(seats: list[Seat], roles, controlled: set[int]) -> list[dict[str, Any]]:
    """The table's seats as the page lists them (``yours``: controlled by the viewer's token)."""
    return [
        {
            "index": s.index,
            "label": seat_label(s.index, roles[s.index] if s.index < len(roles) else ""),
            "player": player_label(s.index, s.name),
            "role": roles[s.index] if s.index < len(roles) else "",
            "kind": s.kind,
            "name": s.name,
            "bot_level": s.bot_level,
            "joined": s.joined,
            "yours": s.index in controlled,
        }
        for s in seats
    ]


def _series_data(match: Match, package, finished: bool) -> dict[str, Any]:
    """A series round's place in its series: the rounds' winners, the next round (or its
    choices, once this one is over)."""
    data: dict[str, Any] = {"series": match.series}
    data["next_round"] = (
        reverse("play:match", args=[match.next_round.code]) if match.next_round_id else None
    )
    adapter = package.series
    if adapter is not None:
        data["series_winners"] = adapter.round_winners(
            match.series, match.outcome if finished else None
        )
    if finished and adapter and not match.next_round_id:
        data["series_next"] = adapter.choices(match.series, match.outcome)
    return data


def _invites(match: Match, seats: list[Seat]) -> list[dict[str, Any]]:
    """The invite links of the table's friends' seats (for the host only)."""
    return [
        {
            "seat": s.index,
            "url": reverse("play:match", args=[match.code])
            + f"#jeton={tokens.token_for(match, tokens.controller_for(s))}",
            "joined": s.joined,
        }
        for s in seats
        if s.kind == Seat.Kind.INVITE
    ]


def match_legal_moves(*, match: Match, token: str | None, seat: int | None = None) -> dict:
    """The moves the token's seat may make now (no log replay: just the snapshot)."""
    package = get_game(match.engine)
    engine = package.engine
    state = engine.from_dict(match.state)
    to_act = engine.to_act(state)
    viewer = _viewer(match, tokens.seats_for_token(match, token, match.seats.all()), to_act, seat)
    moves = engine.legal_moves(state, viewer) if viewer in to_act else []
    moves = package.client_moves(moves, match.options)
    return {"seat": viewer, "version": match.version, "legal_moves": moves}


def match_replay(*, match: Match) -> dict[str, Any]:
    """Every public position of a finished match, move by move, for the replay page."""
    if match.status != Match.Status.FINISHED:
        raise PlayError(
            _("Le déroulé complet n'est visible qu'une fois la partie terminée."),
            code="match_not_over",
        )
    engine = get_game(match.engine).engine
    states: list = []
    replay(match, states=states)
    return {
        "code": match.code,
        "engine": match.engine,
        "seed": match.seed,
        "log": match_log(match),
        "positions": [engine.view(state, None) for state in states],
        "outcome": match.outcome,
    }


def scenario_states(package, scenario) -> list:
    """The states of a record's example: its start, then the state after each step."""
    engine = package.engine
    if scenario.state is not None:
        state = engine.from_dict(scenario.state)
    else:
        state = engine.new_game(
            seats=scenario.seats, options=scenario.options, rng=chance_for(scenario.seed, 0)
        )
    states = [state]
    for ply, step in enumerate(scenario.steps, start=1):
        state = engine.play(state, step.seat, step.move, chance_for(scenario.seed, ply))
        states.append(state)
    return states


def scenario_data(package, scenario) -> dict[str, Any]:
    """What the page that steps through an example needs: public views, roles, the words."""
    states = scenario_states(package, scenario)
    return {
        "engine": package.slug,
        "positions": [package.engine.view(state, None) for state in states],
        "roles": package.seat_role_labels(states[0]),
        "steps": [str(step.words) for step in scenario.steps],
    }


def match_with_game(*, code: str) -> Match | None:
    """The match ``code`` with its catalogue game (for addresses on the game's page), or None."""
    return Match.objects.select_related("game").filter(code=code[:40]).first()
