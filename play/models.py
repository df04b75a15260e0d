"""Matches of a catalogue game: the seed, the move log, a state snapshot and a version number.

Nothing about a match lives in process memory: every request reads the match row, and a move is
written with ``version = expected_version + 1 WHERE version = expected_version``, so of two
concurrent moves exactly one wins, whatever process serves it.
"""

from __future__ import annotations

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class Match(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("en cours")
        FINISHED = "finished", _("terminée")

    code = models.CharField(_("code"), max_length=16, unique=True)
    game = models.ForeignKey(
        "catalogue.Game", on_delete=models.PROTECT, related_name="matches", verbose_name=_("jeu")
    )
    engine = models.CharField(_("moteur"), max_length=40)
    options = models.JSONField(_("options"), default=dict, blank=True)
    seats_count = models.PositiveSmallIntegerField(_("nombre de places"))
    # Secret until the match is over: with the move list it replays every chance event.
    seed = models.CharField(max_length=64, editable=False)
    # Secret salt of the seat tokens (see play.tokens); never leaves the server.
    token_salt = models.CharField(max_length=64, editable=False)
    state = models.JSONField(_("état"), default=dict, editable=False)
    version = models.PositiveIntegerField(_("version"), default=0)
    plies = models.PositiveIntegerField(_("coups joués"), default=0)
    status = models.CharField(
        _("état de la partie"), max_length=20, choices=Status.choices, default=Status.ACTIVE
    )
    outcome = models.JSONField(_("résultat"), null=True, blank=True, editable=False)
    # A round of a series (play.series): its state, and the round that followed it.
    series = models.JSONField(_("série de manches"), null=True, blank=True, editable=False)
    next_round = models.OneToOneField(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="previous_round",
        verbose_name=_("manche suivante"),
    )
    # « Rejouer »: the match the same table started once this one was over (same seats).
    rematch = models.OneToOneField(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="previous_match",
        verbose_name=_("nouvelle partie"),
    )
    created_at = models.DateTimeField(_("créée le"), auto_now_add=True)
    updated_at = models.DateTimeField(_("mise à jour le"), auto_now=True)
    finished_at = models.DateTimeField(_("terminée le"), null=True, blank=True)
    # A bot is to move: a worker job plays its turn (play.services.bot_turns); set with every new
    # version, so that a poll knows without reading the state whether a job should exist.
    bot_to_move = models.BooleanField(_("tour d'un ordinateur"), default=False, editable=False)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("partie")
        verbose_name_plural = _("parties")

    def __str__(self) -> str:
        return f"{self.game} — {self.code}"

    def get_absolute_url(self) -> str:
        return reverse("play:match", args=[self.code])


class Seat(models.Model):
    class Kind(models.TextChoices):
        LOCAL = "local", _("ce navigateur")
        INVITE = "invite", _("invité par lien")
        BOT = "bot", _("ordinateur")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField(_("place"))
    kind = models.CharField(_("joueur"), max_length=10, choices=Kind.choices)
    name = models.CharField(_("nom"), max_length=60, blank=True)
    bot_level = models.CharField(_("niveau"), max_length=20, blank=True)
    joined = models.BooleanField(_("a rejoint"), default=False)

    class Meta:
        ordering = ["match", "index"]
        verbose_name = _("place")
        verbose_name_plural = _("places")
        constraints = [
            models.UniqueConstraint(fields=["match", "index"], name="seat_unique_index"),
        ]

    def __str__(self) -> str:
        return f"{self.match.code} #{self.index}"


class MoveRecord(models.Model):
    """One applied move. ``chance``/``reveals``: undo may not cross it."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="moves")
    ply = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    move = models.JSONField()
    description = models.CharField(max_length=300)
    chance = models.BooleanField(default=False)
    reveals = models.BooleanField(default=False)
    by_bot = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "ply"]
        verbose_name = _("coup")
        verbose_name_plural = _("coups")
        constraints = [
            models.UniqueConstraint(fields=["match", "ply"], name="move_unique_ply"),
        ]

    def __str__(self) -> str:
        return f"{self.match.code} {self.ply}: {self.description}"


class GestureChallenge(models.Model):
    """A timed gesture the server set for one move of a seat (a dexterity game's steadiness marker).

    Its parameters come from the system's random source, not the match seed; the client gets them
    with ``key`` and answers with the press time; the server measures the move from this record
    and deletes it in the transaction that writes the move (play.services.writes). A seat has at
    most one per position (asking again gives it back), and every move, undo or join deletes the
    position's challenges: the table stays as small as the tables being played."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="challenges")
    seat = models.PositiveSmallIntegerField()
    version = models.PositiveIntegerField()  # the match version it was issued for
    key = models.CharField(max_length=40, unique=True)
    params = models.JSONField()
    issued_at = models.DateTimeField()

    class Meta:
        verbose_name = _("défi de geste")
        verbose_name_plural = _("défis de geste")
        constraints = [
            models.UniqueConstraint(
                fields=["match", "seat", "version"], name="challenge_unique_seat_version"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match_id} #{self.seat} v{self.version}"
