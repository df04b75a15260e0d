"""The librarians' desk: counts by week, and nothing else (no address, no session, no person)."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class WeeklyCount(models.Model):
    """How many times something happened in one ISO week: a word searched, a game viewed…

    ``key`` is what was counted (a normalised word, a filter, a game's id), never who: the
    table has no column that could tell one visitor from another.
    """

    class Kind(models.TextChoices):
        SEARCH = "search", _("recherches")
        SEARCH_EMPTY = "search_empty", _("recherches sans résultat")
        SEARCH_WORD = "search_word", _("mots cherchés")
        FILTER = "filter", _("filtres utilisés")
        GAME_VIEW = "game_view", _("fiches consultées")
        GAME_PLAY = "game_play", _("parties commencées")

    # The Monday that starts the ISO week, in the site's time zone.
    week = models.DateField(_("semaine (lundi)"))
    kind = models.CharField(_("sorte"), max_length=20, choices=Kind.choices)
    key = models.CharField(_("quoi"), max_length=200, blank=True)
    count = models.PositiveBigIntegerField(_("nombre"), default=0)

    class Meta:
        ordering = ["-week", "kind", "-count", "key"]
        verbose_name = _("compte de la semaine")
        verbose_name_plural = _("comptes des semaines")
        constraints = [
            models.UniqueConstraint(fields=["week", "kind", "key"], name="desk_count_unique"),
        ]
        indexes = [models.Index(fields=["kind", "week"], name="desk_count_kind_week")]

    def __str__(self) -> str:
        return f"{self.week} {self.kind} {self.key}: {self.count}"
