"""Import history: each batch of uploaded library exports, its files and its report."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ImportBatch(models.Model):
    """Uploaded files, read then applied by background jobs (:mod:`importers.jobs`).

    A batch is ``queued`` for a job, ``reading`` (its dry run) and then ``pending`` (its report
    waits for a librarian's confirmation), or ``applying`` and then ``applied``. A job that
    fails, or whose worker dies, leaves it ``failed`` with the catalogue as it was; it can be
    queued again. ``phase`` says what the next or current job does.
    """

    class Status(models.TextChoices):
        QUEUED = "queued", _("en file d'attente")
        READING = "reading", _("lecture en cours")
        PENDING = "pending", _("en attente de confirmation")
        APPLYING = "applying", _("import en cours")
        APPLIED = "applied", _("importé")
        DRY_RUN = "dry_run", _("simulation")
        CANCELLED = "cancelled", _("annulé")
        FAILED = "failed", _("échoué")

    class Phase(models.TextChoices):
        READ = "read", _("lecture (simulation)")
        APPLY = "apply", _("import")

    class Kind(models.TextChoices):
        RECORDS = "records", _("notices")
        PHOTOS = "photos", _("photos de boîtes (ZIP)")

    #: The states in which a job owns the batch.
    WORKING = (Status.QUEUED, Status.READING, Status.APPLYING)

    created_at = models.DateTimeField(_("créé le"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        verbose_name=_("par"),
    )
    origin = models.CharField(_("origine"), max_length=40, default="admin")
    status = models.CharField(
        _("état"), max_length=20, choices=Status.choices, default=Status.PENDING
    )
    created = models.PositiveIntegerField(_("créés"), default=0)
    updated = models.PositiveIntegerField(_("mis à jour"), default=0)
    unchanged = models.PositiveIntegerField(_("inchangés"), default=0)
    flagged = models.PositiveIntegerField(_("à vérifier"), default=0)
    rejected = models.PositiveIntegerField(_("fichiers rejetés"), default=0)
    report = models.JSONField(_("rapport"), default=dict, blank=True)
    phase = models.CharField(_("étape"), max_length=10, choices=Phase.choices, default=Phase.READ)
    # What the files are: library exports, or a ZIP of box photos (importers.photo_zip).
    kind = models.CharField(_("contenu"), max_length=10, choices=Kind.choices, default=Kind.RECORDS)
    # A job's progress, written while it runs (outside the import's own transaction).
    progress_done = models.PositiveBigIntegerField(_("avancement"), default=0)
    progress_total = models.PositiveBigIntegerField(_("avancement total"), default=0)
    records_read = models.PositiveIntegerField(_("notices lues"), default=0)
    files_rejected = models.PositiveIntegerField(_("fichiers refusés"), default=0)
    started_at = models.DateTimeField(_("commencé le"), null=True, blank=True)
    heartbeat_at = models.DateTimeField(_("dernier signe du travail"), null=True, blank=True)
    finished_at = models.DateTimeField(_("terminé le"), null=True, blank=True)
    worker = models.CharField(_("processus"), max_length=200, blank=True)
    error = models.TextField(_("erreur"), blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("lot d'import")
        verbose_name_plural = _("historique des imports")
        permissions = [("run_import", _("Peut importer des notices"))]

    def __str__(self) -> str:
        return f"Import n° {self.pk} ({self.get_status_display()})"


class ImportFile(models.Model):
    """An uploaded export kept until its batch is confirmed (and afterwards, as provenance)."""

    batch = models.ForeignKey(ImportBatch, on_delete=models.CASCADE, related_name="files")
    name = models.CharField(_("nom"), max_length=300)
    content = models.BinaryField(_("contenu"))
    size = models.PositiveIntegerField(_("taille (octets)"))

    class Meta:
        ordering = ["id"]
        verbose_name = _("fichier importé")
        verbose_name_plural = _("fichiers importés")

    def __str__(self) -> str:
        return self.name


class ImportedGame(models.Model):
    """The import batch that last wrote a catalogue game (created or updated it): the games'
    provenance as the importers keep it, so that the catalogue knows nothing of them."""

    game = models.OneToOneField(
        "catalogue.Game",
        on_delete=models.CASCADE,
        related_name="import_link",
        verbose_name=_("jeu"),
    )
    # Deleting a batch forgets which games it wrote; the games stay.
    batch = models.ForeignKey(
        ImportBatch,
        on_delete=models.CASCADE,
        related_name="game_links",
        verbose_name=_("lot d'import"),
    )

    class Meta:
        ordering = ["id"]
        verbose_name = _("provenance d'un jeu importé")
        verbose_name_plural = _("provenances des jeux importés")

    def __str__(self) -> str:
        return f"{self.game_id} ← {self.batch_id}"
