from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ImportersConfig(AppConfig):
    name = "importers"
    verbose_name = _("Imports")

    def ready(self) -> None:
        # The catalogue never imports the importers: tell it where a game's import batch is
        # (its API shows it in a game's provenance).
        from catalogue.provenance import register_import_batch_lookup

        from .selectors import game_batch_id

        register_import_batch_lookup(game_batch_id)
