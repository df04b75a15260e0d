"""Who may do what through the API: the librarian group's Django permissions (catalogue.roles)."""

from rest_framework.permissions import BasePermission


class ImportPermission(BasePermission):
    """Reading the import history needs ``view_importbatch``; importing needs ``run_import``."""

    def has_permission(self, request, view) -> bool:
        user = request.user
        if not (user and user.is_authenticated):
            return False
        if request.method == "POST":
            return user.has_perm("importers.run_import")
        return user.has_perm("importers.view_importbatch")


class ExportPermission(BasePermission):
    """Exports carry the review flags, so they are for librarians (``view_game``)."""

    def has_permission(self, request, view) -> bool:
        user = request.user
        return bool(user and user.is_authenticated and user.has_perm("catalogue.view_game"))
