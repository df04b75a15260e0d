"""The admin's side of merging: « Doublons probables », the « Fusionner » page that shows what
will move and asks to confirm, and the action on two selected rows (:mod:`catalogue.merge`)."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .merge import (
    MERGEABLE,
    MergeRefused,
    _links_count,
    duplicates_find,
    game_fields_filled,
    merge_check,
    merge_plan,
    objects_merge,
)
from .models import Game

#: Groups of likely duplicates listed per model (the most common names first).
GROUPS_SHOWN = 100


def may_merge(request: HttpRequest, model) -> bool:
    """Merging changes one row and deletes another: both permissions are needed."""
    label = model._meta.app_label
    name = model._meta.model_name
    return request.user.has_perm(f"{label}.change_{name}") and request.user.has_perm(
        f"{label}.delete_{name}"
    )


def merge_url(model, keep_pk, merge_pk) -> str:
    base = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_merge")
    return f"{base}?{urlencode({'keep': keep_pk, 'merge': merge_pk})}"


def duplicates_view(request: HttpRequest) -> HttpResponse:
    """« Doublons probables »: authors, publishers and games whose names fold to the same."""
    sections = []
    for model in MERGEABLE:
        if not may_merge(request, model):
            continue
        groups = duplicates_find(model)
        sections.append(
            {
                "title": model._meta.verbose_name_plural,
                "id": model._meta.model_name,
                "count": len(groups),
                "groups": [
                    {
                        "rows": group,
                        "merges": [
                            {"row": row, "url": merge_url(model, group[0].pk, row.pk)}
                            for row in group[1:]
                        ],
                    }
                    for group in groups[:GROUPS_SHOWN]
                ],
                "truncated": len(groups) > GROUPS_SHOWN,
                "is_game": model is Game,
            }
        )
    if not sections:
        raise PermissionDenied
    context = {
        **admin.site.each_context(request),
        "title": _("Doublons probables"),
        "sections": sections,
        "shown": GROUPS_SHOWN,
    }
    return TemplateResponse(request, "admin/catalogue/duplicates.html", context)


def _pk(value: str | None) -> int | None:
    """An id from the query, or None for anything that is not one."""
    if value is None or not value.isascii() or not value.isdigit() or len(value) > 18:
        return None
    return int(value)


class MergeAdminMixin:
    """For the ModelAdmin of a mergeable model: the « Fusionner » page and action."""

    actions = ["merge_two"]

    def get_urls(self):
        opts = self.model._meta
        own = [
            path(
                "fusionner/",
                self.admin_site.admin_view(self.merge_view),
                name=f"{opts.app_label}_{opts.model_name}_merge",
            )
        ]
        return own + super().get_urls()

    def has_merge_permission(self, request) -> bool:
        return may_merge(request, self.model)

    @admin.action(
        description=gettext_lazy("Fusionner les deux fiches choisies"), permissions=["merge"]
    )
    def merge_two(self, request, queryset):
        pks = list(queryset.values_list("pk", flat=True)[:3])
        if len(pks) != 2:
            self.message_user(
                request,
                _("Choisissez exactement deux fiches à fusionner."),
                level=messages.ERROR,
            )
            return None
        links = _links_count(self.model, pks)
        keep, other = sorted(pks, key=lambda pk: (-links.get(pk, 0), pk))
        return HttpResponseRedirect(merge_url(self.model, keep, other))

    def merge_view(self, request: HttpRequest) -> HttpResponse:
        if not self.has_merge_permission(request):
            raise PermissionDenied
        opts = self.model._meta
        changelist = reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist")
        source = request.POST if request.method == "POST" else request.GET
        keep_pk, merge_pk = _pk(source.get("keep")), _pk(source.get("merge"))
        if keep_pk is None or merge_pk is None:
            messages.error(request, _("Choisissez les deux fiches à fusionner."))
            return redirect(changelist)
        rows = self.model._base_manager.in_bulk([keep_pk, merge_pk])
        keep, merged = rows.get(keep_pk), rows.get(merge_pk)
        try:
            if keep is None or merged is None:
                raise MergeRefused(
                    _("Une des deux fiches n'existe plus (déjà fusionnée ou supprimée ?)."),
                    code="not_found",
                )
            merge_check(keep, merged)
            if request.method == "POST":
                return self._merge(request, keep, merged)
        except MergeRefused as refused:
            messages.error(request, refused.message)
            return redirect(changelist)
        return self._confirm_page(request, keep, merged)

    def _merge(self, request, keep, merged) -> HttpResponse:
        result = objects_merge(keep=keep, merged=merged, user=request.user)
        messages.success(
            request,
            _("« %(merged)s » est fusionné dans « %(kept)s » : %(summary)s.")
            % {"merged": result.merged_repr, "kept": result.kept, "summary": result.summary()},
        )
        opts = self.model._meta
        return redirect(f"admin:{opts.app_label}_{opts.model_name}_change", result.kept.pk)

    def _confirm_page(self, request, keep, merged) -> HttpResponse:
        plan = merge_plan(keep=keep, merged=merged)
        filled = game_fields_filled(keep=keep, merged=merged) if self.model is Game else []
        links = _links_count(self.model, [keep.pk, merged.pk])
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": _("Fusionner deux fiches"),
            "keep_links": links.get(keep.pk, 0),
            "merged_links": links.get(merged.pk, 0),
            "keep": keep,
            "merged": merged,
            "plan": plan,
            "filled": [str(Game._meta.get_field(name).verbose_name) for name in filled],
            "swap_url": merge_url(self.model, merged.pk, keep.pk),
            "duplicates_url": reverse("admin:catalogue_duplicates"),
        }
        return TemplateResponse(request, "admin/catalogue/merge_confirm.html", context)
