from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DeskConfig(AppConfig):
    name = "desk"
    verbose_name = _("Bureau des bibliothécaires")

    def ready(self) -> None:
        from . import receivers

        receivers.connect()
