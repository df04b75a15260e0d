"""French text normalisation shared by search, sorting and record identity."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

import snowballstemmer

_WORD = re.compile(r"[^\W_]+")
_LEADING_ARTICLE = re.compile(r"^(?:l'|l’|le |la |les |un |une |des )", re.IGNORECASE)

# Words too common to narrow a search. The same list on both database engines keeps their
# results identical (PostgreSQL's french configuration drops these too).
STOP_WORDS = frozenset(
    "a au aux avec ce ces d dans de des du elle en et eux il je l la le les leur lui ma mais me "
    "meme mes moi mon n ne nos notre nous on ou par pas pour qu que qui s sa se ses son sur t ta "
    "te tes toi ton tu un une vos votre vous y".split()
)


def unaccent(text: str) -> str:
    """Remove diacritics: « Ta Yü, stratégie » → « Ta Yu, strategie »."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def fold(text: str) -> str:
    """Lower-case, accent-free form used to compare titles and labels."""
    return " ".join(unaccent(text).casefold().split())


def words(text: str) -> list[str]:
    return _WORD.findall(fold(text))


@lru_cache(maxsize=1)
def _stemmer():
    return snowballstemmer.stemmer("french")


def stems(text: str) -> list[str]:
    """French Snowball stems of the accent-free words (« prisonniers » → « prisonni »)."""
    return _stemmer().stemWords(words(text))


def query_terms(text: str) -> list[str]:
    """A visitor's query as the stems both engines search for; stop words are dropped."""
    terms = [w for w in words(text) if w not in STOP_WORDS]
    return list(dict.fromkeys(_stemmer().stemWords(terms)))


def sort_title(title: str) -> str:
    """« Le Lièvre et la Tortue » sorts under L for Lièvre, not under L for Le."""
    return _LEADING_ARTICLE.sub("", fold(title)) or fold(title)
