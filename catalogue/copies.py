"""Copies (« exemplaires ») of the games: their values, the status words, and every write.

Two writers, both here so that the search index never misses a change:

* :func:`copies_update` — the librarians' API, day to day: the status (and return date) of
  copies found by barcode; all or nothing, idempotent (an update that changes nothing writes
  nothing, not even ``updated_at``).
* :func:`copies_sync` — an import: each game's copies as its record lists them, by barcode.

What the search needs of copies is one fact a game: whether a copy is in now (« disponible
maintenant »). It is indexed with the game (:mod:`catalogue.index.schema`), so a write that
flips it appends the game to the search change log in the same transaction; a write that does
not (a second copy goes out while another is in) appends nothing. The games concerned are
locked (``SELECT … FOR UPDATE`` on PostgreSQL) while the flip is computed, so two writers
changing two copies of one game at once cannot both conclude « no change ».
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db import transaction
from django.utils import formats, timezone, translation
from django.utils.translation import gettext_lazy as _

from . import services
from .copy_values import (
    BARCODE_MAX,
    STATUSES,
    TEXT_MAX,
    CopyValues,
    clean_text,
    normalise_barcode,
    status_from_word,
)
from .models import Copy, Game

__all__ = [
    "BARCODE_MAX", "BULK_MAX", "STATUSES", "CopyRefused", "CopyUpdate", "CopyValues",
    "clean_text", "copies_sync", "copies_update", "normalise_barcode", "status_from_word",
]  # fmt: skip

Status = Copy.Status
TEXT_FIELDS = tuple(TEXT_MAX)
#: At most this many copies in one bulk update of the API.
BULK_MAX = 1000

#: What a visitor reads (« en prêt jusqu'au 20 décembre »).
STATUS_LABELS = {
    Status.AVAILABLE: _("disponible"),
    Status.ON_LOAN: _("en prêt"),
    Status.REPAIR: _("en réparation"),
    Status.EXCLUDED: _("exclu du prêt"),
}


class CopyRefused(ValueError):
    """An update the API refuses whole: ``code`` for machines, ``message`` in French, the
    item's position in the request and its barcode."""

    def __init__(self, code: str, message: str, *, index: int | None = None, barcode: str = ""):
        self.code, self.message, self.index, self.barcode = code, message, index, barcode
        super().__init__(message)


@dataclass(frozen=True)
class CopyUpdate:
    barcode: str
    status: str
    due_date: datetime.date | None = None


@dataclass
class UpdateResult:
    copies: list[Copy]
    changed: int


def check_status(status: str, due_date: datetime.date | None) -> str | None:
    """Why a status and return date cannot go together (French), or None."""
    if status not in STATUSES:
        return str(_("Statut inconnu « %(status)s » (attendu : %(known)s).")) % {
            "status": status[:40],
            "known": ", ".join(STATUSES),
        }
    if due_date is not None and status != Status.ON_LOAN:
        return str(_("Une date de retour ne va qu'avec le statut « on_loan » (en prêt)."))
    return None


# --------------------------------------------------------------------------- reads


def games_with_copy_in(game_ids: Iterable[int]) -> set[int]:
    """Those of these games that have a copy available now."""
    ids = list(game_ids)
    found: set[int] = set()
    for start in range(0, len(ids), 10_000):
        found.update(
            Copy.objects.filter(game_id__in=ids[start : start + 10_000], status=Status.AVAILABLE)
            .order_by()
            .values_list("game_id", flat=True)
            .distinct()
        )
    return found


def availability(copies: Sequence[Copy]) -> dict:
    """What a game page says near the title: ``state`` « available », « out » (every copy is
    out: on loan, in repair or excluded; ``due_date``: the soonest return) or « none » (no
    copy)."""
    if not copies:
        return {"state": "none", "due_date": None, "in": 0, "total": 0}
    count = sum(copy.status == Status.AVAILABLE for copy in copies)
    if count:
        return {"state": "available", "due_date": None, "in": count, "total": len(copies)}
    dates = [c.due_date for c in copies if c.status == Status.ON_LOAN and c.due_date]
    due = min(dates) if dates else None
    return {
        "state": "out",
        "due_date": due,
        "due_text": due_text(due) if due else "",
        "in": 0,
        "total": len(copies),
    }


