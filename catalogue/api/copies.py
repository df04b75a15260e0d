"""The librarians' copies API: the status of a copy by barcode, and many at once.

``GET``/``PUT``/``PATCH /api/v1/copies/<barcode>/`` and ``POST /api/v1/copies/bulk/``, for the
library system to report loans and returns day to day. Every write goes through
:func:`catalogue.copies.copies_update`: all or nothing, and idempotent — sending the same
state again answers 200 and writes nothing (same ``updated_at``, no search index change).

Errors are the API's shape (``detail``, ``code``, ``message``) with, for a bulk update, the
``index`` and ``barcode`` of the item refused; nothing is written on any refusal.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.permissions import BasePermission
from rest_framework.response import Response

from catalogue.copies import (
    BARCODE_MAX,
    BULK_MAX,
    STATUSES,
    CopyRefused,
    CopyUpdate,
    copies_update,
    normalise_barcode,
)
from catalogue.models import Copy
from core.api.schema import RETRY_AFTER, errors
from core.api.views import BaseAPIView
from core.parsers import JSONParser

# --------------------------------------------------------------------------- representations


class CopyGameSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    title = serializers.CharField()


class CopySerializer(serializers.Serializer):
    """A copy as librarians see it (with its barcode)."""

    barcode = serializers.CharField()
    game = CopyGameSerializer()
    call_number = serializers.CharField(help_text="The « cote ».")
    location = serializers.CharField(help_text="Where it is kept (« localisation »).")
    section = serializers.CharField()
    loan_type = serializers.CharField(help_text="Circulation category (« type de prêt »).")
    status = serializers.ChoiceField(choices=Copy.Status.choices)
    due_date = serializers.DateField(allow_null=True, help_text="Only with on_loan.")
    status_changed_at = serializers.DateTimeField(
        allow_null=True, help_text="Last set through this API (null: only imports have)."
    )
    updated_at = serializers.DateTimeField()


class CopyUpdateSerializer(serializers.Serializer):
    status = serializers.ChoiceField(
        choices=Copy.Status.choices,
        help_text="available (« disponible »), on_loan (« en prêt »), repair (« en "
        "réparation »), excluded (« exclu du prêt »).",
    )
    due_date = serializers.DateField(
        required=False,
        allow_null=True,
        help_text="YYYY-MM-DD, the expected return; only with on_loan (absent or null: none).",
    )


class CopyUpdateAnswerSerializer(CopySerializer):
    changed = serializers.BooleanField(help_text="false: the copy was already so.")


class BulkItemSerializer(CopyUpdateSerializer):
    barcode = serializers.CharField(max_length=BARCODE_MAX)


class BulkRequestSerializer(serializers.Serializer):
    copies = BulkItemSerializer(many=True, help_text=f"1 to {BULK_MAX} updates.")


class BulkAnswerSerializer(serializers.Serializer):
    changed = serializers.IntegerField(help_text="How many copies changed (0 on a replay).")
    copies = CopySerializer(many=True)


class CopyErrorSerializer(serializers.Serializer):
    detail = serializers.CharField()
    code = serializers.CharField(
        help_text="invalid_body, unknown_field, missing_field, unknown_status, invalid_date, "
        "due_date_not_on_loan, invalid_barcode, duplicate_barcode, unknown_barcode, too_many."
    )
    message = serializers.CharField()
    index = serializers.IntegerField(required=False, help_text="The bulk item refused.")
    barcode = serializers.CharField(required=False)


def copy_data(copy: Copy) -> dict[str, Any]:
    return {
        "barcode": copy.barcode,
        "game": {"slug": copy.game.slug, "title": copy.game.title},
        "call_number": copy.call_number,
        "location": copy.location,
        "section": copy.section,
        "loan_type": copy.loan_type,
        "status": copy.status,
        "due_date": copy.due_date.isoformat() if copy.due_date else None,
        "status_changed_at": _time(copy.status_changed_at),
        "updated_at": _time(copy.updated_at),
    }


def _time(value: datetime.datetime | None) -> str | None:
    return serializers.DateTimeField().to_representation(value) if value else None


# --------------------------------------------------------------------------- input


class Refused(Exception):
    def __init__(self, code: str, message: str, http: int = 400, **extra):
        self.code, self.message, self.http, self.extra = code, message, http, extra


def _refusal(error: Refused) -> Response:
    body = {"detail": error.message, "code": error.code, "message": error.message, **error.extra}
    return Response(body, status=error.http)


def _barcode(value: Any, **where) -> str:
    if not isinstance(value, str):
        raise Refused("invalid_barcode", _("Le code-barres doit être un texte."), **where)
    barcode = normalise_barcode(value)
    if not barcode or len(barcode) > BARCODE_MAX:
        message = _("Code-barres vide ou trop long (au plus %(n)d caractères).") % {
            "n": BARCODE_MAX
        }
        raise Refused("invalid_barcode", message, **where)
    return barcode


def _update(
    item: Any,
    copy_barcode: str,
    *,
    current: Copy | None = None,
    keys: tuple[str, ...] = ("status", "due_date"),
    **where,
) -> CopyUpdate:
    """One update from a JSON object; ``current``: a PATCH's copy (fields not sent are kept)."""
    if not isinstance(item, dict):
        raise Refused("invalid_body", _("Un objet JSON est attendu."), **where)
    unknown = sorted(str(key)[:40] for key in item if key not in keys)
    if unknown:
        message = _("Champ inconnu : %(names)s (attendus : %(known)s).") % {
            "names": ", ".join(unknown),
            "known": ", ".join(keys),
        }
        raise Refused("unknown_field", message, **where)
    if "status" not in item and current is None:
        raise Refused("missing_field", _("Le champ « status » est obligatoire."), **where)
    state = item.get("status", current.status if current else None)
    if not isinstance(state, str) or state not in STATUSES:
        message = _("Statut inconnu « %(status)s » (attendu : %(known)s).") % {
            "status": str(state)[:40],
            "known": ", ".join(STATUSES),
        }
        raise Refused("unknown_status", message, **where)
    if "due_date" in item:
        due = _date(item["due_date"], **where)
    elif current is not None and "status" not in item:
        due = current.due_date
    else:
        due = None
    return CopyUpdate(barcode=copy_barcode, status=state, due_date=due)


