"""The import API's representations: upload requests, import history, reports."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from .models import ImportBatch


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


class ImportBatchSerializer(serializers.ModelSerializer):
    created_by = serializers.SlugRelatedField(slug_field="username", read_only=True)
    files = ReportFileNamesField()

    class Meta:
        model = ImportBatch
        fields = [
            "id", "created_at", "created_by", "origin", "status", "created", "updated",
            "unchanged", "flagged", "rejected", "files",
        ]  # fmt: skip


class ImportBatchDetailSerializer(ImportBatchSerializer):
    class Meta(ImportBatchSerializer.Meta):
        fields = [*ImportBatchSerializer.Meta.fields, "report"]


class ImportReportSerializer(serializers.Serializer):
    """What the admin's import screen shows (:meth:`importers.services.ImportReport.to_dict`)."""

    dry_run = serializers.BooleanField()
    totals = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="created, updated, unchanged, flagged (records), rejected (files).",
    )
    files = serializers.ListField(
        child=serializers.DictField(),
        help_text="Per file: name, format, records [{title, slug, action, review_fields}], "
        "error {file, record, field, message} or null, warnings [text].",
    )
    batch = serializers.IntegerField(
        allow_null=True, help_text="Id of the recorded import; null for a dry run."
    )
