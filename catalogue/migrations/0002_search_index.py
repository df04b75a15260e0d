"""The full-text index: an FTS5 table on SQLite, unaccent + a GIN expression index on PostgreSQL."""

from django.db import migrations

from catalogue import search


def _run(statements_by_vendor):
    def run(apps, schema_editor):
        statements = statements_by_vendor.get(schema_editor.connection.vendor, [])
        for statement in statements:
            schema_editor.execute(statement)

    return run


class Migration(migrations.Migration):
    dependencies = [("catalogue", "0001_initial")]

    operations = [
        migrations.RunPython(
            _run({"sqlite": search.SQLITE_SETUP, "postgresql": search.POSTGRES_SETUP}),
            _run({"sqlite": search.SQLITE_TEARDOWN, "postgresql": search.POSTGRES_TEARDOWN}),
        ),
    ]
