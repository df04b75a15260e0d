"""The full-text index of the time: an FTS5 table on SQLite, unaccent + a GIN expression index on
PostgreSQL (dropped by 0004: the search index now lives outside the database)."""

from django.db import migrations

PG_DOCUMENT = "to_tsvector('french'::regconfig, ludo_unaccent(search_text))"
FTS_TABLE = "catalogue_game_fts"
SQLITE_SETUP = [
    f"CREATE VIRTUAL TABLE IF NOT EXISTS {FTS_TABLE} USING fts5("
    "title, body, tokenize = 'unicode61 remove_diacritics 2')",
    f"CREATE TRIGGER IF NOT EXISTS {FTS_TABLE}_delete AFTER DELETE ON catalogue_game BEGIN "
    f"DELETE FROM {FTS_TABLE} WHERE rowid = old.id; END",
]
SQLITE_TEARDOWN = [
    f"DROP TRIGGER IF EXISTS {FTS_TABLE}_delete",
    f"DROP TABLE IF EXISTS {FTS_TABLE}",
]
POSTGRES_SETUP = [
    "CREATE EXTENSION IF NOT EXISTS unaccent",
    "CREATE OR REPLACE FUNCTION ludo_unaccent(text) RETURNS text "
    "LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT "
    "AS $$ SELECT translate(public.unaccent('public.unaccent'::regdictionary, $1), '<>', '  ') $$",
    "CREATE INDEX IF NOT EXISTS catalogue_game_search_idx ON catalogue_game "
    f"USING gin (({PG_DOCUMENT}))",
]
POSTGRES_TEARDOWN = [
    "DROP INDEX IF EXISTS catalogue_game_search_idx",
    "DROP FUNCTION IF EXISTS ludo_unaccent(text)",
]


def run(statements_by_vendor):
    def apply(apps, schema_editor):
        for statement in statements_by_vendor.get(schema_editor.connection.vendor, []):
            schema_editor.execute(statement)

    return apply


class Migration(migrations.Migration):
    dependencies = [("catalogue", "0001_initial")]

    operations = [
        migrations.RunPython(
            run({"sqlite": SQLITE_SETUP, "postgresql": POSTGRES_SETUP}),
            run({"sqlite": SQLITE_TEARDOWN, "postgresql": POSTGRES_TEARDOWN}),
        ),
    ]
