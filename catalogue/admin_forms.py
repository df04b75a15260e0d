"""The librarians' game form: a section editor for the rules and checkboxes for the review list."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.core.exceptions import FieldDoesNotExist
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from .models import Credit, Game
from .review import REVIEWABLE_FIELDS

HEADING_MAX_LENGTH = 200


def game_field_label(name: str) -> str:
    """A game field's label for a review-list entry (importers name fields as the model does)."""
    try:
        return str(Game._meta.get_field(name).verbose_name)
    except FieldDoesNotExist:
        return name


class RulesSectionsWidget(forms.Widget):
    """One title + text pair per section, in order, plus an empty one to add a section.

    Every pair posts under the same two names, so the order of the page is the order of the
    rules: reordering (static/js/admin_sections.js) only moves the pairs.
    """

    # In the app: form widgets render with the app templates, not the site-wide folder.
    template_name = "catalogue/widgets/rules_sections.html"
    use_fieldset = True

    class Media:
        js = ["js/admin_sections.js"]
        css = {"all": ["css/admin.css"]}

    def format_value(self, value: Any) -> list[dict[str, str]]:
        if isinstance(value, str):
            try:
                value = json.loads(value) if value else []
            except ValueError:
                value = []
        return [s for s in value or [] if isinstance(s, dict)]

    def id_for_label(self, id_):
        return None  # each title and text has its own label

    def get_context(self, name, value, attrs):
        context = super().get_context(name, value, attrs)
        sections = context["widget"]["value"]
        context["widget"]["sections"] = [*sections, {"heading": "", "body": ""}]
        return context

    def value_from_datadict(self, data, files, name):
        getlist = getattr(data, "getlist", None)
        if getlist is None:  # a plain dict (tests, programmatic use)
            headings, bodies = data.get(f"{name}-heading", []), data.get(f"{name}-body", [])
        else:
            headings, bodies = getlist(f"{name}-heading"), getlist(f"{name}-body")
        if len(headings) != len(bodies):
            return None  # a tampered form: the field reports it
        return [{"heading": h, "body": b} for h, b in zip(headings, bodies, strict=True)]

    def value_omitted_from_data(self, data, files, name):
        return f"{name}-heading" not in data and f"{name}-body" not in data


class RulesSectionsField(forms.Field):
    widget = RulesSectionsWidget
    default_error_messages = {
        "malformed": _("Les sections de la règle sont mal formées."),
        "no_body": _("La section « %(heading)s » n'a pas de texte."),
        "heading_too_long": _("Un titre de section dépasse %(max)s caractères."),
    }

    def to_python(self, value):
        if value is None:
            raise forms.ValidationError(self.error_messages["malformed"], code="malformed")
        sections = []
        for section in value:
            heading, body = section["heading"].strip(), section["body"].strip()
            if not heading and not body:
                continue  # the empty « add a section » pair, or a section emptied to remove it
            if not body:
                raise forms.ValidationError(
                    self.error_messages["no_body"], code="no_body", params={"heading": heading}
                )
            if len(heading) > HEADING_MAX_LENGTH:
                raise forms.ValidationError(
                    self.error_messages["heading_too_long"],
                    code="heading_too_long",
                    params={"max": HEADING_MAX_LENGTH},
                )
            sections.append({"heading": heading, "body": body})
        return sections

    def has_changed(self, initial, data):
        try:
            return self.to_python(data) != (initial or [])
        except forms.ValidationError:
            return True


class ReviewFieldsField(forms.MultipleChoiceField):
    """The fields still to check, as checkboxes; a name the form does not know is kept."""

    widget = forms.CheckboxSelectMultiple

    def __init__(self, **kwargs):
        kwargs.setdefault("required", False)
        super().__init__(choices=self.field_choices(), **kwargs)

    @staticmethod
    def field_choices(extra=()) -> list[tuple[str, str]]:
        names = list(REVIEWABLE_FIELDS) + [n for n in extra if n not in REVIEWABLE_FIELDS]
        return [(name, game_field_label(name)) for name in names]


class GameAdminForm(forms.ModelForm):
    rules_sections = RulesSectionsField(
        label=capfirst(Game._meta.get_field("rules_sections").verbose_name), required=False
    )
    review_fields = ReviewFieldsField(
        label=capfirst(Game._meta.get_field("review_fields").verbose_name)
    )

    class Meta:
        model = Game
        # The admin sets the whole list from its fieldsets; these are the ones this form redefines.
        fields = ["rules_sections", "review_fields"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Keep whatever an older import wrote there, even a name this form does not offer.
        current = (self.instance.review_fields or []) if self.instance.pk else []
        self.fields["review_fields"].choices = ReviewFieldsField.field_choices(current)


class CreditForm(forms.ModelForm):
    class Meta:
        model = Credit
        fields = ["author", "role", "position"]
        labels = {"author": _("auteur"), "position": _("ordre")}
