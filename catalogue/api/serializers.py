"""API representations: output of games, people, publishers, categories; game input; tokens.

Serializers only shape data and check input types; writes go through
:func:`catalogue.api.services.game_write` (which calls :func:`catalogue.services.game_save`).
"""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from catalogue.models import Category, Copy, Game
from catalogue.photos.selectors import first_photos, photo_api
from catalogue.provenance import game_import_batch_id
from catalogue.review import REVIEWABLE_FIELDS

from .photos import PhotoSerializer
from .selectors import games_of


def _absolute(request, path: str) -> str:
    return request.build_absolute_uri(path) if request is not None else path


class PageUrlField(serializers.Field):
    """The absolute URL of the object's HTML page."""

    def __init__(self, **kwargs):
        kwargs.setdefault("help_text", "Absolute URL of the public HTML page.")
        super().__init__(read_only=True, source="*", **kwargs)

    def to_representation(self, value):
        return _absolute(self.context.get("request"), value.get_absolute_url())


extend_schema_field(OpenApiTypes.URI)(PageUrlField)


# --------------------------------------------------------------------------- references


class CreditSerializer(serializers.Serializer):
    name = serializers.CharField(source="author.name")
    role = serializers.CharField(help_text="As the record gives it: « Auteur », « Illustrateur »…")
    slug = serializers.SlugField(source="author.slug", help_text="The author's identifier.")


class PublisherRefSerializer(serializers.Serializer):
    name = serializers.CharField()
    slug = serializers.SlugField()


class CategoryRefSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="ESAR code, e.g. « A 406 ».")
    label = serializers.CharField(help_text="e.g. « jeu de stratégie ».")
    family = serializers.CharField(help_text="e.g. « jeu de règles » (may be empty).")
    slug = serializers.SlugField()


class RulesSectionSerializer(serializers.Serializer):
    heading = serializers.CharField(
        allow_blank=True, help_text="Empty for text before any heading."
    )
    body = serializers.CharField(allow_blank=True, trim_whitespace=False)


# --------------------------------------------------------------------------- games


class FirstPhotoField(serializers.Field):
    """The game's first box photo (its URLs and alternative text), null when it has none."""

    def __init__(self, **kwargs):
        kwargs.setdefault("help_text", "The first box photo (see `photos` in the record).")
        super().__init__(read_only=True, source="*", allow_null=True, **kwargs)

    def to_representation(self, game):
        photos = list(game.photos.all())  # prefetched by the lists
        if not photos:
            return None
        return photo_api(photos[0], _media_absolute(self.context.get("request")))


class PhotosField(serializers.Field):
    """Every box photo of the game, in order."""

    def __init__(self, **kwargs):
        super().__init__(read_only=True, source="*", **kwargs)

    def to_representation(self, game):
        absolute = _media_absolute(self.context.get("request"))
        return [photo_api(photo, absolute) for photo in game.photos.all()]


extend_schema_field(PhotoSerializer(allow_null=True))(FirstPhotoField)
extend_schema_field(PhotoSerializer(many=True))(PhotosField)


def _media_absolute(request):
    """A photo URL made absolute (a remote store's already is)."""
    return lambda url: url if "://" in url else _absolute(request, url)


class GameSummarySerializer(serializers.Serializer):
    slug = serializers.SlugField()
    title = serializers.CharField()
    authors = CreditSerializer(source="credits", many=True)
    publisher = PublisherRefSerializer(allow_null=True)
    category = CategoryRefSerializer(allow_null=True)
    min_players = serializers.IntegerField(allow_null=True)
    max_players = serializers.IntegerField(allow_null=True)
    min_age = serializers.IntegerField(allow_null=True)
    max_age = serializers.IntegerField(
        allow_null=True, help_text="null: no upper limit (or not catalogued, see review_fields)."
    )
    duration_minutes = serializers.IntegerField(allow_null=True)
    url = serializers.HyperlinkedIdentityField(
        view_name="api:game-detail", lookup_field="slug", help_text="This game in the API."
    )
    page_url = PageUrlField()
    photo = FirstPhotoField()


