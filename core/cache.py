"""The shared cache (settings.CACHES): Django's database cache, with a cheaper ``set``.

The API's throttle writes its history at every request. Django's ``set`` costs five statements
(a ``COUNT(*)`` of the whole table to decide whether to cull, then a transaction that reads the
row before updating or inserting it); here it is one upsert, and the table's size is checked
(and culled, as Django does) once every :data:`CULL_CHECK_EVERY` sets of a process.
"""

from __future__ import annotations

import base64
import pickle
from datetime import UTC, datetime

from django.conf import settings
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.db import DatabaseCache as DjangoDatabaseCache
from django.db import connections, router

CULL_CHECK_EVERY = 100
UPSERT_VENDORS = ("sqlite", "postgresql")  # both understand INSERT … ON CONFLICT DO UPDATE


class DatabaseCache(DjangoDatabaseCache):
    def __init__(self, table, params):
        super().__init__(table, params)
        self._sets = 0

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        db = router.db_for_write(self.cache_model_class)
        connection = connections[db]
        self._sets += 1
        if connection.vendor not in UPSERT_VENDORS or self._sets % CULL_CHECK_EVERY == 1:
            return super().set(key, value, timeout, version)
        key = self.make_and_validate_key(key, version=version)
        timeout = self.get_backend_timeout(timeout)
        if timeout is None:
            expires = datetime.max
        else:
            expires = datetime.fromtimestamp(timeout, tz=UTC if settings.USE_TZ else None)
        expires = connection.ops.adapt_datetimefield_value(expires.replace(microsecond=0))
        # The column holds text: the pickled value in base64, as Django writes it.
        encoded = base64.b64encode(pickle.dumps(value, self.pickle_protocol)).decode("latin1")
        q = connection.ops.quote_name
        table, k, v, e = q(self._table), q("cache_key"), q("value"), q("expires")
        with connection.cursor() as cursor:
            cursor.execute(
                f"INSERT INTO {table} ({k}, {v}, {e}) VALUES (%s, %s, %s) "
                f"ON CONFLICT ({k}) DO UPDATE SET {v} = EXCLUDED.{v}, {e} = EXCLUDED.{e}",
                [key, encoded, expires],
            )
