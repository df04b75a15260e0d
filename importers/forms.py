from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    widget = MultipleFileInput

    def clean(self, data, initial=None):
        single = super().clean
        if isinstance(data, (list, tuple)):
            return [single(item, initial) for item in data]
        return [single(data, initial)]


class ImportUploadForm(forms.Form):
    # Empty files are accepted here so that the import report names them as rejected.
    files = MultipleFileField(
        allow_empty_file=True,
        label=_("Fichiers d'export"),
        help_text=_(
            "Formats acceptés, reconnus d'après leur contenu : notices PMB (pages enregistrées "
            "en texte ou en HTML, pages de règle), UNIMARC exporté de PMB (ISO 2709 .mrc ou "
            "MARC XML), tableur CSV (virgule ou point-virgule, UTF-8 ou Windows-1252), classeur "
            "Excel (.xlsx) ou OpenDocument (.ods, première feuille) et export JSON du catalogue. "
            "Plusieurs fichiers possibles."
        ),
    )

    def clean_files(self):
        files = self.cleaned_data["files"]
        limit = settings.IMPORT_MAX_UPLOAD_BYTES
        too_big = [f.name for f in files if f.size > limit]
        if too_big:
            raise forms.ValidationError(
                _("Fichier trop volumineux (maximum %(limit)s octets) : %(names)s"),
                params={"limit": limit, "names": ", ".join(too_big)},
            )
        return files


class PhotoZipUploadForm(forms.Form):
    archive = forms.FileField(
        label=_("Archive ZIP de photos"),
        widget=forms.ClearableFileInput(attrs={"accept": ".zip,application/zip"}),
    )

    def clean_archive(self):
        archive = self.cleaned_data["archive"]
        limit = settings.PHOTO_ZIP_MAX_BYTES
        if archive.size > limit:
            raise forms.ValidationError(
                _(
                    "Archive trop volumineuse (au plus %(limit)s Mo) : découpez-la en plusieurs "
                    "ZIP."
                ),
                params={"limit": limit // (1024 * 1024)},
            )
        return archive
