"""The link from a game to the import batch that last wrote it moves from the catalogue's
``Game.import_batch`` to the importers' own :class:`ImportedGame`.

Every existing link is copied from the games' column, where the database still has it (one
migrated before the catalogue's squash), before the catalogue's 0007 drops the column: hence
``run_before``, so that the catalogue's migrations need not depend on ours. Backwards, the
links go back into the column (which the catalogue's 0007 puts back first).
"""

import django.db.models.deletion
from django.db import migrations, models

COLUMN = "import_batch_id"


def _tables(apps, schema_editor):
    q = schema_editor.quote_name
    game = apps.get_model("catalogue", "Game")._meta.db_table
    link = apps.get_model("importers", "ImportedGame")._meta.db_table
    with schema_editor.connection.cursor() as cursor:
        columns = schema_editor.connection.introspection.get_table_description(cursor, game)
    has_column = COLUMN in {column.name for column in columns}
    return q(game), q(link), has_column


def links_copy(apps, schema_editor):
    game, link, has_column = _tables(apps, schema_editor)
    if has_column:
        schema_editor.execute(
            f"INSERT INTO {link} (game_id, batch_id) "
            f"SELECT id, {COLUMN} FROM {game} WHERE {COLUMN} IS NOT NULL ORDER BY id"
        )


def links_restore(apps, schema_editor):
    game, link, has_column = _tables(apps, schema_editor)
    if has_column:
        schema_editor.execute(
            f"UPDATE {game} SET {COLUMN} = "
            f"(SELECT batch_id FROM {link} WHERE {link}.game_id = {game}.id)"
        )


class Migration(migrations.Migration):
    dependencies = [
        ("catalogue", "0001_squashed_0006_search_log_identity"),
        ("importers", "0002_background_jobs"),
    ]
    run_before = [("catalogue", "0007_game_import_batch_dropped")]

    operations = [
        migrations.CreateModel(
            name="ImportedGame",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("game", models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name="import_link", to="catalogue.game", verbose_name="jeu")),
                ("batch", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="game_links", to="importers.importbatch", verbose_name="lot d'import")),
            ],
            options={
                "verbose_name": "provenance d'un jeu importé",
                "verbose_name_plural": "provenances des jeux importés",
                "ordering": ["id"],
            },
        ),
        migrations.RunPython(links_copy, links_restore),
    ]
