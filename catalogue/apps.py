from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


def _ensure_librarian_group(sender, **kwargs) -> None:
    # Runs after Django has created the permissions of every migrated app.
    from .roles import librarian_group_ensure

    librarian_group_ensure()


class CatalogueConfig(AppConfig):
    name = "catalogue"
    verbose_name = _("Catalogue")

    def ready(self) -> None:
        post_migrate.connect(_ensure_librarian_group, dispatch_uid="catalogue_librarian_group")
