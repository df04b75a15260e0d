from django.contrib import admin

from .models import Match, MoveRecord, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["index", "kind", "name", "bot_level", "joined"]
    readonly_fields = fields
    can_delete = False


class MoveInline(admin.TabularInline):
    model = MoveRecord
    extra = 0
    fields = ["ply", "seat", "description", "by_bot", "chance", "created_at"]
    readonly_fields = fields
    can_delete = False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    """Read-only: matches change only through moves. The seed and tokens are never shown."""

    list_display = ["code", "game", "engine", "status", "plies", "created_at", "finished_at"]
    list_filter = ["status", "engine"]
    search_fields = ["code", "game__title"]
    fields = [
        "code",
        "game",
        "engine",
        "options",
        "seats_count",
        "status",
        "plies",
        "version",
        "outcome",
        "created_at",
        "finished_at",
    ]
    readonly_fields = fields
    inlines = [SeatInline, MoveInline]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
