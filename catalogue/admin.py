from django.contrib import admin
from django.core.exceptions import FieldDoesNotExist
from django.http import HttpResponse
from django.utils.translation import gettext_lazy as _

from importers.export import catalogue_export

from . import services
from .models import Author, Category, Credit, Game, Publisher


class CreditInline(admin.TabularInline):
    model = Credit
    extra = 1
    autocomplete_fields = ["author"]
    fields = ["author", "role", "position"]


class NeedsReviewFilter(admin.SimpleListFilter):
    title = _("champ à compléter")
    parameter_name = "missing"

    def lookups(self, request, model_admin):
        names = sorted(
            {
                name
                for fields in Game.objects.values_list("review_fields", flat=True)
                for name in fields
            }
        )
        return [(name, _field_label(name)) for name in names]

    def queryset(self, request, queryset):
        if not self.value():
            return queryset
        ids = [
            pk
            for pk, fields in queryset.values_list("pk", "review_fields")
            if self.value() in fields
        ]
        return queryset.filter(pk__in=ids)


def _field_label(name: str) -> str:
    """The game field's label for a review-list entry (importers name fields as the model does)."""
    try:
        return Game._meta.get_field(name).verbose_name
    except FieldDoesNotExist:
        return name


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = [
        "title",
        "category",
        "publisher",
        "min_players",
        "max_players",
        "min_age",
        "duration_minutes",
        "needs_review",
    ]
    list_filter = [
        "needs_review",
        NeedsReviewFilter,
        "category",
        "publisher",
        "engine",
        "source_format",
    ]
    search_fields = ["title", "credits__author__name", "publisher__name", "category__code"]
    autocomplete_fields = ["publisher", "category"]
    inlines = [CreditInline]
    prepopulated_fields = {"slug": ["title"]}
    readonly_fields = [
        "source_file",
        "source_format",
        "import_batch",
        "imported_at",
        "created_at",
        "updated_at",
    ]
    fieldsets = [
        (None, {"fields": ["title", "slug", "document_type", "publisher", "category", "engine"]}),
        (
            _("Pour qui ?"),
            {
                "fields": [
                    ("min_players", "max_players"),
                    ("min_age", "max_age"),
                    "duration_minutes",
                ]
            },
        ),
        (_("Description"), {"fields": ["principle", "pedagogical_analysis", "components"]}),
        (_("Règle"), {"fields": ["rules_text", "rules_sections"]}),
        (_("Vérification"), {"fields": ["needs_review", "review_fields"]}),
        (_("Provenance"), {"fields": readonly_fields, "classes": ["collapse"]}),
    ]

    actions = ["export_csv", "export_json"]

    @admin.action(description=_("Exporter les jeux sélectionnés (CSV)"), permissions=["view"])
    def export_csv(self, request, queryset):
        return _download(catalogue_export(fmt="csv", games=queryset))

    @admin.action(description=_("Exporter les jeux sélectionnés (JSON)"), permissions=["view"])
    def export_json(self, request, queryset):
        return _download(catalogue_export(fmt="json", games=queryset))

    def save_model(self, request, obj, form, change):
        services.game_prepare(game=obj)
        super().save_model(request, obj, form, change)

    def save_related(self, request, form, formsets, change):
        # The search text includes the authors, so it is computed once the inline is saved.
        super().save_related(request, form, formsets, change)
        services.game_refresh_search(game=form.instance)

    def delete_model(self, request, obj):
        services.game_delete(game=obj)

    def delete_queryset(self, request, queryset):
        for game in queryset:
            services.game_delete(game=game)


class _RefreshGamesAdmin(admin.ModelAdmin):
    """A renamed author, publisher or category changes its games' search text."""

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if change:
            services.games_refresh_search(games=self.games_of(obj))

    def games_of(self, obj):
        return obj.games.distinct()


def _download(export) -> HttpResponse:
    response = HttpResponse(export.data, content_type=export.content_type)
    response["Content-Disposition"] = f'attachment; filename="{export.filename}"'
    return response


@admin.register(Author)
class AuthorAdmin(_RefreshGamesAdmin):
    list_display = ["name", "slug"]
    search_fields = ["name"]
    prepopulated_fields = {"slug": ["name"]}


@admin.register(Publisher)
class PublisherAdmin(_RefreshGamesAdmin):
    list_display = ["name", "slug"]
    search_fields = ["name"]
    prepopulated_fields = {"slug": ["name"]}


@admin.register(Category)
class CategoryAdmin(_RefreshGamesAdmin):
    list_display = ["code", "label", "family"]
    list_filter = ["family"]
    search_fields = ["code", "label", "family"]
    prepopulated_fields = {"slug": ["code", "label"]}
