"""The librarian role: exactly the permissions needed to manage the catalogue and import records."""

from django.contrib.auth.models import Group, Permission
from django.db.models import Q

LIBRARIAN_GROUP = "Bibliothécaires"

# app label → model → actions. Librarians edit the catalogue and run imports; they do not manage
# users, groups, or rewrite the import history.
LIBRARIAN_PERMISSIONS: dict[str, dict[str, tuple[str, ...]]] = {
    "catalogue": {
        "game": ("view", "add", "change", "delete"),
        "author": ("view", "add", "change", "delete"),
        "publisher": ("view", "add", "change", "delete"),
        "category": ("view", "add", "change", "delete"),
        "credit": ("view", "add", "change", "delete"),
        "photo": ("view", "add", "change", "delete"),
        "copy": ("view", "add", "change", "delete"),
    },
    "importers": {
        "importbatch": ("view", "add", "run_import"),
        "importfile": ("view",),
    },
}


def librarian_codenames() -> set[tuple[str, str]]:
    """(app label, codename) pairs of the librarian group's permissions."""
    pairs = set()
    for app_label, models in LIBRARIAN_PERMISSIONS.items():
        for model, actions in models.items():
            for action in actions:
                codename = action if action.startswith("run_") else f"{action}_{model}"
                pairs.add((app_label, codename))
    return pairs


def librarian_group_ensure() -> Group:
    """Create the librarian group if needed and give it exactly its permissions."""
    group, _ = Group.objects.get_or_create(name=LIBRARIAN_GROUP)
    condition = Q(pk__in=[])
    for app_label, codename in librarian_codenames():
        condition |= Q(content_type__app_label=app_label, codename=codename)
    group.permissions.set(Permission.objects.filter(condition))
    return group
