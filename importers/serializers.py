"""The import API's representations: upload requests, import history, reports."""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from .models import ImportBatch
from .selectors import batch_progress


class ImportRequestSerializer(serializers.Serializer):
    files = serializers.ListField(
        child=serializers.FileField(allow_empty_file=True),
        allow_empty=False,
        help_text="One or more library exports (PMB text/HTML, UNIMARC .mrc/.xml, CSV, JSON).",
    )
    dry_run = serializers.BooleanField(
        default=False, help_text="Report what would happen; write nothing."
    )


class ReportFileNamesField(serializers.Field):
    """The names of the files a batch's report covers (uploads kept or not)."""

    def __init__(self, **kwargs):
        super().__init__(read_only=True, source="report", **kwargs)

    def to_representation(self, value):
        return [entry["name"] for entry in (value or {}).get("files", [])]


extend_schema_field({"type": "array", "items": {"type": "string"}})(ReportFileNamesField)


class ImportProgressSerializer(serializers.Serializer):
    """Where an import's background job stands (:func:`importers.selectors.batch_progress`)."""

    status = serializers.CharField()
    status_label = serializers.CharField(help_text="The status in the site's language.")
    phase = serializers.ChoiceField(
        choices=ImportBatch.Phase.choices, help_text="read: the dry run; apply: the import."
    )
    finished = serializers.BooleanField(help_text="No job runs or waits for this batch.")
    share = serializers.FloatField(help_text="Share of the work done, 0 to 1.")
    percent = serializers.IntegerField()
    records_read = serializers.IntegerField(
        help_text="Records read so far (by the first pass over the files)."
    )
    files_rejected = serializers.IntegerField()
    elapsed_seconds = serializers.FloatField(allow_null=True)
    seconds_left = serializers.IntegerField(
        allow_null=True, help_text="At the pace so far; null while unknown."
    )
    error = serializers.CharField(help_text="Why the job failed (empty otherwise).")


class ImportBatchSerializer(serializers.ModelSerializer):
    created_by = serializers.SlugRelatedField(slug_field="username", read_only=True)
    files = ReportFileNamesField()
    url = serializers.SerializerMethodField(help_text="This import's address in the API.")
    progress = serializers.SerializerMethodField()

    class Meta:
        model = ImportBatch
        fields = [
            "id", "url", "created_at", "created_by", "origin", "kind", "status", "phase",
            "progress", "created", "updated", "unchanged", "flagged", "rejected", "files",
        ]  # fmt: skip

    def get_url(self, batch) -> str:
        path = reverse("api:import-detail", args=[batch.pk])
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request else path

    @extend_schema_field(ImportProgressSerializer)
    def get_progress(self, batch) -> dict:
        return batch_progress(batch)


class ImportBatchDetailSerializer(ImportBatchSerializer):
    class Meta(ImportBatchSerializer.Meta):
        fields = [*ImportBatchSerializer.Meta.fields, "report"]


class PhotoZipRequestSerializer(serializers.Serializer):
    file = serializers.FileField(
        help_text="A ZIP of box photos named after their games (slug, a copy's barcode, or the "
        "title; « slug_2.jpg » for a second photo), at most PHOTO_ZIP_MAX_BYTES."
    )
    dry_run = serializers.BooleanField(
        default=True, help_text="Report what would happen and wait for a confirmation (default)."
    )
