"""The catalogue API: search and read games, authors, publishers, categories; librarians edit games.

The game list reads its parameters with :class:`catalogue.forms.GameSearchForm` and calls
:func:`catalogue.selectors.game_search`, exactly as the search page does, so the two always
return the same games; unlike the page, invalid parameters are a 400.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import NON_FIELD_ERRORS
from django.core.exceptions import ValidationError as ModelValidationError
from django.db.models import ProtectedError
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import generics, status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.permissions import DjangoModelPermissionsOrAnonReadOnly
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.utils.urls import remove_query_param, replace_query_param

from catalogue.forms import GameSearchForm
from catalogue.models import Author, Category, Game, Publisher
from catalogue.selectors import SearchUnavailable, browse_list, game_get, game_search
from catalogue.signals import search_announce
from core.api.schema import READ_AUTH, RETRY_AFTER, errors
from core.api.views import BaseAPIView, PageNumbers
from core.parsers import JSONParser

from . import serializers as s
from .schema import PAGE, SEARCH_PARAMETERS, SLUG_SCHEMA
from .services import game_delete, game_write


def _field_errors(error: ModelValidationError) -> dict[str, list[str]]:
    """A model's ValidationError in DRF's shape (``__all__`` → ``non_field_errors``)."""
    return {
        (api_settings.NON_FIELD_ERRORS_KEY if name == NON_FIELD_ERRORS else name): messages
        for name, messages in error.message_dict.items()
    }


def _page_url(request, number: int) -> str:
    url = request.build_absolute_uri()
    return (
        remove_query_param(url, "page") if number == 1 else replace_query_param(url, "page", number)
    )


# --------------------------------------------------------------------------- games


class GameListView(BaseAPIView):
    permission_classes = [DjangoModelPermissionsOrAnonReadOnly]
    parser_classes = [JSONParser]
    queryset = Game.objects.all()  # for the model permissions only

    @extend_schema(
        operation_id="games_search",
        summary="Search the catalogue",
        description="The search page's query as an API: the page of games, the total count and "
        "facet counts (each value with the number of games it would keep). Invalid parameters "
        "are a 400 (the HTML page ignores them); a page past the last one is a 404.",
        parameters=[*SEARCH_PARAMETERS, RETRY_AFTER],
        responses={200: s.GameSearchPageSerializer, **errors(400, 401, 404, 429)},
        auth=READ_AUTH,
        tags=["games"],
    )
    def get(self, request):
        form = GameSearchForm(request.query_params)
        if not form.is_valid():
            raise ValidationError({name: list(messages) for name, messages in form.errors.items()})
        params = form.params()
        try:
            result = game_search(
                params=params, page_size=settings.CATALOGUE_PAGE_SIZE, summaries=True
            )
        except SearchUnavailable:
            message = _(
                "La recherche est momentanément indisponible ; les fiches restent lisibles."
            )
            body = {"detail": message, "code": "search_unavailable", "message": message}
            return Response(body, status=status.HTTP_503_SERVICE_UNAVAILABLE)
        page = result.page
        if page.number != params.page:
            raise NotFound("Page hors limites.")
        search_announce(request, params, result.count, sender="api")
        return Response(
            {
                "count": result.count,
                "next": _page_url(request, page.next_page_number()) if page.has_next() else None,
                "previous": _page_url(request, page.previous_page_number())
                if page.has_previous()
                else None,
                "results": s.GameSummaries(request).data(page.object_list),
                "facets": result.facets,
                "facets_truncated": result.facets_truncated,
            }
        )

    @extend_schema(
        operation_id="games_create",
        summary="Add a game (librarians)",
        description="Needs the « add game » permission. Validation errors come back field by "
        "field; a minimum above its maximum (players, age) is a « non_field_errors » entry, as "
        "the model checks the pair. Nothing is written when the game is refused.",
        request=s.GameWriteSerializer,
        responses={201: s.GameDetailSerializer, **errors(400, 401, 403, 429)},
        parameters=[RETRY_AFTER],
        tags=["games"],
    )
    def post(self, request):
        serializer = s.GameWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        game = _write(None, serializer.validated_data)
        data = s.GameDetailSerializer(game_get(slug=game.slug), context={"request": request}).data
        return Response(data, status=status.HTTP_201_CREATED, headers={"Location": data["url"]})


def _write(game: Game | None, data: dict) -> Game:
    try:
        return game_write(game=game, data=data)
    except ModelValidationError as error:
        raise ValidationError(_field_errors(error)) from None


SLUG = OpenApiParameter(
    "slug", SLUG_SCHEMA, OpenApiParameter.PATH, description="The game's identifier."
)


class GameDetailView(BaseAPIView):
    permission_classes = [DjangoModelPermissionsOrAnonReadOnly]
    parser_classes = [JSONParser]
    queryset = Game.objects.all()

    def _game(self, slug: str) -> Game:
        try:
            return game_get(slug=slug)
        except Game.DoesNotExist:
            raise NotFound("Aucun jeu ne porte cet identifiant.") from None

    def _respond(self, request, slug: str, *, partial: bool):
        game = self._game(slug)
        serializer = s.GameWriteSerializer(game, data=request.data, partial=partial)
        serializer.is_valid(raise_exception=True)
        game = _write(game, serializer.validated_data)
        return Response(
            s.GameDetailSerializer(game_get(slug=game.slug), context={"request": request}).data
        )

    @extend_schema(
        operation_id="games_read",
        summary="One game, whole record",
        description="Rules by section, rules text, components, principle, pedagogical "
        "analysis, provenance of the import and review flags.",
        parameters=[SLUG, RETRY_AFTER],
        responses={200: s.GameDetailSerializer, **errors(401, 404, 429)},
        auth=READ_AUTH,
        tags=["games"],
    )
    def get(self, request, slug: str):
        return Response(s.GameDetailSerializer(self._game(slug), context={"request": request}).data)

    @extend_schema(
        operation_id="games_replace",
        summary="Replace a game (librarians)",
        description="Needs « change game ». Fields not sent are reset to their defaults "
        "(see GameWrite). Errors as for POST; nothing is written when refused.",
        parameters=[SLUG, RETRY_AFTER],
        request=s.GameWriteSerializer,
        responses={200: s.GameDetailSerializer, **errors(400, 401, 403, 404, 429)},
        tags=["games"],
    )
    def put(self, request, slug: str):
        return self._respond(request, slug, partial=False)

    @extend_schema(
        operation_id="games_update",
        summary="Change some fields of a game (librarians)",
        description="Needs « change game ». Only the fields sent change.",
        parameters=[SLUG, RETRY_AFTER],
        request=s.GameWriteSerializer(partial=True),
        responses={200: s.GameDetailSerializer, **errors(400, 401, 403, 404, 429)},
        tags=["games"],
    )
    def patch(self, request, slug: str):
        return self._respond(request, slug, partial=True)

    @extend_schema(
        operation_id="games_delete",
        summary="Delete a game (librarians)",
        description="Needs « delete game ». Its authors and publisher stay.",
        parameters=[SLUG, RETRY_AFTER],
        responses={204: None, **errors(401, 403, 404, 409, 429)},
        tags=["games"],
    )
    def delete(self, request, slug: str):
        try:
            game_delete(game=self._game(slug))
        except ProtectedError:
            return Response(
                {"detail": "Ce jeu ne peut pas être supprimé : d'autres données y renvoient "
                 "(des parties en ligne, par exemple)."},
                status=status.HTTP_409_CONFLICT,
            )  # fmt: skip
        return Response(status=status.HTTP_204_NO_CONTENT)


# --------------------------------------------------------------------------- browse


class _BrowseList(BaseAPIView, generics.ListAPIView):
    permission_classes = [DjangoModelPermissionsOrAnonReadOnly]
    pagination_class = PageNumbers
    model = None

    def get_queryset(self):
        return browse_list(self.model).order_by(*self.model._meta.ordering)


class _BrowseDetail(BaseAPIView, generics.RetrieveAPIView):
    permission_classes = [DjangoModelPermissionsOrAnonReadOnly]
    lookup_field = "slug"
    model = None

    def get_queryset(self):
        return browse_list(self.model)  # as the lists: those with at least one game


def _browse_schema(kind: str, list_serializer, detail_serializer, extra: str = ""):
    plural = f"{kind}s" if kind != "category" else "categories"
    slug = OpenApiParameter(
        "slug", SLUG_SCHEMA, OpenApiParameter.PATH, description=f"The {kind}'s slug."
    )
    return (
        extend_schema_view(
            get=extend_schema(
                operation_id=f"{plural}_list",
                summary=f"{plural.capitalize()} with at least one game",
                description=f"Paginated, with each {kind}'s number of games.{extra}",
                parameters=[PAGE, RETRY_AFTER],
                responses={200: list_serializer, **errors(401, 404, 429)},
                auth=READ_AUTH,
                tags=[plural],
            )
        ),
        extend_schema_view(
            get=extend_schema(
                operation_id=f"{plural}_read",
                summary=f"One {kind} and its games",
                parameters=[slug, RETRY_AFTER],
                responses={200: detail_serializer, **errors(401, 404, 429)},
                auth=READ_AUTH,
                tags=[plural],
            )
        ),
    )


_author_list, _author_detail = _browse_schema(
    "author", s.AuthorSerializer, s.AuthorDetailSerializer
)
_publisher_list, _publisher_detail = _browse_schema(
    "publisher", s.PublisherSerializer, s.PublisherDetailSerializer
)
_category_list, _category_detail = _browse_schema(
    "category", s.CategorySerializer, s.CategoryDetailSerializer, " Looked up by slug."
)


@_author_list
class AuthorListView(_BrowseList):
    model = Author
    serializer_class = s.AuthorSerializer


@_author_detail
class AuthorDetailView(_BrowseDetail):
    model = Author
    serializer_class = s.AuthorDetailSerializer


@_publisher_list
class PublisherListView(_BrowseList):
    model = Publisher
    serializer_class = s.PublisherSerializer


@_publisher_detail
class PublisherDetailView(_BrowseDetail):
    model = Publisher
    serializer_class = s.PublisherDetailSerializer


@_category_list
class CategoryListView(_BrowseList):
    model = Category
    serializer_class = s.CategorySerializer


@_category_detail
class CategoryDetailView(_BrowseDetail):
    model = Category
    serializer_class = s.CategoryDetailSerializer
