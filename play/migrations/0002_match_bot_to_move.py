from django.db import migrations, models


def mark_bot_turns(apps, schema_editor):
    """Active matches with a bot: their bot turn, if it is one, gets a job from the recovery (a
    job that finds a person's turn just clears the mark)."""
    Match = apps.get_model("play", "Match")
    Match.objects.filter(status="active", seats__kind="bot").update(bot_to_move=True)


class Migration(migrations.Migration):

    dependencies = [
        ("play", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="bot_to_move",
            field=models.BooleanField(
                default=False, editable=False, verbose_name="tour d'un ordinateur"
            ),
        ),
        migrations.RunPython(mark_bot_turns, migrations.RunPython.noop),
    ]
