"""Password hashing at the lowest CPU priority (:mod:`core.low_priority`).

A password check costs the better part of a second of CPU by design, and anyone can ask for
one (the admin login, the API token endpoint). The throttles bound how many; this makes those
that pass wait for the CPU behind every visitor's request instead of taking it from them.
Same algorithm and format as Django's default hasher: stored hashes stay valid either way.
"""

from __future__ import annotations

from django.contrib.auth.hashers import PBKDF2PasswordHasher

from .low_priority import run_low_priority


class LowPriorityPBKDF2PasswordHasher(PBKDF2PasswordHasher):
    def encode(self, password, salt, iterations=None):
        return run_low_priority(super().encode, password, salt, iterations)
