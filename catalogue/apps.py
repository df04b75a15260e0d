from django.apps import AppConfig
from django.db.models.signals import post_delete, post_migrate
from django.utils.translation import gettext_lazy as _


def _ensure_librarian_group(sender, **kwargs) -> None:
    # Runs after Django has created the permissions of every migrated app.
    from .roles import librarian_group_ensure

    librarian_group_ensure()


def _photo_files_release(sender, instance, **kwargs) -> None:
    from .photos.services import files_release

    files_release(instance)


class CatalogueConfig(AppConfig):
    name = "catalogue"
    verbose_name = _("Catalogue")

    def ready(self) -> None:
        post_migrate.connect(_ensure_librarian_group, dispatch_uid="catalogue_librarian_group")
        # A photo's files go with its row, however it goes (its game deleted: a cascade).
        post_delete.connect(
            _photo_files_release, sender="catalogue.Photo", dispatch_uid="photo_files"
        )
