from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from .selectors import ORDERING_LABELS, ORDERINGS, SearchParams
from .typed_filters import typed_filters

#: The largest page number asked for (2 million games at 20 a page): a page past the last one
#: exists nowhere (the API's 404), but a number past this is no page number at all (a 400 that
#: names the field, like any other number out of bounds).
PAGE_MAX = 100_000


class GameSearchForm(forms.Form):
    """The search as the URL carries it; the page and the API read it the same way."""

    q = forms.CharField(label=_("Rechercher"), required=False, max_length=200)
    players = forms.IntegerField(
        label=_("Nombre de joueurs"), required=False, min_value=1, max_value=99
    )
    age = forms.IntegerField(label=_("Âge de l'enfant"), required=False, min_value=0, max_value=120)
    max_duration = forms.IntegerField(
        label=_("Durée maximale (minutes)"), required=False, min_value=1, max_value=1440
    )
    category = forms.CharField(label=_("Catégorie ESAR"), required=False, max_length=20)
    publisher = forms.SlugField(label=_("Éditeur"), required=False, max_length=200)
    author = forms.SlugField(label=_("Auteur"), required=False, max_length=200)
    playable = forms.BooleanField(label=_("Jouable en ligne"), required=False)
    available = forms.BooleanField(label=_("Disponible maintenant"), required=False)
    ordering = forms.ChoiceField(
        label=_("Trier par"),
        required=False,
        choices=[("", _("par défaut"))] + [(key, ORDERING_LABELS[key]) for key in ORDERINGS],
    )
    page = forms.IntegerField(label=_("Page"), required=False, min_value=1, max_value=PAGE_MAX)
    facet_size = forms.IntegerField(
        label=_("Éditeurs et auteurs listés"),
        required=False,
        min_value=1,
        max_value=settings.CATALOGUE_FACET_SIZE_MAX,
    )

    def params(self) -> SearchParams:
        """The valid part of the search; invalid fields are dropped (the form shows why).

        Players, ages and durations typed in the box (« 2 joueurs », « 8 ans », « 30 min ») leave
        the text and become filters; a filter given in its own field wins over a typed one.
        """
        data = {
            name: value
            for name, value in getattr(self, "cleaned_data", {}).items()
            if name not in self.errors and value not in (None, "", False)
        }
        if "q" in data:
            typed = typed_filters(data["q"])
            data["q"] = typed.text
            for name, value in typed.filters.items():
                if name not in self.errors:
                    data.setdefault(name, value)
        data["page"] = data.get("page") or 1
        return SearchParams(**data)
