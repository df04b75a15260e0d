"""Duplicates: finding the likely ones, and merging two authors, publishers or games into one.

A merge keeps one row and moves every link of the other to it — read from the model's
relations (``_meta.related_objects``), so that the rows other apps relate to a game (matches,
copies, photos, import provenance) move too without being listed here. A link that would
break a unique constraint once moved (the same author credited twice in one role, a second
import provenance) is dropped instead. Then the other row is deleted, the search index told,
and the merge written to the kept row's admin history — all in one transaction.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.contrib.admin.models import CHANGE, DELETION, LogEntry
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.db.models import F, ProtectedError
from django.utils.translation import gettext as _

from . import services
from .models import Author, Credit, Game, Publisher
from .signals import merged as merged_signal
from .signals import send_quietly
from .text import words

#: The models a librarian may merge.
MERGEABLE = (Author, Publisher, Game)
#: Game fields never copied from the merged game into the kept one's empty fields.
_GAME_FIELDS_KEPT = {"id", "title", "sort_title", "slug", "search_text", "import_key",
                     "created_at", "updated_at"}  # fmt: skip
_RANGES = {"min_players": "max_players", "max_players": "min_players",
           "min_age": "max_age", "max_age": "min_age"}  # fmt: skip


class MergeRefused(Exception):
    """A merge that cannot be done; ``message`` says why, in French."""

    def __init__(self, message: str, *, code: str):
        super().__init__(message)
        self.message = message
        self.code = code


# --------------------------------------------------------------------------- likely duplicates


def folded_name(value: str) -> str:
    """A name as duplicates are compared: case, accents, punctuation and spacing folded
    (« Ronald corn », « RONALD  Corn » and « Ronald-Corn » are all ``ronald corn``)."""
    return " ".join(words(value))


def duplicates_find(model: type[models.Model]) -> list[list[models.Model]]:
    """Groups of rows of ``model`` whose names (titles) fold to the same, each group's row with
    the most links first (the one to keep, unless the librarian chooses otherwise)."""
    name = "title" if model is Game else "name"
    groups: dict[str, list[int]] = defaultdict(list)
    for pk, value in model.objects.values_list("pk", name).order_by("pk").iterator():
        key = folded_name(value)
        if key:
            groups[key].append(pk)
    found = [pks for pks in groups.values() if len(pks) > 1]
    rows = model.objects.in_bulk([pk for pks in found for pk in pks])
    links = _links_count(model, list(rows))
    result = [
        sorted((rows[pk] for pk in pks), key=lambda row: (-links.get(row.pk, 0), row.pk))
        for pks in found
    ]
    for group in result:
        for row in group:
            row.links_count = links.get(row.pk, 0)
    return sorted(result, key=lambda group: folded_name(str(group[0])))


def _links_count(model, pks: list[int]) -> dict[int, int]:
    """How many rows relate to each of ``pks`` (games for a person, matches and copies for a
    game…), all relations added up."""
    counts: dict[int, int] = defaultdict(int)
    for related, fk in relations(model):
        rows = (
            related._base_manager.filter(**{f"{fk.name}__in": pks})
            .values(fk.attname)
            .annotate(n=models.Count("pk"))
            .order_by()
        )
        for row in rows:
            counts[row[fk.attname]] += row["n"]
    return counts


# --------------------------------------------------------------------------- relations


def relations(model: type[models.Model]) -> list[tuple[type[models.Model], models.ForeignKey]]:
    """Every ``(model, foreign key)`` that points at ``model``: reverse foreign keys and
    one-to-ones of any app, and the link tables of many-to-many relations (an explicit
    ``through`` model is reached by its own foreign key)."""
    found: dict[tuple[str, str], tuple[type[models.Model], models.ForeignKey]] = {}

    def add(related, fk):
        found.setdefault((related._meta.label, fk.name), (related, fk))

    for rel in model._meta.related_objects:
        if rel.many_to_many:
            through = rel.through
            if through._meta.auto_created:
                add(through, through._meta.get_field(rel.field.m2m_reverse_field_name()))
            continue
        add(rel.related_model, rel.field)
    for m2m in model._meta.local_many_to_many:
        through = m2m.remote_field.through
        if through._meta.auto_created:
            add(through, through._meta.get_field(m2m.m2m_field_name()))
    return list(found.values())


def _unique_sets(related, fk) -> list[tuple[list[str], models.Q | None]]:
    """The unique field sets of ``related`` that include ``fk`` (with their condition)."""
    sets: list[tuple[list[str], models.Q | None]] = []
    if fk.unique:
        sets.append(([fk.name], None))
    for together in related._meta.unique_together:
        if fk.name in together:
            sets.append((list(together), None))
    for constraint in related._meta.constraints:
        if isinstance(constraint, models.UniqueConstraint) and fk.name in constraint.fields:
            sets.append((list(constraint.fields), constraint.condition))
    return sets


@dataclass
class Move:
    """What a merge does to one relation: rows moved to the kept row, rows dropped."""

    related: type[models.Model]
    fk: models.ForeignKey
    moved: list[int] = field(default_factory=list)
    dropped: list[int] = field(default_factory=list)

    @property
    def label(self) -> str:
        return str(self.related._meta.verbose_name_plural)


def _would_clash(related, fk, row, keep, unique_sets) -> bool:
    """Whether ``row``, once pointing at ``keep``, would repeat a row already there."""
    for names, condition in unique_sets:
        values = {name: getattr(row, name) for name in names if name != fk.name}
        if any(value is None for value in values.values()):
            continue  # NULLs never clash
        manager = related._base_manager
        if condition is not None and not manager.filter(condition, pk=row.pk).exists():
            continue
        others = manager.filter(**values, **{fk.name: keep}).exclude(pk=row.pk)
        if condition is not None:
            others = others.filter(condition)
        if others.exists():
            return True
    return False


def merge_plan(*, keep: models.Model, merged: models.Model) -> list[Move]:
    """For each relation of ``merged``'s model, the rows that would move to ``keep`` and those
    that would be dropped as duplicates; nothing is written."""
    plan = []
    for related, fk in relations(type(merged)):
        rows = related._base_manager.filter(**{fk.name: merged}).order_by("pk")
        move = Move(related, fk)
        unique_sets = _unique_sets(related, fk)
        if not unique_sets:
            move.moved = list(rows.values_list("pk", flat=True))
        else:
            for row in rows:
                clash = _would_clash(related, fk, row, keep, unique_sets)
                (move.dropped if clash else move.moved).append(row.pk)
        if move.moved or move.dropped:
            plan.append(move)
    return plan


def _empty(value) -> bool:
    return value is None or value in ("", [], {})


def game_fields_filled(*, keep: Game, merged: Game) -> list[str]:
    """The kept game's empty fields that the merged game fills (its age, its rules…); a range
    (players, ages) only as a whole, so that a minimum never lands above a kept maximum."""
    names = []
    for f in Game._meta.concrete_fields:
        if f.name in _GAME_FIELDS_KEPT or f.primary_key or not f.editable:
            continue
        partner = _RANGES.get(f.name)
        if partner and not _empty(getattr(keep, partner)):
            continue
        if _empty(getattr(keep, f.attname)) and not _empty(getattr(merged, f.attname)):
            names.append(f.name)
    return names


# --------------------------------------------------------------------------- merging


@dataclass
class MergeResult:
    kept: models.Model
    merged_repr: str
    merged_pk: int
    moves: list[Move]
    filled: list[str]

    def summary(self) -> str:
        """« 3 crédits déplacés, 1 crédit en double supprimé »."""
        parts = []
        for move in self.moves:
            if move.moved:
                parts.append(
                    _("%(label)s déplacés : %(n)d") % {"label": move.label, "n": len(move.moved)}
                )
            if move.dropped:
                parts.append(
                    _("%(label)s en double supprimés : %(n)d")
                    % {"label": move.label, "n": len(move.dropped)}
                )
        if self.filled:
            labels = [str(Game._meta.get_field(name).verbose_name) for name in self.filled]
            parts.append(_("champs complétés : %(fields)s") % {"fields": ", ".join(labels)})
        return "; ".join(parts) or _("aucun lien à déplacer")


def _lock(model, pk) -> models.Model:
    try:
        return model._base_manager.select_for_update().get(pk=pk)
    except (model.DoesNotExist, ValueError, TypeError):
        raise MergeRefused(
            _("« %(what)s » n° %(pk)s n'existe plus (déjà fusionné ou supprimé ?).")
            % {"what": model._meta.verbose_name, "pk": pk},
            code="not_found",
        ) from None


def merge_check(keep: models.Model, merged: models.Model) -> None:
    """Refuse what cannot be merged: two models, a model not offered, a row with itself."""
    if type(keep) is not type(merged):
        raise MergeRefused(
            _("On ne fusionne que deux fiches de même sorte (deux auteurs, deux éditeurs ou "
              "deux jeux)."),
            code="different_models",
        )  # fmt: skip
    if type(keep) not in MERGEABLE:
        raise MergeRefused(
            _("Seuls les auteurs, les éditeurs et les jeux se fusionnent."), code="not_mergeable"
        )
    if keep.pk == merged.pk:
        raise MergeRefused(
            _("Une fiche ne se fusionne pas avec elle-même : choisissez-en deux différentes."),
            code="same_object",
        )


@transaction.atomic
def objects_merge(*, keep: models.Model, merged: models.Model, user=None) -> MergeResult:
    """Merge ``merged`` into ``keep`` (see the module's docstring); raises :class:`MergeRefused`
    with the database unchanged."""
    merge_check(keep, merged)
    model = type(keep)
    # Locked in id order, so that two merges of the same pair never wait for each other.
    first, second = sorted([keep.pk, merged.pk])
    locked = {first: _lock(model, first), second: _lock(model, second)}
    keep, merged = locked[keep.pk], locked[merged.pk]
    merged_repr, merged_pk = str(merged), merged.pk
    plan = merge_plan(keep=keep, merged=merged)
    games = _games_touched(model, keep, plan)
    filled = game_fields_filled(keep=keep, merged=merged) if model is Game else []
    credit_offset = _credit_offset(keep) if model is Game else 0
    try:
        with transaction.atomic():
            _apply(plan, keep)
            if model is Game:
                _game_finish(keep, merged, plan, filled, credit_offset)
            else:
                merged.delete()
            send_quietly(merged_signal, sender=model, kept=keep, merged_pk=merged_pk)
            services.games_refresh_search(games=Game.objects.filter(pk__in=games))
    except (IntegrityError, ProtectedError, ValidationError) as error:
        raise MergeRefused(
            _("La fusion a été refusée par la base de données (%(error)s) ; rien n'a changé.")
            % {"error": error.__class__.__name__},
            code="integrity",
        ) from None
    result = MergeResult(keep, merged_repr, merged_pk, plan, filled)
    if user is not None:
        _log(user, keep, merged_repr, merged_pk, result)
    return result


def _apply(plan: list[Move], keep: models.Model) -> None:
    for move in plan:
        manager = move.related._base_manager
        if move.dropped:
            manager.filter(pk__in=move.dropped).delete()
        if move.moved:
            manager.filter(pk__in=move.moved).update(**{move.fk.name: keep})


def _credit_offset(keep: Game) -> int:
    last = keep.credits.aggregate(last=models.Max("position"))["last"]
    return 0 if last is None else last + 1


def _game_finish(keep: Game, merged: Game, plan, filled: list[str], credit_offset: int) -> None:
    """A game merge's own part: the moved credits after the kept ones, the kept game's empty
    fields filled from the merged one, the merged game deleted (and out of the index)."""
    for move in plan:
        if move.related is Credit and move.moved:
            Credit.objects.filter(pk__in=move.moved).update(position=F("position") + credit_offset)
    import_key = merged.import_key
    services.game_delete(game=merged)
    for name in filled:
        setattr(keep, name, getattr(merged, name))
    if not keep.import_key and import_key:
        # The merged record's identity across imports: its next import updates the kept game.
        keep.import_key = import_key
        filled = [*filled, "import_key"]
    if filled:
        keep.full_clean(exclude=["slug"])
        keep.save(update_fields=[*filled, "updated_at"])


def _games_touched(model, keep, plan: list[Move]) -> set[int]:
    """The games whose search text the merge changes: the kept game itself, or those a merged
    person or publisher appears in (directly, or through a credit)."""
    if model is Game:
        return {keep.pk}
    ids: set[int] = set()
    for move in plan:
        if move.related is Game:
            ids.update(move.moved)
            continue
        game_fk = next(
            (f for f in move.related._meta.concrete_fields
             if f.is_relation and f.related_model is Game),
            None,
        )  # fmt: skip
        if game_fk is not None:
            rows = move.related._base_manager.filter(pk__in=move.moved + move.dropped)
            ids.update(rows.values_list(game_fk.attname, flat=True))
    return ids


def _log(user, keep, merged_repr: str, merged_pk: int, result: MergeResult) -> None:
    """The merge in the admin history: on the kept row (naming the merged one), and the
    merged row's deletion."""
    message = _("Fusion : « %(name)s » (n° %(pk)s) fusionné dans cette fiche ; %(summary)s.") % {
        "name": merged_repr,
        "pk": merged_pk,
        "summary": result.summary(),
    }
    LogEntry.objects.log_actions(user.pk, [keep], CHANGE, message, single_object=True)
    LogEntry.objects.create(
        user_id=user.pk,
        content_type=ContentType.objects.get_for_model(type(keep)),
        object_id=str(merged_pk),
        object_repr=merged_repr[:200],
        action_flag=DELETION,
        change_message=_("Fusionné dans « %(name)s » (n° %(pk)s).")
        % {"name": str(keep), "pk": keep.pk},
    )
