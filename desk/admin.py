"""The librarians' tools at the top of the admin's index and sidebar (:mod:`ludotheque.admin`
adds them): the desk, and the likely duplicates for those who may merge."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from catalogue.merge import MERGEABLE
from catalogue.merge_admin import may_merge


def tools_app(request) -> dict:
    """An entry of the admin's app list (the shape ``AdminSite.get_app_list`` gives)."""
    tools = [
        {
            "name": _("Le bureau des bibliothécaires"),
            "object_name": "Desk",
            "admin_url": reverse("admin:desk"),
            "add_url": None,
            "view_only": True,
            "perms": {"view": True},
        }
    ]
    if any(may_merge(request, model) for model in MERGEABLE):
        tools.append(
            {
                "name": _("Doublons probables"),
                "object_name": "Duplicates",
                "admin_url": reverse("admin:catalogue_duplicates"),
                "add_url": None,
                "view_only": True,
                "perms": {"view": True},
            }
        )
    return {
        "name": _("Bureau"),
        "app_label": "desk",
        "app_url": reverse("admin:desk"),
        "has_module_perms": True,
        "models": tools,
    }
