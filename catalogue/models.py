"""The catalogue: games and the people, publishers and ESAR categories visitors browse by."""

import uuid

from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from .engines import engine_choices


class Author(models.Model):
    name = models.CharField(_("nom"), max_length=200, unique=True)
    slug = models.SlugField(_("identifiant"), max_length=200, unique=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("auteur")
        verbose_name_plural = _("auteurs")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("catalogue:author", args=[self.slug])


class Publisher(models.Model):
    name = models.CharField(_("nom"), max_length=200, unique=True)
    slug = models.SlugField(_("identifiant"), max_length=200, unique=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("éditeur")
        verbose_name_plural = _("éditeurs")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("catalogue:publisher", args=[self.slug])


class Category(models.Model):
    """An ESAR classification entry, e.g. « A 406 jeu de stratégie (jeu de règles) »."""

    code = models.CharField(_("code ESAR"), max_length=20, unique=True)
    label = models.CharField(_("libellé"), max_length=200)
    family = models.CharField(_("famille"), max_length=200, blank=True)
    slug = models.SlugField(_("identifiant"), max_length=220, unique=True)

    class Meta:
        ordering = ["code"]
        verbose_name = _("catégorie")
        verbose_name_plural = _("catégories")

    def __str__(self) -> str:
        return f"{self.code} {self.label}"

    def get_absolute_url(self) -> str:
        return reverse("catalogue:category", args=[self.slug])


class Game(models.Model):
    title = models.CharField(_("titre"), max_length=300)
    sort_title = models.CharField(_("titre de tri"), max_length=300, db_index=True)
    slug = models.SlugField(_("identifiant"), max_length=300, unique=True)
    document_type = models.CharField(_("type de document"), max_length=200, blank=True)
    authors = models.ManyToManyField(
        Author, through="Credit", related_name="games", verbose_name=_("auteurs")
    )
    publisher = models.ForeignKey(
        Publisher,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="games",
        verbose_name=_("éditeur"),
    )
    category = models.ForeignKey(
        Category,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="games",
        verbose_name=_("catégorie ESAR"),
    )
    min_players = models.PositiveSmallIntegerField(_("joueurs minimum"), null=True, blank=True)
    max_players = models.PositiveSmallIntegerField(_("joueurs maximum"), null=True, blank=True)
    min_age = models.PositiveSmallIntegerField(_("âge minimum"), null=True, blank=True)
    # Empty means "no upper limit" (PMB writes 99).
    max_age = models.PositiveSmallIntegerField(_("âge maximum"), null=True, blank=True)
    duration_minutes = models.PositiveSmallIntegerField(
        _("durée moyenne (minutes)"), null=True, blank=True
    )
    principle = models.TextField(_("principe du jeu"), blank=True)
    pedagogical_analysis = models.TextField(_("analyse pédagogique"), blank=True)
    components = models.TextField(_("contenu (matériel)"), blank=True)
    rules_text = models.TextField(_("règle du jeu (texte original)"), blank=True)
    rules_sections = models.JSONField(_("règle par sections"), default=list, blank=True)

    # The rules engine that lets visitors play this game online (linked by a librarian).
    engine = models.CharField(_("moteur de jeu"), max_length=40, blank=True, choices=engine_choices)

    # Derived from the fields above by catalogue.services; what full-text search reads.
    search_text = models.TextField(editable=False, blank=True)

    # Provenance. import_key is the record's identity across re-imports (normalised title,
    # catalogue.bulk.import_key). The import batch that last wrote the game is the importers'
    # to keep (importers.models.ImportedGame): the catalogue's schema knows nothing of them.
    import_key = models.CharField(max_length=300, blank=True, db_index=True, editable=False)
    source_file = models.CharField(_("fichier source"), max_length=300, blank=True)
    source_format = models.CharField(_("format source"), max_length=40, blank=True)
    imported_at = models.DateTimeField(_("importé le"), null=True, blank=True)
    needs_review = models.BooleanField(_("à vérifier"), default=False, db_index=True)
    review_fields = models.JSONField(_("champs à compléter"), default=list, blank=True)

    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["sort_title", "id"]
        verbose_name = _("jeu")
        verbose_name_plural = _("jeux")
        constraints = [
            models.CheckConstraint(
                condition=Q(min_players__isnull=True)
                | Q(max_players__isnull=True)
                | Q(min_players__lte=F("max_players")),
                name="game_players_range",
                violation_error_message=_(
                    "Le nombre minimum de joueurs dépasse le nombre maximum."
                ),
            ),
            models.CheckConstraint(
                condition=Q(min_age__isnull=True)
                | Q(max_age__isnull=True)
                | Q(min_age__lte=F("max_age")),
                name="game_age_range",
                violation_error_message=_("L'âge minimum dépasse l'âge maximum."),
            ),
            models.UniqueConstraint(
                fields=["import_key"],
                condition=~Q(import_key=""),
                name="game_unique_import_key",
            ),
        ]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("catalogue:game", args=[self.slug])

    @property
    def players_display(self) -> str:
        return players_label(self.min_players, self.max_players)

    @property
    def age_display(self) -> str:
        return age_label(self.min_age, self.max_age)


class Credit(models.Model):
    """An author's part in a game, with the record's role (« Auteur », « Illustrateur »…)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="credits")
    author = models.ForeignKey(Author, on_delete=models.PROTECT, related_name="credits")
    role = models.CharField(_("rôle"), max_length=100, default="Auteur")
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["position", "id"]
        verbose_name = _("crédit")
        verbose_name_plural = _("crédits")
        constraints = [
            models.UniqueConstraint(fields=["game", "author", "role"], name="credit_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.author}, {self.role}"


class SearchChange(models.Model):
    """A game whose search index entry must be refreshed (or removed, if the game is gone).

    Appended by :mod:`catalogue.services` in the same transaction as the write itself, so the
    index replicas, which apply the log in ``id`` order, never see a change that was rolled back
    and never miss one that was committed.
    """

    id = models.BigAutoField(primary_key=True)
    # Not a foreign key: the change that removes a deleted game outlives the game.
    game_id = models.BigIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("modification à indexer")
        verbose_name_plural = _("modifications à indexer")

    def __str__(self) -> str:
        return f"{self.id}: game {self.game_id}"


class SearchLogIdentity(models.Model):
    """One row naming this database's change log, so that a search index replica built from
    another database (a new ``db.sqlite3``, a restored backup, a second database pointed at the
    same ``SEARCH_INDEX_DIR``) knows it and rebuilds itself (:mod:`catalogue.index.store`)."""

    token = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)

    class Meta:
        verbose_name = _("identité du journal de l’index")
        verbose_name_plural = _("identités du journal de l’index")

    def __str__(self) -> str:
        return str(self.token)


def players_label(min_players: int | None, max_players: int | None) -> str:
    if min_players is None and max_players is None:
        return ""
    if min_players is None or max_players is None or min_players == max_players:
        n = min_players if min_players is not None else max_players
        return ngettext("%(n)d joueur", "%(n)d joueurs", n) % {"n": n}
    return gettext("%(min)d à %(max)d joueurs") % {"min": min_players, "max": max_players}


def age_label(min_age: int | None, max_age: int | None) -> str:
    if min_age is None:
        return ""
    if max_age is None:
        return gettext("%(min)d ans et +") % {"min": min_age}
    return gettext("%(min)d à %(max)d ans") % {"min": min_age, "max": max_age}


class Copy(models.Model):
    """One physical box of a game on the shelves (an « exemplaire »), known by its barcode.

    Its status comes from the library system (imports, then the librarians' API day to day);
    whether a game has a copy in now is indexed for the search (:mod:`catalogue.copies`).
    """

    class Status(models.TextChoices):
        AVAILABLE = "available", _("disponible")
        ON_LOAN = "on_loan", _("en prêt")
        REPAIR = "repair", _("en réparation")
        EXCLUDED = "excluded", _("exclu du prêt")

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="copies", verbose_name=_("jeu")
    )
    # Stripped, without control characters (catalogue.copies.normalise_barcode).
    barcode = models.CharField(_("code-barres"), max_length=64, unique=True)
    call_number = models.CharField(_("cote"), max_length=100, blank=True)
    location = models.CharField(_("localisation"), max_length=200, blank=True)
    section = models.CharField(_("section"), max_length=200, blank=True)
    loan_type = models.CharField(_("type de prêt"), max_length=100, blank=True)
    status = models.CharField(
        _("statut"), max_length=20, choices=Status.choices, default=Status.AVAILABLE
    )
    # The expected return date of a copy on loan; empty otherwise.
    due_date = models.DateField(_("retour prévu le"), null=True, blank=True)
    # When the librarians' API (or the admin) last set the status; empty while only imports
    # have: a re-import then leaves the status alone (catalogue.copies.copies_sync).
    status_changed_at = models.DateTimeField(_("statut modifié le"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(_("modifié le"), auto_now=True)

    class Meta:
        ordering = ["call_number", "barcode"]
        verbose_name = _("exemplaire")
        verbose_name_plural = _("exemplaires")
        indexes = [models.Index(fields=["game", "status"], name="copy_game_status")]
        constraints = [
            models.CheckConstraint(
                condition=~Q(barcode=""),
                name="copy_barcode_not_empty",
                violation_error_message=_("Le code-barres est vide."),
            ),
            models.CheckConstraint(
                condition=Q(status__in=["available", "on_loan", "repair", "excluded"]),
                name="copy_status_known",
                violation_error_message=_("Statut d’exemplaire inconnu."),
            ),
            models.CheckConstraint(
                condition=Q(status="on_loan") | Q(due_date__isnull=True),
                name="copy_due_date_on_loan_only",
                violation_error_message=_("Seul un exemplaire en prêt a une date de retour."),
            ),
        ]

    def __str__(self) -> str:
        return self.barcode


class Photo(models.Model):
    """A photo of a game's box, re-encoded at upload (:mod:`catalogue.photos`): the kept image
    (EXIF and GPS stripped, at most 2,560 pixels) and its thumbnails in AVIF, WebP and JPEG, all
    stored through Django's storage API under names made from the upload's hash."""

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="photos", verbose_name=_("jeu")
    )
    image = models.FileField(_("image"), max_length=200, editable=False)
    alt_text = models.CharField(
        _("texte alternatif"),
        max_length=250,
        help_text=_(
            "Ce que montre la photo, pour qui ne la voit pas (ex. « Boîte du jeu Ta Yü »)."
        ),
    )
    position = models.PositiveSmallIntegerField(_("ordre"), default=0)
    width = models.PositiveIntegerField(_("largeur"), editable=False)
    height = models.PositiveIntegerField(_("hauteur"), editable=False)
    # [{"name", "type", "width", "height"}…]: the thumbnails, as catalogue.photos stored them.
    renditions = models.JSONField(_("miniatures"), default=list, editable=False)
    created_at = models.DateTimeField(_("ajoutée le"), auto_now_add=True)

    class Meta:
        ordering = ["position", "id"]
        verbose_name = _("photo")
        verbose_name_plural = _("photos")
        constraints = [
            models.CheckConstraint(
                condition=~Q(alt_text=""),
                name="photo_alt_text_not_empty",
                violation_error_message=_("Le texte alternatif est obligatoire."),
            ),
        ]

    def __str__(self) -> str:
        return self.alt_text
