"""Box photos: the kept image, its thumbnails, its alternative text and its place in the list."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("catalogue", "0008_copy"),
    ]

    operations = [
        migrations.CreateModel(
            name="Photo",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "image",
                    models.FileField(editable=False, max_length=200, upload_to="", verbose_name="image"),
                ),
                (
                    "alt_text",
                    models.CharField(
                        help_text="Ce que montre la photo, pour qui ne la voit pas (ex. « Boîte du jeu Ta Yü »).",
                        max_length=250,
                        verbose_name="texte alternatif",
                    ),
                ),
                ("position", models.PositiveSmallIntegerField(default=0, verbose_name="ordre")),
                ("width", models.PositiveIntegerField(editable=False, verbose_name="largeur")),
                ("height", models.PositiveIntegerField(editable=False, verbose_name="hauteur")),
                (
                    "renditions",
                    models.JSONField(default=list, editable=False, verbose_name="miniatures"),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True, verbose_name="ajoutée le")),
                (
                    "game",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="photos",
                        to="catalogue.game",
                        verbose_name="jeu",
                    ),
                ),
            ],
            options={
                "verbose_name": "photo",
                "verbose_name_plural": "photos",
                "ordering": ["position", "id"],
                "constraints": [
                    models.CheckConstraint(
                        condition=models.Q(("alt_text", ""), _negated=True),
                        name="photo_alt_text_not_empty",
                        violation_error_message="Le texte alternatif est obligatoire.",
                    )
                ],
            },
        ),
    ]
