"""The desk listens: the catalogue's signals (searches, game pages, merges) and new matches.

Each receiver turns an event into counts (:func:`desk.counting.counts_add`: one query) and
reads nothing of the request but its method and user agent, to leave robots out.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models.signals import post_save

from catalogue import signals as catalogue_signals
from catalogue.models import Game
from catalogue.text import STOP_WORDS
from play.models import Match

from .counting import counts_add, counts_rekey, request_counts
from .models import WeeklyCount

Kind = WeeklyCount.Kind
#: The most words of one search that are counted (a pasted paragraph is not 80 searches).
WORDS_MAX = 10
#: Longer « words » are not words (a pasted identifier, noise).
WORD_CHARS_MAX = 40


def search_keys(words: list[str]) -> tuple[str, list[str]]:
    """The search as the desk keeps it: its folded words in one phrase (for the searches that
    found nothing), and the words that mean something (stop words out) one by one."""
    phrase = " ".join(words)
    counted = [w for w in words if w not in STOP_WORDS and len(w) <= WORD_CHARS_MAX]
    return phrase, list(dict.fromkeys(counted))[:WORDS_MAX]


def filter_key(name: str, value) -> str:
    """``players=4``, ``category=A 406``; a yes/no filter (``playable``) by its name alone."""
    return name if value is True else f"{name}={value}"


def on_searched(sender, *, request=None, words=(), filters=None, total=0, **kwargs) -> None:
    if not request_counts(request):
        return
    phrase, counted = search_keys(list(words))
    pairs = [(Kind.SEARCH, "")]
    pairs += [(Kind.SEARCH_WORD, word) for word in counted]
    pairs += [(Kind.FILTER, filter_key(name, value)) for name, value in (filters or {}).items()]
    if not total:
        pairs.append((Kind.SEARCH_EMPTY, phrase))
    counts_add(pairs)


def on_game_viewed(sender, *, request=None, game=None, **kwargs) -> None:
    # A rules question asked on the page reloads it: the same visit, not another view.
    if request is not None and request.GET.get("question"):
        return
    if game is not None and request_counts(request):
        counts_add([(Kind.GAME_VIEW, str(game.pk))])


def on_match_saved(sender, *, instance: Match, created: bool, raw: bool = False, **kwargs):
    """A match started: counted once its transaction commits (a refused one never is), and
    not when it is the next round of a series (the table already counted its first)."""
    if not created or raw:
        return
    game_id, match_id, in_series = instance.game_id, instance.pk, instance.series is not None
    transaction.on_commit(lambda: _count_play(game_id, match_id, in_series))


def _count_play(game_id: int, match_id: int, in_series: bool) -> None:
    if in_series and Match.objects.filter(next_round_id=match_id).exists():
        return
    counts_add([(Kind.GAME_PLAY, str(game_id))])


def on_merged(sender, *, kept=None, merged_pk=None, **kwargs) -> None:
    """A game merged into another: its views and plays become the kept game's."""
    if sender is Game and kept is not None and merged_pk is not None:
        with transaction.atomic():
            counts_rekey(
                kinds=[Kind.GAME_VIEW, Kind.GAME_PLAY], old=str(merged_pk), new=str(kept.pk)
            )


def connect() -> None:
    catalogue_signals.searched.connect(on_searched, dispatch_uid="desk_searched")
    catalogue_signals.game_viewed.connect(on_game_viewed, dispatch_uid="desk_game_viewed")
    catalogue_signals.merged.connect(on_merged, dispatch_uid="desk_merged")
    post_save.connect(on_match_saved, sender=Match, dispatch_uid="desk_match_started")
