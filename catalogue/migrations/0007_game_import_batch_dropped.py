"""Games no longer name their import batch: the importers keep that link
(``importers.ImportedGame``; their migration 0003 copies the column's links first, and declares
that it runs before this one — the catalogue's migrations depend on no app above it).

The column is dropped where it is: a database migrated before the squash
(``0001_squashed_0006_search_log_identity``) has it, a new one never had it. Backwards, the
column comes back (without its foreign key) for the importers' 0003 to fill again.
"""

from django.db import migrations, models

COLUMN = "import_batch_id"


def _columns(schema_editor, model) -> set[str]:
    connection = schema_editor.connection
    with connection.cursor() as cursor:
        description = connection.introspection.get_table_description(
            cursor, model._meta.db_table
        )
    return {column.name for column in description}


def _with_column(state, app_label):
    """The game model of ``state``, with the column as a field (a plain indexed integer, its
    foreign key aside) if the state has forgotten it: the schema editor drops or adds a field."""
    state = state.clone()
    if "import_batch" not in state.models[app_label, "game"].fields:
        field = models.BigIntegerField(null=True, blank=True, db_index=True, db_column=COLUMN)
        state.add_field(app_label, "game", "import_batch", field, preserve_default=True)
    model = state.apps.get_model(app_label, "Game")
    return model, model._meta.get_field("import_batch")


class DropLegacyImportBatch(migrations.operations.base.Operation):
    """Forget ``Game.import_batch`` in the state if it is there (a database that applied the
    replaced migrations only), and drop its column if the table has it."""

    reduces_to_sql = False
    reversible = True

    def state_forwards(self, app_label, state):
        if "import_batch" in state.models[app_label, "game"].fields:
            state.remove_field(app_label, "game", "import_batch")

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        model, field = _with_column(from_state, app_label)
        if COLUMN in _columns(schema_editor, model):
            schema_editor.remove_field(model, field)

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        model, field = _with_column(to_state, app_label)
        if COLUMN not in _columns(schema_editor, model):
            schema_editor.add_field(model, field)

    def describe(self):
        return "Drop the games' import batch column, now the importers' ImportedGame"


class Migration(migrations.Migration):
    dependencies = [("catalogue", "0001_squashed_0006_search_log_identity")]

    operations = [DropLegacyImportBatch()]