def _date(value: Any, **where) -> datetime.date | None:
    if value is None:
        return None
    if isinstance(value, str) and len(value) == 10 and value.isascii():
        try:
            return datetime.date.fromisoformat(value)
        except ValueError:
            pass
    message = _("Date de retour invalide « %(value)s » (attendu : AAAA-MM-JJ).") % {
        "value": str(value)[:40]
    }
    raise Refused("invalid_date", message, **where)


def _apply(updates: list[CopyUpdate]):
    try:
        return copies_update(updates=updates)
    except CopyRefused as error:
        extra = {"barcode": error.barcode}
        if error.index is not None:
            extra["index"] = error.index
        raise Refused(error.code, error.message, **extra) from None


# --------------------------------------------------------------------------- views


class CopyPermission(BasePermission):
    """Librarians: « view copy » to read, « change copy » to write."""

    def has_permission(self, request, view) -> bool:
        user = request.user
        if not (user and user.is_authenticated):
            return False
        action = "view" if request.method in ("GET", "HEAD", "OPTIONS") else "change"
        return user.has_perm(f"catalogue.{action}_copy")


BARCODE = OpenApiParameter(
    "barcode", str, OpenApiParameter.PATH, description="The copy's barcode (« code-barres »)."
)
WRITE_ERRORS = {
    400: OpenApiResponse(CopyErrorSerializer, description="Refused: nothing written."),
    **errors(401, 403, 429),
}


