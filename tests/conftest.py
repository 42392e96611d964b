"""Suite-wide settings.

Property tests (hypothesis) explore new random examples on every local run. On CI
(``CI=true``) they run derandomized — the same examples every time — so a submission's result
does not depend on luck; a failure found locally is replayed from hypothesis' database.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
    settings.load_profile("ci")
