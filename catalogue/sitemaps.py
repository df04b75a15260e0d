"""``sitemap.xml``: every public page of the catalogue, in each language (``?lang=``), each with
its ``hreflang`` alternates and an ``x-default`` (the visitor's language)."""

from __future__ import annotations

from django.contrib.sitemaps import Sitemap
from django.urls import reverse

from core.middleware import LANGUAGE_PARAM

from .models import Author, Category, Game, Publisher
from .selectors import SearchParams, browse_list
from .views import search_url


def _with_language(path: str, code: str | None) -> str:
    if not code:
        return path
    return f"{path}{'&' if '?' in path else '?'}{LANGUAGE_PARAM}={code}"


class _Bilingual(Sitemap):
    """Items are listed once per language; :meth:`path` gives an item's language-free path."""

    i18n = True
    alternates = True

    def path(self, item) -> str:
        raise NotImplementedError

    def _location(self, item, force_lang_code=None):
        obj, code = item
        return _with_language(self.path(obj), force_lang_code or code)

    def _urls(self, page, protocol, domain):
        urls = super()._urls(page, protocol, domain)
        for url in urls:
            obj, _code = url["item"]
            url["alternates"].append(
                {"location": f"{protocol}://{domain}{self.path(obj)}", "lang_code": "x-default"}
            )
        return urls


class PageSitemap(_Bilingual):
    """The pages that are not a record: the home page (the search) and the browse lists."""

    priority = 0.8
    names = (
        "catalogue:search",
        "catalogue:categories",
        "catalogue:authors",
        "catalogue:publishers",
        "catalogue:accessibility",
    )

    def items(self):
        return list(self.names)

    def path(self, item) -> str:
        return reverse(item)


class GameSitemap(_Bilingual):
    priority = 1.0

    def items(self):
        return Game.objects.order_by("slug").only("slug", "updated_at")

    def path(self, item) -> str:
        return item.get_absolute_url()

    def lastmod(self, item):
        return item.updated_at


class BrowseSitemap(_Bilingual):
    """Each author's, publisher's and category's games: the search page with that filter."""

    priority = 0.5

    def items(self):
        rows = []
        for model, param in ((Category, "category"), (Author, "author"), (Publisher, "publisher")):
            for item in browse_list(model).order_by("pk"):
                value = item.code if model is Category else item.slug
                rows.append(search_url(SearchParams(), **{param: value}))
        return rows

    def path(self, item) -> str:
        return item


SITEMAPS = {"pages": PageSitemap, "games": GameSitemap, "browse": BrowseSitemap}
