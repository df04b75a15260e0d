from django.core.management.base import BaseCommand

from desk.counting import counts_prune, keep_weeks


class Command(BaseCommand):
    help = "Delete the desk's counts older than DESK_KEEP_WEEKS (also done once a day by counting)."

    def handle(self, *args, **options):
        deleted = counts_prune()
        self.stdout.write(f"{deleted} count(s) older than {keep_weeks()} weeks deleted.")
