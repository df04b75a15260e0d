"""Copies (« exemplaires ») of the games, with their barcode, call number, place and status."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("catalogue", "0007_game_import_batch_dropped"),
    ]

    operations = [
        migrations.CreateModel(
            name="Copy",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "barcode",
                    models.CharField(max_length=64, unique=True, verbose_name="code-barres"),
                ),
                ("call_number", models.CharField(blank=True, max_length=100, verbose_name="cote")),
                (
                    "location",
                    models.CharField(blank=True, max_length=200, verbose_name="localisation"),
                ),
                ("section", models.CharField(blank=True, max_length=200, verbose_name="section")),
                (
                    "loan_type",
                    models.CharField(blank=True, max_length=100, verbose_name="type de prêt"),
                ),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("available", "disponible"),
                            ("on_loan", "en prêt"),
                            ("repair", "en réparation"),
                            ("excluded", "exclu du prêt"),
                        ],
                        default="available",
                        max_length=20,
                        verbose_name="statut",
                    ),
                ),
                (
                    "due_date",
                    models.DateField(blank=True, null=True, verbose_name="retour prévu le"),
                ),
                (
                    "status_changed_at",
                    models.DateTimeField(blank=True, null=True, verbose_name="statut modifié le"),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("updated_at", models.DateTimeField(auto_now=True, verbose_name="modifié le")),
                (
                    "game",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="copies",
                        to="catalogue.game",
                        verbose_name="jeu",
                    ),
                ),
            ],
            options={
                "verbose_name": "exemplaire",
                "verbose_name_plural": "exemplaires",
                "ordering": ["call_number", "barcode"],
                "indexes": [models.Index(fields=["game", "status"], name="copy_game_status")],
                "constraints": [
                    models.CheckConstraint(
                        condition=models.Q(("barcode", ""), _negated=True),
                        name="copy_barcode_not_empty",
                        violation_error_message="Le code-barres est vide.",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            ("status__in", ["available", "on_loan", "repair", "excluded"])
                        ),
                        name="copy_status_known",
                        violation_error_message="Statut d’exemplaire inconnu.",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            ("status", "on_loan"), ("due_date__isnull", True), _connector="OR"
                        ),
                        name="copy_due_date_on_loan_only",
                        violation_error_message="Seul un exemplaire en prêt a une date de retour.",
                    ),
                ],
            },
        ),
    ]
