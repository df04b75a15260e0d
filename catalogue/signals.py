"""What the catalogue tells the apps above it, which it never imports (the librarians' desk
counts searches and views from these). Sent with :func:`send_quietly`: a receiver's failure is
logged, never the page's."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from django.dispatch import Signal

from .text import words

if TYPE_CHECKING:
    from .selectors import SearchParams

logger = logging.getLogger(__name__)

#: A search was answered (its first page), by the search page (``sender="page"``) or the API
#: (``sender="api"``). Arguments: ``request``; ``words``, the query's folded words
#: (:func:`catalogue.text.words`); ``filters``, the other criteria as ``{name: value}``;
#: ``total``, how many games it found.
searched = Signal()

#: A game's page was shown. Arguments: ``request``, ``game``.
game_viewed = Signal()

#: Two rows were merged into one (:mod:`catalogue.merge`), inside the merge's transaction.
#: ``sender``: the model; ``kept``: the row that stays; ``merged_pk``: the deleted row's id.
merged = Signal()


def send_quietly(signal: Signal, sender, **kwargs) -> None:
    """Send ``signal``; a receiver that raises is logged and the caller goes on."""
    for receiver, result in signal.send_robust(sender, **kwargs):
        if isinstance(result, Exception):
            logger.error("catalogue signal receiver %r failed", receiver, exc_info=result)


def search_announce(request, params: SearchParams, total: int, *, sender: str) -> None:
    """Send :data:`searched` for a search's first page (not for the next pages, nor for the
    search page opened with nothing asked)."""
    if params.page != 1 or not params.active_filters():
        return
    filters = {name: getattr(params, name) for name in params.active_filters() if name != "q"}
    send_quietly(
        searched,
        sender=sender,
        request=request,
        words=words(params.q),
        filters=filters,
        total=total,
    )
