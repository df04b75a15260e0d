from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path
from django.utils.translation import gettext_lazy as _

from . import services
from .admin_forms import CreditForm, GameAdminForm, game_field_label
from .copies_admin import CopyInline
from .labels import box_labels
from .merge_admin import MergeAdminMixin
from .models import Author, Category, Credit, Game, Photo, Publisher
from .photos.forms import PhotoInlineForm
from .photos.selectors import photo_preview

admin.site.site_header = _("Administration de la ludothèque")
admin.site.site_title = _("Ludothèque")
admin.site.index_title = _("Catalogue et imports")


class CreditInline(admin.TabularInline):
    model = Credit
    form = CreditForm
    extra = 1
    autocomplete_fields = ["author"]
    fields = ["author", "role", "position"]


class PhotoInline(admin.TabularInline):
    """Box photos: each upload is checked and re-encoded (EXIF and GPS dropped) on save."""

    model = Photo
    form = PhotoInlineForm
    extra = 1
    fields = ["preview", "upload", "alt_text", "position"]
    readonly_fields = ["preview"]

    @admin.display(description=_("aperçu"))
    def preview(self, photo):
        return photo_preview(photo)


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
        return [(name, game_field_label(name)) for name in names]

    def queryset(self, request, queryset):
        if not self.value():
            return queryset
        ids = [
            pk
            for pk, fields in queryset.values_list("pk", "review_fields")
            if self.value() in fields
        ]
        return queryset.filter(pk__in=ids)


@admin.register(Game)
class GameAdmin(MergeAdminMixin, admin.ModelAdmin):
    form = GameAdminForm
    change_form_template = "admin/catalogue/game/change_form.html"
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
    inlines = [CreditInline, PhotoInline, CopyInline]
    prepopulated_fields = {"slug": ["title"]}
    # The provenance (importers.admin adds the import batch, which the importers keep).
    readonly_fields = ["source_file", "source_format", "imported_at", "created_at", "updated_at"]
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
    ]

    def get_fieldsets(self, request, obj=None):
        provenance = {"fields": self.get_readonly_fields(request, obj), "classes": ["collapse"]}
        return [*self.fieldsets, (_("Provenance"), provenance)]

    # importers.admin adds the export actions (the catalogue knows nothing of the importers).
    actions = ["print_labels", "merge_two"]

    def get_urls(self):
        own = [
            path(
                "<int:pk>/label/",
                self.admin_site.admin_view(self.label_view),
                name="catalogue_game_label",
            )
        ]
        return own + super().get_urls()

    def label_view(self, request, pk):
        """One box label on its own page, to print and stick on the game's box."""
        game = get_object_or_404(self.get_queryset(request), pk=pk)
        if not self.has_view_permission(request, game):
            raise PermissionDenied
        return _labels_response(request, [game], sheet=False)

    @admin.action(description=_("Imprimer les étiquettes des boîtes"), permissions=["view"])
    def print_labels(self, request, queryset):
        return _labels_response(request, queryset.select_related("category"), sheet=True)

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


def _labels_response(request, games, *, sheet: bool) -> TemplateResponse:
    labels = box_labels(games=games, absolute_url=request.build_absolute_uri)
    context = {"labels": labels, "sheet": sheet, "title": _("Étiquettes à imprimer")}
    return TemplateResponse(request, "admin/catalogue/game/labels.html", context)


@admin.register(Author)
class AuthorAdmin(MergeAdminMixin, _RefreshGamesAdmin):
    list_display = ["name", "slug"]
    search_fields = ["name"]
    prepopulated_fields = {"slug": ["name"]}


@admin.register(Publisher)
class PublisherAdmin(MergeAdminMixin, _RefreshGamesAdmin):
    list_display = ["name", "slug"]
    search_fields = ["name"]
    prepopulated_fields = {"slug": ["name"]}


@admin.register(Category)
class CategoryAdmin(_RefreshGamesAdmin):
    list_display = ["code", "label", "family"]
    list_filter = ["family"]
    search_fields = ["code", "label", "family"]
    prepopulated_fields = {"slug": ["code", "label"]}