# --------------------------------------------------------------------------- writes


def _lock_games(game_ids: Iterable[int]) -> None:
    """Serialise the writers of these games' copies (no-op on SQLite, which serialises all)."""
    ids = sorted(set(game_ids))
    if ids:
        list(Game.objects.select_for_update().filter(pk__in=ids).order_by("pk").values("pk"))


def _record_flips(before: set[int], game_ids: set[int]) -> None:
    after = games_with_copy_in(game_ids)
    flipped = sorted((before ^ after) & game_ids)
    if flipped:
        services.search_changes_record(game_ids=flipped)


def copies_update(*, updates: Sequence[CopyUpdate]) -> UpdateResult:
    """Set the status (and return date) of copies by barcode, all or nothing.

    Raises :class:`CopyRefused` — nothing written — for an unknown status, a return date with
    another status than on loan, a barcode given twice with different values, or an unknown
    barcode. An update equal to the copy's state writes nothing.
    """
    wanted: dict[str, tuple[int, CopyUpdate]] = {}
    for index, update in enumerate(updates):
        problem = check_status(update.status, update.due_date)
        if problem:
            code = "unknown_status" if update.status not in STATUSES else "due_date_not_on_loan"
            raise CopyRefused(code, problem, index=index, barcode=update.barcode)
        seen = wanted.get(update.barcode)
        if seen is not None and seen[1] != update:
            message = _(
                "Le code-barres « %(barcode)s » figure deux fois avec des valeurs différentes."
            )
            raise CopyRefused(
                "duplicate_barcode",
                str(message) % {"barcode": update.barcode},
                index=index,
                barcode=update.barcode,
            )
        wanted[update.barcode] = (index, update)
    with transaction.atomic():
        games = dict(Copy.objects.filter(barcode__in=wanted).values_list("barcode", "game_id"))
        for barcode, (index, _update) in wanted.items():
            if barcode not in games:
                message = _("Aucun exemplaire ne porte le code-barres « %(barcode)s ».")
                raise CopyRefused(
                    "unknown_barcode",
                    str(message) % {"barcode": barcode},
                    index=index,
                    barcode=barcode,
                )
        game_ids = set(games.values())
        _lock_games(game_ids)
        copies = {c.barcode: c for c in Copy.objects.select_for_update().filter(barcode__in=wanted)}
        game_ids |= {copy.game_id for copy in copies.values()}  # moved meanwhile
        before = games_with_copy_in(game_ids)
        now = timezone.now()
        changed = []
        for barcode, (_index, update) in wanted.items():
            copy = copies[barcode]
            if (copy.status, copy.due_date) == (update.status, update.due_date):
                continue
            copy.status, copy.due_date = update.status, update.due_date
            copy.status_changed_at = copy.updated_at = now
            changed.append(copy)
        if changed:
            fields = ["status", "due_date", "status_changed_at", "updated_at"]
            Copy.objects.bulk_update(changed, fields, batch_size=500)
            _record_flips(before, game_ids)
    ordered = [copies[update.barcode] for update in updates]
    return UpdateResult(copies=ordered, changed=len(changed))


@dataclass
class SyncCounts:
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    removed: int = 0

    def to_dict(self) -> dict[str, int]:
        return {
            "created": self.created,
            "updated": self.updated,
            "unchanged": self.unchanged,
            "removed": self.removed,
        }


