from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlayConfig(AppConfig):
    name = "play"
    verbose_name = _("Parties")

    def ready(self) -> None:
        # The catalogue never imports play: tell it which games can be played, and how they
        # are titled in the catalogue (the importer links those titles by itself).
        from catalogue.engines import (
            register_engine_provider,
            register_picture_provider,
            register_tutorial_provider,
        )
        from catalogue.rulebooks import register_rules_provider

        from .games.registry import catalogue_entries, has_tutorial
        from .rules import rule_topics, rules_answering

        register_engine_provider(catalogue_entries)
        # …and each game's rules in small pieces, which its page shows.
        register_rules_provider(rule_topics, rules_answering)
        # …and which of them teach a first game.
        register_tutorial_provider(has_tutorial)
        # …and, for a game without a box photo, its board at the start of a game.
        from .setup_glance import opening_picture

        register_picture_provider(opening_picture)
