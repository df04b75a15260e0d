"""The copies of a game on its admin page: the library system's data, editable by hand.

Saved with the game, whose search entry the game admin refreshes after its inlines
(``GameAdmin.save_related``): whether a copy is in is re-indexed then. A status set here is
the desk's, as through the API: a re-import leaves it (``status_changed_at``).
"""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.utils import timezone

from .copy_values import normalise_barcode
from .models import Copy


class CopyForm(forms.ModelForm):
    class Meta:
        model = Copy
        fields = [
            "barcode",
            "call_number",
            "location",
            "section",
            "loan_type",
            "status",
            "due_date",
        ]

    def clean_barcode(self) -> str:
        return normalise_barcode(self.cleaned_data["barcode"])

    def save(self, commit=True):
        if self.instance.pk is None or {"status", "due_date"} & set(self.changed_data):
            self.instance.status_changed_at = timezone.now()
        return super().save(commit)


class CopyInline(admin.TabularInline):
    model = Copy
    form = CopyForm
    extra = 0
    fields = ["barcode", "call_number", "location", "section", "loan_type", "status", "due_date"]
