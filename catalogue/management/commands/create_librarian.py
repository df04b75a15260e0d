"""Create a librarian account: staff, in the librarians' group, with a password typed twice."""

from __future__ import annotations

import getpass
import os

from django.contrib.auth import get_user_model, password_validation
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from catalogue.roles import librarian_group_ensure


class Command(BaseCommand):
    help = (
        "Crée un compte de bibliothécaire (accès à l'administration, groupe « Bibliothécaires »). "
        "Le mot de passe est demandé deux fois, ou lu dans LIBRARIAN_PASSWORD."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("username")
        parser.add_argument("--email", default="")

    def handle(self, *args, username: str, email: str, **options) -> None:
        User = get_user_model()
        if User.objects.filter(username=username).exists():
            raise CommandError(f"Le compte « {username} » existe déjà.")
        password = os.environ.get("LIBRARIAN_PASSWORD") or self._ask_password()
        user = User(username=username, email=email, is_staff=True)
        try:
            password_validation.validate_password(password, user)
        except ValidationError as error:
            raise CommandError("Mot de passe refusé : " + " ".join(error.messages)) from None
        user.set_password(password)
        user.save()
        user.groups.add(librarian_group_ensure())
        self.stdout.write(f"Compte de bibliothécaire « {username} » créé.")

    def _ask_password(self) -> str:
        try:
            first = getpass.getpass("Mot de passe : ")
            second = getpass.getpass("Mot de passe (encore) : ")
        except (EOFError, KeyboardInterrupt):
            # Ctrl-D or Ctrl-C at the prompt: the librarian changed their mind, not a crash.
            self.stdout.write("")
            raise CommandError("Création annulée : aucun compte n'a été créé.") from None
        if first != second:
            raise CommandError("Les deux mots de passe diffèrent.")
        return first
