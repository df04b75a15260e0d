"""The catalogue's search index: a tantivy index derived from the database, one per replica.

* :mod:`.schema` — the fields, the French analyzer and a game's document;
* :mod:`.store` — opening (or building) a replica, applying the change log, rebuilding;
* :mod:`.query` — a search's ranked page, count and facet counts.

The database stays the source of truth. Every catalogue write appends the changed game ids to
:class:`catalogue.models.SearchChange` in the same transaction; before answering a search, a
process applies the changes past the sequence number its replica has seen.
"""
