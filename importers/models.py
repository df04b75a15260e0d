"""Import history: each batch of uploaded library exports, its files and its report."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ImportBatch(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("en attente de confirmation")
        APPLIED = "applied", _("importé")
        DRY_RUN = "dry_run", _("simulation")
        CANCELLED = "cancelled", _("annulé")

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
