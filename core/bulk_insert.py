"""Multi-row INSERTs for bulk writes (imports, the search change log): ``bulk_create`` without
its per-value cost.

Django's ``bulk_create`` prepares each value of each object through the field's whole chain
(``pre_save``, ``get_db_prep_save``, an SQL placeholder per value): about a third of an import's
time. Here each field's conversion is chosen once: plain text, numbers, booleans and foreign
keys go as they are, the rest (dates, JSON…) through the field's own ``get_db_prep_save``. Rows
go in statements of up to :data:`ROWS_PER_STATEMENT` rows (SQLite's 999-variable default, which
Django assumes, no longer limits them); primary keys come back by ``RETURNING``, in the order of
the rows, as Django's ``bulk_create`` expects from both databases. On PostgreSQL the rows go as
one array a column (``UNNEST``), as Django does there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.db import connections, models, router

ROWS_PER_STATEMENT = 500
MAX_PARAMETERS = 30_000  # below SQLite's limit (32,766 since 3.32) and PostgreSQL's (65,535)
# Field types whose attribute value is already what the database driver takes.
_AS_IS = (models.CharField, models.TextField, models.IntegerField, models.BooleanField)


def bulk_insert(model: type[models.Model], objs: Sequence[models.Model], *, pks: bool = True):
    """Insert new, unsaved ``objs`` of ``model``; with ``pks``, set their primary keys.

    Behaves as ``model.objects.bulk_create(objs)`` for models with an automatic primary key and
    no database defaults (``auto_now``/``auto_now_add`` are applied). Falls back to it on a
    database that cannot return the keys of a multi-row insert.
    """
    if not objs:
        return
    using = router.db_for_write(model)
    connection = connections[using]
    if pks and not connection.features.can_return_rows_from_bulk_insert:
        model.objects.bulk_create(objs)
        return
    meta = model._meta
    fields = [f for f in meta.concrete_fields if not f.primary_key]
    getters = [_getter(field, connection) for field in fields]
    q = connection.ops.quote_name
    head = f"INSERT INTO {q(meta.db_table)} ({', '.join(q(f.column) for f in fields)}) "
    tail = f" RETURNING {q(meta.pk.column)}" if pks else ""
    unnest = connection.vendor == "postgresql"
    if unnest:
        # One array a column, as Django's own bulk_create on PostgreSQL: a short statement
        # whatever the number of rows (no placeholders to parse, little to plan).
        types = [field.db_type(connection).split("(")[0] for field in fields]
        arrays = ", ".join(f"(%s)::{db_type}[]" for db_type in types)
        per_statement = ROWS_PER_STATEMENT
    else:
        row_sql = f"({', '.join(['%s'] * len(fields))})"
        per_statement = max(1, min(ROWS_PER_STATEMENT, MAX_PARAMETERS // len(fields)))
    with connection.cursor() as cursor:
        for start in range(0, len(objs), per_statement):
            chunk = objs[start : start + per_statement]
            if unnest:
                columns = [[get(obj) for obj in chunk] for get in getters]
                cursor.execute(f"{head}SELECT * FROM UNNEST({arrays}){tail}", columns)
            else:
                params = [get(obj) for obj in chunk for get in getters]
                cursor.execute(f"{head}VALUES {', '.join([row_sql] * len(chunk))}{tail}", params)
            if pks:
                for obj, (pk,) in zip(chunk, cursor.fetchall(), strict=True):
                    obj.pk = pk
    for obj in objs:
        obj._state.adding = False
        obj._state.db = using


def _getter(field: models.Field, connection) -> Callable[[models.Model], Any]:
    if field.is_relation:
        # As Model.save: a related object saved after being assigned lends its key now.
        def related(obj, field=field):
            if field.is_cached(obj):
                target = field.get_cached_value(obj)
                if target is not None:
                    if target.pk is None:
                        raise ValueError(f"{field.name}: the related object is not saved")
                    return target.pk
            return getattr(obj, field.attname)

        return related
    if isinstance(field, _AS_IS):
        attname = field.attname
        return lambda obj: getattr(obj, attname)
    return lambda obj: field.get_db_prep_save(field.pre_save(obj, True), connection)
