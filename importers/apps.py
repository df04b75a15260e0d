from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ImportersConfig(AppConfig):
    name = "importers"
    verbose_name = _("Imports")
