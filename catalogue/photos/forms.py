"""The admin's photo form (an inline of the game): a file to upload, its alternative text and
its place. The upload is checked and re-encoded while the form is cleaned, so a refused file is
a form error and nothing is written; the files are written when the game is saved."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from ..models import Photo
from .images import accepted_formats_text
from .services import PhotoRefused, photo_prepare_upload, photo_store


class PhotoInlineForm(forms.ModelForm):
    upload = forms.FileField(
        label=_("fichier"),
        required=False,
        allow_empty_file=True,
        widget=forms.ClearableFileInput(
            attrs={"accept": "image/jpeg,image/png,image/webp,image/avif,image/gif"}
        ),
    )

    class Meta:
        model = Photo
        fields = ["upload", "alt_text", "position"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.processed = None
        self.fields["upload"].help_text = _(
            "%(formats)s, au plus %(size)s Mo. Les données EXIF (position GPS…) ne sont pas "
            "gardées."
        ) % {
            "formats": accepted_formats_text(),
            "size": settings.PHOTO_MAX_UPLOAD_BYTES // (1024 * 1024),
        }

    def clean(self):
        cleaned = super().clean()
        upload = cleaned.get("upload")
        if upload:
            try:
                self.processed = photo_prepare_upload(upload)
            except PhotoRefused as error:
                self.add_error("upload", error.message)
        elif self.instance.pk is None and self.has_changed():
            self.add_error("upload", _("Choisissez le fichier de la photo."))
        return cleaned

    def save(self, commit=True):
        photo = super().save(commit=False)
        if self.processed is not None:
            photo_store(photo, self.processed)
        if commit:
            photo.save()
        return photo