def copies_sync(*, games: Sequence[tuple[Game, Sequence[CopyValues]]]) -> SyncCounts:
    """Make each game's copies those its record lists, by barcode (an import; in its transaction).

    A listed copy is created, or updated in place — moved to this game if another had it; its
    call number, place, section and loan type are the file's. Its status is the file's for a
    new copy (available when the file gives none), and for an existing one only while the
    librarians' API has never set it (``status_changed_at`` empty): a status the desk set
    since is newer than any export. The game's copies that its record does not list are
    removed. Barcodes are distinct in ``games`` (the importer checks). A game passed with no
    copy is left alone: a file that says nothing of copies removes none.
    """
    counts = SyncCounts()
    games = [(game, values) for game, values in games if values]
    if not games:
        return counts
    barcodes = [value.barcode for _game, values in games for value in values]
    game_ids = {game.pk for game, _values in games}
    existing: dict[str, Copy] = {}
    for start in range(0, len(barcodes), 5000):
        chunk = barcodes[start : start + 5000]
        existing.update((c.barcode, c) for c in Copy.objects.filter(barcode__in=chunk))
    game_ids |= {copy.game_id for copy in existing.values()}
    _lock_games(game_ids)
    before = games_with_copy_in(game_ids)
    now = timezone.now()
    new, changed = [], []
    for game, values in games:
        for value in values:
            copy = existing.get(value.barcode)
            if copy is None:
                new.append(_new_copy(game, value, now))
            elif _apply(copy, game, value, now):
                changed.append(copy)
            else:
                counts.unchanged += 1
    listed = set(barcodes)
    stale = [
        pk
        for pk, barcode in Copy.objects.filter(
            game__in=[game for game, _values in games]
        ).values_list("pk", "barcode")
        if barcode not in listed
    ]
    for start in range(0, len(stale), 5000):
        counts.removed += Copy.objects.filter(pk__in=stale[start : start + 5000]).delete()[0]
    Copy.objects.bulk_create(new, batch_size=500)
    if changed:
        fields = ["game", "status", "due_date", "updated_at", *TEXT_FIELDS]
        Copy.objects.bulk_update(changed, fields, batch_size=500)
    counts.created, counts.updated = len(new), len(changed)
    _record_flips(before, game_ids)
    return counts


def _new_copy(game: Game, value: CopyValues, now) -> Copy:
    status = value.status or (Status.ON_LOAN if value.due_date else Status.AVAILABLE)
    return Copy(
        game=game,
        barcode=value.barcode,
        status=status,
        due_date=value.due_date if status == Status.ON_LOAN else None,
        created_at=now,
        updated_at=now,
        **{name: getattr(value, name) for name in TEXT_FIELDS},
    )


def _apply(copy: Copy, game: Game, value: CopyValues, now) -> bool:
    """Update ``copy`` from an import's ``value``; whether anything changed."""
    before = (copy.game_id, copy.status, copy.due_date, *(getattr(copy, n) for n in TEXT_FIELDS))
    copy.game = game
    for name in TEXT_FIELDS:
        setattr(copy, name, getattr(value, name))
    if copy.status_changed_at is None and (value.status or value.due_date):
        copy.status = value.status or Status.ON_LOAN
        copy.due_date = value.due_date if copy.status == Status.ON_LOAN else None
    after = (copy.game_id, copy.status, copy.due_date, *(getattr(copy, n) for n in TEXT_FIELDS))
    if after != before:
        copy.updated_at = now
        return True
    return False


# --------------------------------------------------------------------------- pages


def due_text(day: datetime.date, *, today: datetime.date | None = None) -> str:
    """« 20 décembre » (« 1er mai » in French; the year only when it is not this one)."""
    today = today or timezone.localdate()
    shown = formats.date_format(day, "j F" if day.year == today.year else "j F Y")
    if day.day == 1 and translation.get_language() in (None, "fr"):
        shown = "1er" + shown[1:]
    return shown


def copy_rows(copies: Sequence[Copy]) -> list[dict]:
    """The copies as the game page lists them: call number, place, status in words."""
    rows = []
    for copy in copies:
        label = str(STATUS_LABELS.get(copy.status, copy.status))
        if copy.status == Status.ON_LOAN and copy.due_date:
            label = str(_("en prêt jusqu’au %(date)s")) % {"date": due_text(copy.due_date)}
        place = " — ".join(part for part in (copy.location, copy.section) if part)
        rows.append(
            {
                "call_number": copy.call_number,
                "place": place,
                "status": copy.status,
                "label": label,
            }
        )
    return rows