class CopyDetailView(BaseAPIView):
    permission_classes = [CopyPermission]
    parser_classes = [JSONParser]

    def _copy(self, barcode: str) -> Copy:
        barcode = _barcode(barcode, http=404)
        copy = Copy.objects.select_related("game").filter(barcode=barcode).first()
        if copy is None:
            message = _("Aucun exemplaire ne porte le code-barres « %(barcode)s ».") % {
                "barcode": barcode
            }
            raise Refused("unknown_barcode", message, http=404, barcode=barcode)
        return copy

    @extend_schema(
        operation_id="copies_read",
        summary="One copy by barcode (librarians)",
        description="Needs « view copy ».",
        parameters=[BARCODE, RETRY_AFTER],
        responses={200: CopySerializer, 404: CopyErrorSerializer, **errors(401, 403, 429)},
        tags=["copies"],
    )
    def get(self, request, barcode: str):
        try:
            return Response(copy_data(self._copy(barcode)))
        except Refused as error:
            return _refusal(error)

    def _write(self, request, barcode: str, *, partial: bool) -> Response:
        try:
            copy = self._copy(barcode)
            update = _update(request.data, copy.barcode, current=copy if partial else None)
            result = _apply([update])
        except Refused as error:
            return _refusal(error)
        copy = Copy.objects.select_related("game").get(pk=result.copies[0].pk)
        return Response({**copy_data(copy), "changed": bool(result.changed)})

    @extend_schema(
        operation_id="copies_set_status",
        summary="Set a copy's status (librarians)",
        description="Needs « change copy ». The whole state: `status`, and `due_date` with "
        "on_loan (absent: none). Idempotent: the same state again answers 200 with "
        "`changed: false` and writes nothing. An unknown barcode is a 404 "
        "(`unknown_barcode`); an unknown status, a bad date or a date with another status "
        "than on_loan a 400 naming it.",
        parameters=[BARCODE, RETRY_AFTER],
        request=CopyUpdateSerializer,
        responses={200: CopyUpdateAnswerSerializer, 404: CopyErrorSerializer, **WRITE_ERRORS},
        tags=["copies"],
    )
    def put(self, request, barcode: str):
        return self._write(request, barcode, partial=False)

    @extend_schema(
        operation_id="copies_update_status",
        summary="Change a copy's status or return date (librarians)",
        description='As PUT, but what is not sent is kept: `{"due_date": "2026-12-27"}` '
        "extends a loan; a new `status` without `due_date` clears the date.",
        parameters=[BARCODE, RETRY_AFTER],
        request=CopyUpdateSerializer(partial=True),
        responses={200: CopyUpdateAnswerSerializer, 404: CopyErrorSerializer, **WRITE_ERRORS},
        tags=["copies"],
    )
    def patch(self, request, barcode: str):
        return self._write(request, barcode, partial=True)


class CopyBulkView(BaseAPIView):
    permission_classes = [CopyPermission]
    parser_classes = [JSONParser]

    @extend_schema(
        operation_id="copies_bulk_update",
        summary="Set the status of many copies at once (librarians)",
        description=f'Needs « change copy ». `{{"copies": [{{barcode, status, due_date}}, '
        f"…]}}` (or the list alone), 1 to {BULK_MAX} items. All or nothing: one unknown "
        "barcode, unknown status or bad date refuses the whole request (400, with the "
        "item's `index` and `barcode`) and changes nothing. Idempotent: a replay answers "
        "200 with `changed: 0`.",
        parameters=[RETRY_AFTER],
        request=BulkRequestSerializer,
        responses={200: BulkAnswerSerializer, **WRITE_ERRORS},
        tags=["copies"],
    )
    def post(self, request):
        try:
            result = _apply(self._updates(request.data))
        except Refused as error:
            return _refusal(error)
        pks = [copy.pk for copy in result.copies]
        copies = Copy.objects.select_related("game").in_bulk(pks)
        return Response(
            {"changed": result.changed, "copies": [copy_data(copies[pk]) for pk in pks]}
        )

    def _updates(self, data: Any) -> list[CopyUpdate]:
        items = data.get("copies") if isinstance(data, dict) and set(data) == {"copies"} else data
        if not isinstance(items, list) or not items:
            message = _('Une liste d\'exemplaires est attendue : {"copies": [...]}.')
            raise Refused("invalid_body", message)
        if len(items) > BULK_MAX:
            message = _("Au plus %(n)d exemplaires par requête.") % {"n": BULK_MAX}
            raise Refused("too_many", message, limit=BULK_MAX)
        updates = []
        for index, item in enumerate(items):
            if not isinstance(item, dict):
                raise Refused("invalid_body", _("Un objet JSON est attendu."), index=index)
            if "barcode" not in item:
                message = _("Le champ « barcode » est obligatoire.")
                raise Refused("missing_field", message, index=index)
            barcode = _barcode(item["barcode"], index=index)
            fields = {key: value for key, value in item.items() if key != "barcode"}
            updates.append(_update(fields, barcode, index=index, barcode=barcode))
        return updates
