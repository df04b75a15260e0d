"""The catalogue's schema as of 0006, in one migration that needs no other app of ours.

Squashes 0001–0006, with one difference: games have no ``import_batch`` any more — the link from a
game to the import batch that last wrote it belongs to the importers
(``importers.ImportedGame``, whose migration 0003 moves the existing links there). A database
migrated before this squash still has the column: 0007 drops it once the importers have copied
it. The full-text index of 0002, dropped again by 0005, is left out; the cache table of 0004
and the change log's identity of 0006 are kept. Django uses this migration for a new database,
the replaced ones for a database that applied some of them only.
"""

import uuid

import django.db.models.deletion
from django.core.management import call_command
from django.db import migrations, models

import catalogue.engines


def create_cache_table(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


def name_the_log(apps, schema_editor):
    apps.get_model("catalogue", "SearchLogIdentity").objects.create(pk=1, token=uuid.uuid4())


class Migration(migrations.Migration):

    replaces = [
        ("catalogue", "0001_initial"),
        ("catalogue", "0002_search_index"),
        ("catalogue", "0003_game_engine"),
        ("catalogue", "0004_cache_table"),
        ("catalogue", "0005_search_change"),
        ("catalogue", "0006_search_log_identity"),
    ]

    initial = True

    dependencies = []

    operations = [
        migrations.CreateModel(
            name='Author',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=200, unique=True, verbose_name='nom')),
                ('slug', models.SlugField(max_length=200, unique=True, verbose_name='identifiant')),
            ],
            options={
                'verbose_name': 'auteur',
                'verbose_name_plural': 'auteurs',
                'ordering': ['name'],
            },
        ),
        migrations.CreateModel(
            name='Category',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('code', models.CharField(max_length=20, unique=True, verbose_name='code ESAR')),
                ('label', models.CharField(max_length=200, verbose_name='libellé')),
                ('family', models.CharField(blank=True, max_length=200, verbose_name='famille')),
                ('slug', models.SlugField(max_length=220, unique=True, verbose_name='identifiant')),
            ],
            options={
                'verbose_name': 'catégorie',
                'verbose_name_plural': 'catégories',
                'ordering': ['code'],
            },
        ),
        migrations.CreateModel(
            name='Publisher',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=200, unique=True, verbose_name='nom')),
                ('slug', models.SlugField(max_length=200, unique=True, verbose_name='identifiant')),
            ],
            options={
                'verbose_name': 'éditeur',
                'verbose_name_plural': 'éditeurs',
                'ordering': ['name'],
            },
        ),
        migrations.CreateModel(
            name='Credit',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('role', models.CharField(default='Auteur', max_length=100, verbose_name='rôle')),
                ('position', models.PositiveSmallIntegerField(default=0)),
                ('author', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='credits', to='catalogue.author')),
            ],
            options={
                'verbose_name': 'crédit',
                'verbose_name_plural': 'crédits',
                'ordering': ['position', 'id'],
            },
        ),
        migrations.CreateModel(
            name='Game',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('title', models.CharField(max_length=300, verbose_name='titre')),
                ('sort_title', models.CharField(db_index=True, max_length=300, verbose_name='titre de tri')),
                ('slug', models.SlugField(max_length=300, unique=True, verbose_name='identifiant')),
                ('document_type', models.CharField(blank=True, max_length=200, verbose_name='type de document')),
                ('min_players', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='joueurs minimum')),
                ('max_players', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='joueurs maximum')),
                ('min_age', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='âge minimum')),
                ('max_age', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='âge maximum')),
                ('duration_minutes', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='durée moyenne (minutes)')),
                ('principle', models.TextField(blank=True, verbose_name='principe du jeu')),
                ('pedagogical_analysis', models.TextField(blank=True, verbose_name='analyse pédagogique')),
                ('components', models.TextField(blank=True, verbose_name='contenu (matériel)')),
                ('rules_text', models.TextField(blank=True, verbose_name='règle du jeu (texte original)')),
                ('rules_sections', models.JSONField(blank=True, default=list, verbose_name='règle par sections')),
                ('engine', models.CharField(blank=True, choices=catalogue.engines.engine_choices, max_length=40, verbose_name='moteur de jeu')),
                ('search_text', models.TextField(blank=True, editable=False)),
                ('import_key', models.CharField(blank=True, db_index=True, editable=False, max_length=300)),
                ('source_file', models.CharField(blank=True, max_length=300, verbose_name='fichier source')),
                ('source_format', models.CharField(blank=True, max_length=40, verbose_name='format source')),
                ('imported_at', models.DateTimeField(blank=True, null=True, verbose_name='importé le')),
                ('needs_review', models.BooleanField(db_index=True, default=False, verbose_name='à vérifier')),
                ('review_fields', models.JSONField(blank=True, default=list, verbose_name='champs à compléter')),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('updated_at', models.DateTimeField(auto_now=True)),
                ('authors', models.ManyToManyField(related_name='games', through='catalogue.Credit', to='catalogue.author', verbose_name='auteurs')),
                ('category', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='games', to='catalogue.category', verbose_name='catégorie ESAR')),
                ('publisher', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='games', to='catalogue.publisher', verbose_name='éditeur')),
            ],
            options={
                'verbose_name': 'jeu',
                'verbose_name_plural': 'jeux',
                'ordering': ['sort_title', 'id'],
            },
        ),
        migrations.AddField(
            model_name='credit',
            name='game',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='credits', to='catalogue.game'),
        ),
        migrations.AddConstraint(
            model_name='credit',
            constraint=models.UniqueConstraint(fields=('game', 'author', 'role'), name='credit_unique'),
        ),
        migrations.AddConstraint(
            model_name='game',
            constraint=models.CheckConstraint(condition=models.Q(('min_players__isnull', True), ('max_players__isnull', True), ('min_players__lte', models.F('max_players')), _connector='OR'), name='game_players_range', violation_error_message='Le nombre minimum de joueurs dépasse le nombre maximum.'),
        ),
        migrations.AddConstraint(
            model_name='game',
            constraint=models.CheckConstraint(condition=models.Q(('min_age__isnull', True), ('max_age__isnull', True), ('min_age__lte', models.F('max_age')), _connector='OR'), name='game_age_range', violation_error_message="L'âge minimum dépasse l'âge maximum."),
        ),
        migrations.AddConstraint(
            model_name='game',
            constraint=models.UniqueConstraint(condition=models.Q(('import_key', ''), _negated=True), fields=('import_key',), name='game_unique_import_key'),
        ),
        migrations.RunPython(create_cache_table, migrations.RunPython.noop),
        migrations.CreateModel(
            name='SearchChange',
            fields=[
                ('id', models.BigAutoField(primary_key=True, serialize=False)),
                ('game_id', models.BigIntegerField()),
                ('created_at', models.DateTimeField(auto_now_add=True)),
            ],
            options={
                'verbose_name': 'modification à indexer',
                'verbose_name_plural': 'modifications à indexer',
                'ordering': ['id'],
            },
        ),
        migrations.CreateModel(
            name="SearchLogIdentity",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("token", models.UUIDField(default=uuid.uuid4, editable=False, unique=True)),
            ],
            options={
                "verbose_name": "identité du journal de l’index",
                "verbose_name_plural": "identités du journal de l’index",
            },
        ),
        migrations.RunPython(name_the_log, migrations.RunPython.noop),
    ]
