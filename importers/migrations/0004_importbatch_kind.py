"""An import batch holds library exports or a ZIP of box photos."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("importers", "0003_imported_game"),
    ]

    operations = [
        migrations.AddField(
            model_name="importbatch",
            name="kind",
            field=models.CharField(
                choices=[("records", "notices"), ("photos", "photos de boîtes (ZIP)")],
                default="records",
                max_length=10,
                verbose_name="contenu",
            ),
        ),
    ]
