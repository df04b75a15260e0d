import uuid

from django.db import migrations, models


def name_the_log(apps, schema_editor):
    apps.get_model("catalogue", "SearchLogIdentity").objects.create(pk=1, token=uuid.uuid4())


class Migration(migrations.Migration):
    dependencies = [
        ("catalogue", "0005_search_change"),
    ]

    operations = [
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
