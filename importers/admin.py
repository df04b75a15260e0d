"""The librarians' import screen: upload, read the dry-run report, confirm; and the history.
Also the export of selected games, added to the catalogue's game admin (the catalogue knows
nothing of the importers)."""

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.translation import gettext_lazy as _

from catalogue.admin import GameAdmin
from catalogue.models import Game

from .export import Export, catalogue_export
from .forms import ImportUploadForm
from .models import ImportBatch
from .services import import_batch_apply, import_batch_cancel, import_batch_prepare


@admin.register(ImportBatch)
class ImportBatchAdmin(admin.ModelAdmin):
    list_display = [
        "__str__",
        "created_at",
        "created_by",
        "origin",
        "status",
        "created",
        "updated",
        "unchanged",
        "flagged",
        "rejected",
    ]
    list_filter = ["status", "origin"]
    readonly_fields = list_display[1:]
    exclude = ["report"]
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
                "<int:pk>/confirm/",
                self.admin_site.admin_view(self.confirm_view),
                name="importers_confirm",
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
            batch = import_batch_prepare(
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

    def confirm_view(self, request, pk):
        self._require_import_permission(request)
        batch = get_object_or_404(ImportBatch, pk=pk)
        if request.method == "POST" and batch.status == ImportBatch.Status.PENDING:
            if "cancel" in request.POST:
                import_batch_cancel(batch=batch)
                messages.info(request, _("Import annulé : rien n'a été écrit."))
                return redirect("admin:importers_importbatch_changelist")
            batch = import_batch_apply(batch=batch)
            messages.success(
                request,
                _(
                    "Import n° %(pk)s terminé : %(c)s créé(s), %(u)s mis à jour, "
                    "%(n)s inchangé(s), %(f)s à vérifier, %(r)s fichier(s) rejeté(s)."
                )
                % {
                    "pk": batch.pk,
                    "c": batch.created,
                    "u": batch.updated,
                    "n": batch.unchanged,
                    "f": batch.flagged,
                    "r": batch.rejected,
                },
            )
            return redirect(reverse("admin:importers_importbatch_change", args=[batch.pk]))
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": _("Vérifier l'import n° %(pk)s") % {"pk": batch.pk},
            "batch": batch,
            "report": batch.report,
        }
        return TemplateResponse(request, "admin/importers/confirm.html", context)

    def change_view(self, request, object_id, form_url="", extra_context=None):
        batch = self.get_object(request, object_id)
        extra_context = {**(extra_context or {}), "report": batch.report if batch else {}}
        return super().change_view(request, object_id, form_url, extra_context)


class GameExportAdmin(GameAdmin):
    """The catalogue's game admin, with « export the selected games » (CSV or JSON)."""

    actions = [*(GameAdmin.actions or []), "export_csv", "export_json"]

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
