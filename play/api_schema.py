"""OpenAPI description of the play API: the match as a client sees it, and the error shape."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, inline_serializer
from rest_framework import serializers

PlayErrorSerializer = inline_serializer(
    "PlayError",
    fields={
        "code": serializers.CharField(
            help_text="Stable code: invalid_setup, seat_count, seat_kind, bot_level, "
            "level_not_offered, invalid_options, invalid_number, no_engine, seat_token_invalid, "
            "illegal_move, stale_version, match_over, undo_refused, match_not_found, "
            "match_not_over, no_series, invalid_choice, busy."
        ),
        "message": serializers.CharField(help_text="Human-readable, in the request's language."),
        "rule": serializers.CharField(
            required=False, help_text="With illegal_move: the rule the move breaks."
        ),
        "option": serializers.CharField(
            required=False, help_text="With invalid_options: the option refused."
        ),
        "rule_url": serializers.URLField(
            required=False,
            allow_null=True,
            help_text="With illegal_move: the address of the rule the move breaks (the game's "
            "page at the rule's anchor); null when the game's rule book has none for it.",
        ),
        "field": serializers.CharField(
            required=False,
            help_text="With invalid_number: where the number was, as a path (`seat`, "
            "`expected_version`, `move.press_ms`, `move.cards.0`). A number the server does not "
            "take: an integer beyond ±(2^53 − 1) (or a seat or version out of its range), "
            "infinity (JSON's 1e400), NaN, -0.0, a boolean or a string where an integer is "
            "expected. Also with invalid_options (`options.<name>`).",
        ),
        "reason": serializers.CharField(
            required=False,
            help_text="With undo_refused: why (not_your_last_move, chance_or_reveal, "
            "hidden_information: a bot's answer depended on secret cards or tiles).",
        ),
        "offered": serializers.ListField(
            child=serializers.CharField(),
            required=False,
            help_text="With level_not_offered: the levels offered at that table size, weakest "
            "first.",
        ),
        "current_version": serializers.IntegerField(
            required=False, help_text="With stale_version: the match's version now."
        ),
    },
)

SEAT_TOKEN = OpenApiParameter(
    "X-Seat-Token",
    OpenApiTypes.STR,
    location=OpenApiParameter.HEADER,
    required=False,
    description="The secret of a seat link (the `jeton` of `/parties/<code>/#jeton=…`). "
    "Without it: the public (spectator) view; with it: that seat's view and moves.",
)
SEAT_QUERY = OpenApiParameter(
    "seat",
    OpenApiTypes.INT,
    required=False,
    description="Whose view, among the seats the token controls (hot-seat); default: the "
    "controlled seat that must act.",
)

MatchStateSerializer = inline_serializer(
    "MatchState",
    fields={
        "code": serializers.CharField(),
        "game": serializers.DictField(help_text="slug, title, page_url"),
        "engine": serializers.CharField(),
        "options": serializers.DictField(),
        "version": serializers.IntegerField(help_text="Send it back as expected_version."),
        "plies": serializers.IntegerField(),
        "status": serializers.CharField(help_text="active or finished"),
        "seats": serializers.ListField(child=serializers.DictField()),
        "to_act": serializers.ListField(child=serializers.IntegerField()),
        "viewer": serializers.IntegerField(allow_null=True),
        "controlled": serializers.ListField(child=serializers.IntegerField()),
        "view": serializers.DictField(help_text="The engine's view for `viewer` (or public)."),
        "legal_moves": serializers.ListField(child=serializers.DictField()),
        "log": serializers.ListField(child=serializers.DictField()),
        "recent": serializers.DictField(
            allow_null=True,
            help_text="The moves made since the viewer's last one (bots, friends), at most 12: "
            "`before` (the public view before them) and `moves` (log entries, each with `view`, "
            "the public view after it); null when there are none.",
        ),
        "outcome": serializers.DictField(allow_null=True),
        "can_undo": serializers.BooleanField(
            help_text="Whether `undo/` would be accepted now (against the computer alone, your "
            "last move and the bots' answers go back; never across chance, nor past a bot's "
            "answer in a game with hidden information)."
        ),
        "undo_seat": serializers.IntegerField(
            allow_null=True, help_text="The seat to send to `undo/` (null: no undo)."
        ),
        "undo_refused": serializers.DictField(
            allow_null=True,
            help_text="Why undo is not offered although a move of yours was there to take back: "
            "`reason` (chance_or_reveal, hidden_information) and `message` (in words); null "
            "otherwise.",
        ),
        "prompt": serializers.CharField(
            help_text="What the viewer's seat is asked to do now, in the game's words."
        ),
        "ending": serializers.DictField(
            allow_null=True,
            help_text="Once over: `reason` (why it ended, in words) and `scores` (each seat's "
            "score as text, or null).",
        ),
        "rematch": serializers.CharField(
            allow_null=True, help_text="The page of the new match of the same table, once started."
        ),
        "hidden_information": serializers.BooleanField(),
        "seed": serializers.CharField(required=False, help_text="Only once the match is over."),
        "invites": serializers.ListField(
            child=serializers.DictField(), required=False, help_text="Only for the creator."
        ),
        "series": serializers.DictField(required=False),
        "next_round": serializers.CharField(required=False, allow_null=True),
        "series_next": serializers.DictField(required=False),
        "bot_queue": serializers.DictField(
            allow_null=True,
            help_text="While a bot's turn waits for a worker: `position` (jobs before it) and "
            "`busy` (it has waited more than a few seconds: the page says the computer is "
            "busy); null otherwise.",
        ),
        "token": serializers.CharField(required=False, help_text="On creation only."),
        "url": serializers.CharField(required=False, help_text="On creation only."),
    },
)


def play_errors(*codes: int) -> dict[int, OpenApiResponse]:
    described = {
        400: "Invalid input (field by field; a number the server does not take: "
        "`invalid_number` with its `field`) or a refused action (`code`, `rule`).",
        403: "The seat token does not control that seat.",
        404: "No such match or game.",
        409: "Stale version (another move came first) or the match is over.",
        429: "Too many requests.",
    }
    return {
        code: OpenApiResponse(PlayErrorSerializer, description=described[code]) for code in codes
    }