class GameSummaries:
    """:class:`GameSummarySerializer`'s output, from :func:`catalogue.selectors.game_summaries`
    rows: the same JSON, without DRF's per-field machinery (10× cheaper on a page of 20).
    Each URL is reversed once a page, the slug put in its place (slugs need no escaping)."""

    MARKER = "slug-marker"

    def __init__(self, request):
        self.request = request
        origin = request.build_absolute_uri("/")[:-1]
        self.api = self._split(origin, reverse("api:game-detail", kwargs={"slug": self.MARKER}))
        self.page = self._split(origin, reverse("catalogue:game", args=[self.MARKER]))

    @classmethod
    def _split(cls, origin: str, path: str) -> tuple[str, str]:
        head, tail = path.rsplit(cls.MARKER, 1)
        return origin + head, tail

    def data(self, games: list[dict]) -> list[dict]:
        (api_head, api_tail), (page_head, page_tail) = self.api, self.page
        photos = first_photos(game["id"] for game in games)
        absolute = _media_absolute(self.request)
        return [
            {
                "slug": game["slug"],
                "title": game["title"],
                "authors": game["credits"],
                "publisher": game["publisher"],
                "category": game["category"],
                "min_players": game["min_players"],
                "max_players": game["max_players"],
                "min_age": game["min_age"],
                "max_age": game["max_age"],
                "duration_minutes": game["duration_minutes"],
                "url": f"{api_head}{game['slug']}{api_tail}",
                "page_url": f"{page_head}{game['slug']}{page_tail}",
                "photo": photo_api(photos[game["id"]], absolute) if game["id"] in photos else None,
            }
            for game in games
        ]


class ImportBatchField(serializers.IntegerField):
    """The id of the import that last wrote the game, as the importers keep it
    (:mod:`catalogue.provenance`)."""

    def __init__(self, **kwargs):
        super().__init__(source="*", allow_null=True, **kwargs)

    def get_attribute(self, instance: Game) -> int | None:
        return game_import_batch_id(instance)


class ProvenanceSerializer(serializers.Serializer):
    source_file = serializers.CharField(help_text="The library export file the game came from.")
    source_format = serializers.CharField(help_text="pmb-text, unimarc-xml, csv…")
    import_batch = ImportBatchField(help_text="Id of the import (see /imports/).")
    imported_at = serializers.DateTimeField(allow_null=True)


class PublicCopySerializer(serializers.Serializer):
    """A copy as anyone sees it: no barcode (the librarians' copies API has it)."""

    call_number = serializers.CharField(help_text="The « cote ».")
    location = serializers.CharField()
    section = serializers.CharField()
    status = serializers.ChoiceField(
        choices=Copy.Status.choices,
        help_text="available, on_loan, repair, excluded.",
    )
    due_date = serializers.DateField(allow_null=True, help_text="The expected return (on_loan).")


class AvailabilityField(serializers.BooleanField):
    """Whether a copy is in now (null: the game has no copy)."""

    def __init__(self, **kwargs):
        super().__init__(source="*", read_only=True, allow_null=True, **kwargs)

    def get_attribute(self, instance: Game) -> bool | None:
        states = [copy.status for copy in instance.copies.all()]
        return "available" in states if states else None

    def to_representation(self, value):
        return value


class GameDetailSerializer(GameSummarySerializer):
    copies = PublicCopySerializer(many=True, help_text="The library's copies (« exemplaires »).")
    available_now = AvailabilityField(
        help_text="A copy is in now; false: all are out; null: the game has no copy."
    )
    photos = PhotosField(help_text="The box photos, in order (the first is `photo`).")
    document_type = serializers.CharField()
    principle = serializers.CharField()
    pedagogical_analysis = serializers.CharField()
    components = serializers.CharField()
    rules_text = serializers.CharField(help_text="The rules as the record gives them.")
    rules_sections = RulesSectionSerializer(many=True)
    provenance = ProvenanceSerializer(source="*")
    needs_review = serializers.BooleanField(help_text="Flagged for a librarian to complete.")
    review_fields = serializers.ListField(
        child=serializers.CharField(), help_text="Fields to complete (field names)."
    )
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()


class CreditInputSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=200)
    role = serializers.CharField(max_length=100, required=False, help_text="Default: « Auteur ».")

    def validate(self, attrs: dict) -> dict:
        # A default of its own: PATCH's partial validation would skip a field default.
        return {"name": attrs["name"], "role": attrs.get("role") or "Auteur"}


def _count(min_value: int = 0) -> serializers.IntegerField:
    return serializers.IntegerField(
        min_value=min_value, max_value=32767, required=False, allow_null=True, default=None
    )


def _text(**kwargs) -> serializers.CharField:
    return serializers.CharField(
        required=False, allow_blank=True, default="", trim_whitespace=False, **kwargs
    )


