"""Which import last wrote a game, as the importers tell the catalogue.

The catalogue sits below the importers and never imports them: they keep the link from a game
to its import batch, and at start-up register a lookup (``register_import_batch_lookup``) that
the API's provenance reads.
"""

from __future__ import annotations

from collections.abc import Callable

from .models import Game

ImportBatchLookup = Callable[[Game], "int | None"]
_lookups: list[ImportBatchLookup] = []


def register_import_batch_lookup(lookup: ImportBatchLookup) -> None:
    if lookup not in _lookups:
        _lookups.append(lookup)


def game_import_batch_id(game: Game) -> int | None:
    """The id of the import batch that last wrote ``game``, or None (never imported, or its
    batch deleted, or no importer installed)."""
    for lookup in _lookups:
        batch_id = lookup(game)
        if batch_id is not None:
            return batch_id
    return None
