"""The two upload limits that are also request-body limits (``config.limits`` answers 413 past them): an AWR
upload's or an estate's request, and an AWR upload read in the background. Kept here, beside the request limits,
so the middleware and every app read one figure; ``advisor.awr.engine.limits`` holds the rest of the AWR limits.

Pure Python. Each ``reason`` is shown to users; why each value was chosen is in the comments.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limit:
    value: int
    words: str
    reason: str


# The request body the AWR API accepts at once (config/limits.py answers 413 past it) and the estate ZIP limit
# (advisor/estates/engine/report_zip.py). The total an AWR import reads is MAX_UPLOAD_BYTES_BACKGROUND below, on
# every path (page, API, job, command): one figure, said and enforced the same. 128 MiB is 64 reports of 2 MiB, the
# size of the largest sample report.
MAX_UPLOAD_BYTES = Limit(
    128 * 1024 * 1024,
    "128 MiB per request",
    "A larger request is refused, and nothing is saved.",
)

# Bounds the work and the storage of one upload: 256 reports of 2 MiB, the size of the largest sample report. An
# upload read while you wait is smaller anyway (at most 32 MiB).
MAX_UPLOAD_BYTES_BACKGROUND = Limit(
    512 * 1024 * 1024,
    "512 MiB per upload",
    "All the files together: a larger upload is refused, and nothing is saved.",
)