class GameWriteSerializer(serializers.Serializer):
    """A game as librarians send it. With PUT every field absent is reset to its default, except
    ``slug``, ``rules_sections``, ``needs_review`` and ``review_fields`` (kept); PATCH changes only
    the fields given. ``rules_sections`` absent: split from ``rules_text`` whenever it is set."""

    title = serializers.CharField(max_length=300)
    slug = serializers.SlugField(
        max_length=300, required=False, help_text="Derived from the title when absent."
    )
    document_type = _text(max_length=200)
    authors = CreditInputSerializer(
        many=True, required=False, default=list, help_text="In order; role defaults to « Auteur »."
    )
    publisher = serializers.CharField(
        max_length=200, required=False, allow_blank=True, allow_null=True, default=None,
        help_text="Publisher name, created if new; null or empty for none.",
    )  # fmt: skip
    category = serializers.SlugRelatedField(
        slug_field="code", queryset=Category.objects.all(), required=False, allow_null=True,
        default=None, help_text="ESAR code of an existing category, e.g. « A 406 ».",
    )  # fmt: skip
    min_players = _count(min_value=1)
    max_players = _count(min_value=1)
    min_age = _count()
    max_age = _count()
    duration_minutes = _count(min_value=1)
    principle = _text()
    pedagogical_analysis = _text()
    components = _text()
    rules_text = _text()
    rules_sections = RulesSectionSerializer(many=True, required=False)
    needs_review = serializers.BooleanField(required=False)
    review_fields = serializers.ListField(
        child=serializers.ChoiceField(choices=REVIEWABLE_FIELDS), required=False
    )

    def validate_slug(self, value: str) -> str:
        taken = Game.objects.filter(slug=value)
        if self.instance is not None:
            taken = taken.exclude(pk=self.instance.pk)
        if taken.exists():
            raise serializers.ValidationError("Un autre jeu porte déjà cet identifiant.")
        return value

    def validate_authors(self, value: list[dict]) -> list[dict]:
        seen = set()
        for credit in value:
            key = (credit["name"].strip().casefold(), credit["role"].strip().casefold())
            if key in seen:
                raise serializers.ValidationError(
                    f"« {credit['name']} » figure deux fois avec le rôle « {credit['role']} »."
                )
            seen.add(key)
        return value


# --------------------------------------------------------------------------- people & co.


class AuthorSerializer(serializers.Serializer):
    name = serializers.CharField()
    slug = serializers.SlugField()
    game_count = serializers.IntegerField()
    url = serializers.HyperlinkedIdentityField(view_name="api:author-detail", lookup_field="slug")
    page_url = PageUrlField(help_text="The search page filtered on this author.")


class PublisherSerializer(AuthorSerializer):
    url = serializers.HyperlinkedIdentityField(
        view_name="api:publisher-detail", lookup_field="slug"
    )
    page_url = PageUrlField(help_text="The search page filtered on this publisher.")


class CategorySerializer(CategoryRefSerializer):
    game_count = serializers.IntegerField()
    url = serializers.HyperlinkedIdentityField(view_name="api:category-detail", lookup_field="slug")
    page_url = PageUrlField(help_text="The search page filtered on this category.")


class GamesField(serializers.Field):
    """Every game of the author, publisher or category, in summary form, by title."""

    def __init__(self, of: str, **kwargs):
        self.of = of
        super().__init__(read_only=True, source="*", **kwargs)

    def to_representation(self, value):
        games = games_of(**{self.of: value})
        return GameSummarySerializer(games, many=True, context=self.context).data


extend_schema_field(GameSummarySerializer(many=True))(GamesField)


class AuthorDetailSerializer(AuthorSerializer):
    games = GamesField(of="author")


class PublisherDetailSerializer(PublisherSerializer):
    games = GamesField(of="publisher")


class CategoryDetailSerializer(CategorySerializer):
    games = GamesField(of="category")


# --------------------------------------------------------------------------- search & tokens


class NumericFacetSerializer(serializers.Serializer):
    value = serializers.IntegerField()
    count = serializers.IntegerField(help_text="Games this value would keep, other filters kept.")
    selected = serializers.BooleanField()


class ValueFacetSerializer(NumericFacetSerializer):
    value = serializers.CharField(help_text="The parameter value (ESAR code or slug).")
    label = serializers.CharField()


class PlayableFacetSerializer(serializers.Serializer):
    value = serializers.BooleanField()
    label = serializers.CharField()
    count = serializers.IntegerField(help_text="Games playable online, other filters kept.")
    selected = serializers.BooleanField()


class FacetsSerializer(serializers.Serializer):
    players = NumericFacetSerializer(many=True)
    age = NumericFacetSerializer(many=True)
    max_duration = NumericFacetSerializer(many=True)
    category = ValueFacetSerializer(many=True)
    publisher = ValueFacetSerializer(many=True)
    author = ValueFacetSerializer(
        many=True,
        help_text="The most frequent authors (facet_size, default 10); publisher likewise.",
    )
    playable = PlayableFacetSerializer(many=True, help_text="One entry: games playable online.")
    available = PlayableFacetSerializer(
        many=True, help_text="One entry: games with a copy in now (the available filter)."
    )


class GameSearchPageSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = GameSummarySerializer(many=True)
    facets = FacetsSerializer()
    facets_truncated = serializers.ListField(
        child=serializers.CharField(),
        help_text="Facets (publisher, author) with more values than listed: ask for more "
        "with facet_size.",
    )
