"""The librarians' import screen: upload, read the dry-run report, confirm; and the history.
Also the export of selected games, added to the catalogue's game admin (the catalogue knows
nothing of the importers)."""

from django.contrib import admin, messages
from django.contrib.admin.utils import quote
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.formats import number_format
from django.utils.html import format_html
from django.utils.text import capfirst
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from catalogue.admin import GameAdmin
from catalogue.models import Game

from .batches import (
    BatchStateError,
    batch_cancel,
    batch_confirm,
    batch_refresh,
    batch_retry,
    batch_submit,
)
from .export import Export, catalogue_export
from .forms import ImportUploadForm, PhotoZipUploadForm
from .models import ImportBatch
from .selectors import batch_progress, game_batch


@admin.register(ImportBatch)
class ImportBatchAdmin(admin.ModelAdmin):
    list_display = [
        "__str__",
        "created_at",
        "created_by",
        "origin",
        "kind",
        "status",
        "created",
        "updated",
        "unchanged",
        "flagged",
        "rejected",
    ]
    list_filter = ["status", "kind", "origin"]
    readonly_fields = list_display[1:]
    exclude = ["report", "progress_done", "progress_total"]
    change_form_template = "admin/importers/importbatch/change_form.html"

    def has_add_permission(self, request):
        return request.user.has_perm("importers.run_import")

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return request.user.is_superuser

    def get_urls(self):
        own = [
            path("upload/", self.admin_site.admin_view(self.upload_view), name="importers_upload"),
            path(
                "photos/",
                self.admin_site.admin_view(self.upload_photos_view),
                name="importers_upload_photos",
            ),
            path(
                "<int:pk>/confirm/",
                self.admin_site.admin_view(self.confirm_view),
                name="importers_confirm",
            ),
            path(
                "<int:pk>/progress/",
                self.admin_site.admin_view(self.progress_view),
                name="importers_progress",
            ),
        ]
        return own + super().get_urls()

    def add_view(self, request, form_url="", extra_context=None):
        return redirect("admin:importers_upload")

    def _require_import_permission(self, request):
        if not request.user.has_perm("importers.run_import"):
            raise PermissionDenied

    def upload_view(self, request):
        self._require_import_permission(request)
        form = ImportUploadForm(request.POST or None, request.FILES or None)
        if request.method == "POST" and form.is_valid():
            batch = batch_submit(
                files=[(f.name, f.read()) for f in form.cleaned_data["files"]],
                user=request.user,
                origin="admin",
            )
            return redirect("admin:importers_confirm", pk=batch.pk)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": _("Importer des notices"),
            "form": form,
        }
        return TemplateResponse(request, "admin/importers/upload.html", context)

    def upload_photos_view(self, request):
        """A ZIP of box photos: stored, then read by a background job like any import."""
        self._require_import_permission(request)
        form = PhotoZipUploadForm(request.POST or None, request.FILES or None)
        if request.method == "POST" and form.is_valid():
            archive = form.cleaned_data["archive"]
            batch = batch_submit(
                files=[(archive.name, archive.read())], user=request.user, origin="admin",
                kind=ImportBatch.Kind.PHOTOS,
            )  # fmt: skip
            return redirect("admin:importers_confirm", pk=batch.pk)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": _("Importer des photos de boîtes"),
            "form": form,
        }
        return TemplateResponse(request, "admin/importers/upload_photos.html", context)

    def confirm_view(self, request, pk):
        """The batch's page: its job's progress, then its dry-run report to confirm or cancel
        (or a failed job to run again), then what the import did."""
        self._require_import_permission(request)
        batch = batch_refresh(batch=get_object_or_404(ImportBatch, pk=pk))
        if request.method == "POST":
            return self._batch_step(request, batch)
        progress = batch_progress(batch)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": gettext("Import n° %(pk)s") % {"pk": batch.pk},
            "batch": batch,
            "report": batch.report,
            "progress": progress,
            "progress_text": progress_text(progress, photos=batch.kind == ImportBatch.Kind.PHOTOS),
        }
        return TemplateResponse(request, "admin/importers/confirm.html", context)

    def _batch_step(self, request, batch):
        steps = {"confirm": batch_confirm, "cancel": batch_cancel, "retry": batch_retry}
        step = next((steps[name] for name in steps if name in request.POST), None)
        if step is None:
            return redirect("admin:importers_confirm", pk=batch.pk)
        try:
            batch = step(batch=batch)
        except BatchStateError as error:
            messages.warning(request, error.message)
            return redirect("admin:importers_confirm", pk=batch.pk)
        if batch.status == ImportBatch.Status.CANCELLED:
            messages.info(request, _("Import annulé : rien n'a été écrit."))
            return redirect("admin:importers_importbatch_changelist")
        if batch.status == ImportBatch.Status.APPLIED:
            messages.success(request, applied_message(batch))
        return redirect("admin:importers_confirm", pk=batch.pk)

    def progress_view(self, request, pk):
        """The progress of the batch's job, for the page's progress bar (JSON)."""
        self._require_import_permission(request)
        batch = batch_refresh(batch=get_object_or_404(ImportBatch, pk=pk))
        progress = batch_progress(batch)
        photos = batch.kind == ImportBatch.Kind.PHOTOS
        response = JsonResponse({**progress, "text": progress_text(progress, photos=photos)})
        response["Cache-Control"] = "no-store"
        return response

    def change_view(self, request, object_id, form_url="", extra_context=None):
        batch = self.get_object(request, object_id)
        extra_context = {**(extra_context or {}), "report": batch.report if batch else {}}
        return super().change_view(request, object_id, form_url, extra_context)


