from django.conf import settings
from django.db import models


class Team(models.Model):
    """A group of users who see (and, as editors, change) each other's assessments."""

    name = models.CharField(max_length=200, unique=True)
    members = models.ManyToManyField(settings.AUTH_USER_MODEL, through="Membership", related_name="teams")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    class Role(models.TextChoices):
        MANAGER = "manager", "Manager (changes the team's assessments and who is in the team)"
        EDITOR = "editor", "Editor (sees and changes the team's assessments)"
        VIEWER = "viewer", "Viewer (sees the team's assessments, changes nothing)"

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=8, choices=Role.choices, default=Role.EDITOR)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["team", "user"], name="membership_once_per_team")]

    def __str__(self) -> str:
        return f"{self.user} in {self.team} ({self.role})"
