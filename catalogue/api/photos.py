"""The box photos of a game in the API: anyone reads them; librarians add them (multipart) and
delete them. Each upload is checked and re-encoded at once (:mod:`catalogue.photos`); a refused
file is a 400 or 413 with a machine-readable ``code``, and nothing is written."""

from __future__ import annotations

from django.db.models import QuerySet
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import DjangoModelPermissionsOrAnonReadOnly
from rest_framework.response import Response

from catalogue.models import Game, Photo
from catalogue.photos.selectors import photo_api
from catalogue.photos.services import PhotoRefused, photo_add, photo_delete, photo_prepare_upload
from core.api.schema import READ_AUTH, RETRY_AFTER, errors
from core.api.views import BaseAPIView
from core.parsers import JSONParser

from .schema import SLUG_SCHEMA


class ThumbnailSerializer(serializers.Serializer):
    url = serializers.URLField()
    type = serializers.CharField(help_text="image/avif, image/webp or image/jpeg.")
    width = serializers.IntegerField()
    height = serializers.IntegerField()


class PhotoSerializer(serializers.Serializer):
    """A photo as :func:`catalogue.photos.selectors.photo_api` shapes it (schema only)."""

    id = serializers.IntegerField()
    alt_text = serializers.CharField(help_text="What the photo shows, for who cannot see it.")
    width = serializers.IntegerField(help_text="Of the largest image (`url`).")
    height = serializers.IntegerField()
    url = serializers.URLField(help_text="The largest image (JPEG, at most 2,560 pixels).")
    thumbnails = ThumbnailSerializer(
        many=True, help_text="Smallest first, in AVIF, WebP and JPEG at each width."
    )


class PhotoUploadSerializer(serializers.Serializer):
    image = serializers.FileField(
        allow_empty_file=True,
        help_text="JPEG, PNG, WebP, AVIF or GIF (not animated), at most PHOTO_MAX_UPLOAD_BYTES "
        "and PHOTO_MAX_PIXELS. Re-encoded: EXIF (GPS…) is not kept.",
    )
    alt_text = serializers.CharField(max_length=250, help_text="Required, e.g. « Boîte du jeu ».")
    position = serializers.IntegerField(
        min_value=0, max_value=32767, required=False, help_text="Order; default: after the others."
    )


PhotoRefusedSerializer = inline_serializer(
    "PhotoRefused",
    fields={
        "detail": serializers.CharField(help_text="Why, in French."),
        "code": serializers.ChoiceField(
            choices=[
                "empty_file",
                "file_too_large",
                "not_an_image",
                "too_many_pixels",
                "unreadable_image",
                "animated_image",
                "unsupported_mode",
            ],
        ),  # fmt: skip
        "message": serializers.CharField(),
        "field": serializers.CharField(help_text="Always « image »."),
    },
)

SLUG = OpenApiParameter("slug", SLUG_SCHEMA, OpenApiParameter.PATH, description="The game.")
PHOTO_ID = OpenApiParameter("photo_id", int, OpenApiParameter.PATH, description="Photo id.")


def _game(slug: str) -> Game:
    game = Game.objects.filter(slug=slug).first()
    if game is None:
        raise NotFound("Aucun jeu ne porte cet identifiant.")
    return game


def _refusal(error: PhotoRefused) -> Response:
    body = {"detail": error.message, "code": error.code, "message": error.message, "field": "image"}
    return Response(body, status=error.status)


class GamePhotosView(BaseAPIView):
    permission_classes = [DjangoModelPermissionsOrAnonReadOnly]
    parser_classes = [MultiPartParser, FormParser, JSONParser]
    queryset = Photo.objects.all()  # for the model permissions only

    @extend_schema(
        operation_id="games_photos_list",
        summary="A game's box photos",
        parameters=[SLUG, RETRY_AFTER],
        responses={200: PhotoSerializer(many=True), **errors(401, 404, 429)},
        auth=READ_AUTH,
        tags=["photos"],
    )
    def get(self, request, slug: str):
        game = _game(slug)
        absolute = request.build_absolute_uri
        return Response([photo_api(photo, absolute) for photo in game.photos.all()])

    @extend_schema(
        operation_id="games_photos_create",
        summary="Add a box photo (librarians)",
        description="multipart/form-data: `image`, `alt_text` (required) and `position`. Needs "
        "« add photo ». The image is checked and re-encoded at once (orientation applied, "
        "EXIF and GPS dropped, thumbnails in AVIF, WebP and JPEG). A refused file is a 400 "
        "(413 when too large in bytes or pixels) with its `code`; nothing is written then.",
        request={"multipart/form-data": PhotoUploadSerializer},
        parameters=[SLUG, RETRY_AFTER],
        responses={
            201: PhotoSerializer,
            400: OpenApiResponse(
                PhotoRefusedSerializer,
                description="Refused image, or a missing field (field by field).",
            ),
            413: OpenApiResponse(PhotoRefusedSerializer, description="Too large."),
            **errors(401, 403, 404, 429),
        },  # fmt: skip
        tags=["photos"],
    )
    def post(self, request, slug: str):
        game = _game(slug)
        serializer = PhotoUploadSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        upload, data = serializer.validated_data["image"], serializer.validated_data
        try:
            processed = photo_prepare_upload(upload)
            photo = photo_add(
                game=game, processed=processed, alt_text=data["alt_text"],
                position=data.get("position"),
            )  # fmt: skip
        except PhotoRefused as error:
            return _refusal(error)
        body = photo_api(photo, request.build_absolute_uri)
        location = request.build_absolute_uri(f"{request.path}{photo.pk}/")
        return Response(body, status=status.HTTP_201_CREATED, headers={"Location": location})


class GamePhotoView(BaseAPIView):
    permission_classes = [DjangoModelPermissionsOrAnonReadOnly]
    queryset = Photo.objects.all()

    def _photo(self, slug: str, photo_id: str) -> Photo:
        photos: QuerySet = Photo.objects.filter(game__slug=slug)
        if not (photo_id.isascii() and photo_id.isdigit()) or len(photo_id) > 18:
            raise NotFound("Aucune photo de ce jeu ne porte ce numéro.")
        photo = photos.filter(pk=int(photo_id)).first()
        if photo is None:
            raise NotFound("Aucune photo de ce jeu ne porte ce numéro.")
        return photo

    @extend_schema(
        operation_id="games_photos_read",
        summary="One box photo",
        parameters=[SLUG, PHOTO_ID, RETRY_AFTER],
        responses={200: PhotoSerializer, **errors(401, 404, 429)},
        auth=READ_AUTH,
        tags=["photos"],
    )
    def get(self, request, slug: str, photo_id: str):
        return Response(photo_api(self._photo(slug, photo_id), request.build_absolute_uri))

    @extend_schema(
        operation_id="games_photos_delete",
        summary="Delete a box photo (librarians)",
        description="Needs « delete photo ». Its files go too (unless another photo has the "
        "same content). Another game's photo id is a 404.",
        parameters=[SLUG, PHOTO_ID, RETRY_AFTER],
        responses={204: None, **errors(401, 403, 404, 429)},
        tags=["photos"],
    )
    def delete(self, request, slug: str, photo_id: str):
        photo_delete(photo=self._photo(slug, photo_id))
        return Response(status=status.HTTP_204_NO_CONTENT)