def applied_message(batch: ImportBatch) -> str:
    if batch.kind == ImportBatch.Kind.PHOTOS:
        return gettext(
            "Import n° %(pk)s terminé : %(c)s photo(s) ajoutée(s), %(n)s déjà présente(s), "
            "%(r)s fichier(s) refusé(s) ou sans jeu."
        ) % {"pk": batch.pk, "c": batch.created, "n": batch.unchanged, "r": batch.rejected}
    return gettext(
        "Import n° %(pk)s terminé : %(c)s créé(s), %(u)s mis à jour, "
        "%(n)s inchangé(s), %(f)s à vérifier, %(r)s fichier(s) rejeté(s)."
    ) % {
        "pk": batch.pk,
        "c": batch.created,
        "u": batch.updated,
        "n": batch.unchanged,
        "f": batch.flagged,
        "r": batch.rejected,
    }


def progress_text(progress: dict, *, photos: bool = False) -> str:
    """« Lecture en cours : 42 % — notices lues : 8 400, fichiers refusés : 0 — environ 12 s
    restantes. » (what the progress bar shows, in words; a ZIP of ``photos`` counts photos)."""
    if photos:
        counted = gettext("photos lues : %(records)s, fichiers refusés : %(files)s")
    else:
        counted = gettext("notices lues : %(records)s, fichiers refusés : %(files)s")
    counts = counted % {
        "records": number_format(progress["records_read"], force_grouping=True),
        "files": number_format(progress["files_rejected"], force_grouping=True),
    }
    text = f"{capfirst(progress['status_label'])} : {progress['percent']} % — {counts}"
    left = progress["seconds_left"]
    if left is not None and not progress["finished"]:
        minutes, seconds = divmod(int(left), 60)
        if minutes:
            left_text = gettext("environ %(m)s min %(s)s s restantes") % {
                "m": minutes,
                "s": seconds,
            }
        else:
            left_text = gettext("environ %(s)s s restantes") % {"s": seconds}
        text += f" — {left_text}"
    return text + "."


def _after(names: list[str], before: str, name: str) -> list[str]:
    at = names.index(before) + 1
    return [*names[:at], name, *names[at:]]


class GameExportAdmin(GameAdmin):
    """The catalogue's game admin, with « export the selected games » (CSV or JSON) and the
    import batch that last wrote a game in its provenance."""

    actions = [*(GameAdmin.actions or []), "export_csv", "export_json"]
    readonly_fields = _after(GameAdmin.readonly_fields, "source_format", "import_batch")

    @admin.display(description=_("lot d'import"))
    def import_batch(self, game):
        """A link to the batch's page, as the admin shows a related object."""
        batch = game_batch(game) if game.pk else None
        if batch is None:
            return self.get_empty_value_display()
        url = reverse(
            "admin:importers_importbatch_change", args=[quote(batch.pk)],
            current_app=self.admin_site.name,
        )  # fmt: skip
        return format_html('<a href="{}">{}</a>', url, batch)

    @admin.action(description=_("Exporter les jeux sélectionnés (CSV)"), permissions=["view"])
    def export_csv(self, request, queryset):
        return _download(catalogue_export(fmt="csv", games=queryset))

    @admin.action(description=_("Exporter les jeux sélectionnés (JSON)"), permissions=["view"])
    def export_json(self, request, queryset):
        return _download(catalogue_export(fmt="json", games=queryset))


def _download(export: Export) -> HttpResponse:
    response = HttpResponse(export.data, content_type=export.content_type)
    response["Content-Disposition"] = f'attachment; filename="{export.filename}"'
    return response


admin.site.unregister(Game)
admin.site.register(Game, GameExportAdmin)
