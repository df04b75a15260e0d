"""The play API's request bodies: their fields, and the numbers the server takes in them."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.http import QueryDict
from rest_framework import serializers

from core.parsers import BoundedJSONField

from .errors import InvalidNumber, unrepresentable_path
from .models import Seat

#: The integers the play API reads (in bodies and as ``?seat=``), with the largest each may be:
#: the column that stores or meets it (a seat is a small integer, a version an integer).
INTEGER_BOUNDS = {"seat": 32767, "expected_version": 2**31 - 1}
#: Text that reads as a number (« 12 », « -0 », « 1e400 », « NaN », « Infinity », « ٣ »).
_NUMBER_TEXT = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?|[-+]?(nan|inf|infinity)", re.I)


def check_integer(value: Any, name: str, *, form: bool) -> None:
    """Refuse (:class:`InvalidNumber`) a number that cannot be the integer ``name``: a boolean, a
    float, one out of its bounds, or (in a JSON body) a number written as text. Values that are
    no number at all are left to the serializer's field errors."""
    bound = INTEGER_BOUNDS[name]
    if isinstance(value, bool) or isinstance(value, float):
        raise InvalidNumber(name)
    if isinstance(value, int):
        if not 0 <= value <= bound:
            raise InvalidNumber(name)
        return
    if not isinstance(value, str):
        return
    if form and value.isascii() and value.isdigit() and len(value) <= 10 and int(value) <= bound:
        return  # a form-encoded body's digits
    if _NUMBER_TEXT.fullmatch(value.strip()) or any(c.isnumeric() for c in value):
        raise InvalidNumber(name)


class PlayBodySerializer(serializers.Serializer):
    """A play API body: its integer fields are held to :func:`check_integer`, and any number
    anywhere in it (a move's coordinates, a die's index, a press time) must be one the server
    represents (:func:`play.errors.unrepresentable_path`), each refused as ``invalid_number``
    naming its field before the other checks. Table options are the rules' to check (400
    ``invalid_options`` naming the option)."""

    integer_fields: tuple[str, ...] = ()
    unchecked_fields: tuple[str, ...] = ()

    @classmethod
    def check_numbers(cls, data: Any) -> None:
        if not isinstance(data, Mapping):
            return  # not an object: the serializer says so
        form = isinstance(data, QueryDict)
        for name in cls.integer_fields:
            check_integer(data.get(name), name, form=form)
        if not form:
            body = {k: v for k, v in data.items() if k not in cls.unchecked_fields}
            field = unrepresentable_path(body, "")
            if field is not None:
                raise InvalidNumber(field)


class SeatSpecSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=Seat.Kind.values)
    level = serializers.CharField(required=False, allow_blank=True, default="")
    name = serializers.CharField(required=False, allow_blank=True, default="", max_length=60)


class MatchCreateSerializer(PlayBodySerializer):
    unchecked_fields = ("options",)

    game = serializers.SlugField()
    seats = SeatSpecSerializer(many=True, min_length=1, max_length=12)
    options = serializers.DictField(required=False, default=dict)


class MoveSerializer(PlayBodySerializer):
    integer_fields = ("seat", "expected_version")

    seat = serializers.IntegerField(min_value=0)
    move = BoundedJSONField()
    expected_version = serializers.IntegerField(min_value=0)


class UndoSerializer(PlayBodySerializer):
    integer_fields = ("seat", "expected_version")

    seat = serializers.IntegerField(min_value=0)
    expected_version = serializers.IntegerField(min_value=0)


class JoinSerializer(PlayBodySerializer):
    integer_fields = ("seat",)

    seat = serializers.IntegerField(min_value=0)
    name = serializers.CharField(max_length=60, allow_blank=True, default="")


class ChallengeSerializer(PlayBodySerializer):
    integer_fields = ("seat", "expected_version")

    seat = serializers.IntegerField(min_value=0)
    expected_version = serializers.IntegerField(min_value=0)


class NextRoundSerializer(PlayBodySerializer):
    choice = serializers.CharField(required=False, allow_blank=True, default="", max_length=20)
