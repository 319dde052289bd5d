"""Upload limits, with the reason for each. Enforced before any parsing (``importer.check_limits``).

Pure Python. These are the app's own policy, not Oracle or AWS facts. Each ``reason`` is shown to users (the upload
page, the estate page, refusals): it says, in their words, what the limit allows and what happens past it. Why each
value was chosen (our measurements, our machines) is in the comments here, never in a ``reason``.
"""

from __future__ import annotations

from config.upload_limits import MAX_UPLOAD_BYTES, MAX_UPLOAD_BYTES_BACKGROUND, Limit

__all__ = ["MAX_UPLOAD_BYTES", "MAX_UPLOAD_BYTES_BACKGROUND", "Limit"]  # defined beside the request limits they set


# A 7-day AWR global report of a 2-node RAC database in HTML is about 2.2 MB (others of its kind 2.0-2.1 MB, sample
# reports); 16 MiB leaves room for reports several times larger while keeping the reading of one file bounded.
MAX_FILE_BYTES = Limit(
    16 * 1024 * 1024,
    "16 MiB per file",
    "A larger file is not read: it is listed as over the limit, and the other files are still read.",
)
MAX_FILES = Limit(
    64,
    "64 files per upload",
    "A day of hourly reports from each instance of a 2-node RAC database is 48 reports; 64 adds room for "
    "AWR-Miner output and size listings of the same database.",
)
# Uploads of more files than this are read by a background job (advisor/awr/jobs.py) whose progress the page shows;
# smaller ones while the user waits. A 1.5-2.2 MB HTML report takes 150-180 ms to read on the 2-core CI machine
# (AWR_DBS.html 178 ms, AWR_DBW.html 154 ms, measured 2026-11-25), so 16 files answer in about 3 s.
READ_WHILE_YOU_WAIT = Limit(
    16,
    "up to 16 files and 32 MiB in all are read while you wait; more in the background, with progress",
    "A larger upload is read in the background: its page shows the files read so far and opens the figures when they "
    "are kept. You may leave that page: what is read is kept (if no file can be read, nothing is).",
)
# The same bound in bytes: a few large reports hold a web worker as long as many small ones (an outside run saw 16
# files of 12 MB hold one for 43 s). At the measured 150-180 ms per 1.5-2.2 MB report, about 80-100 ms per MiB,
# 32 MiB reads in about 3 s, like 16 reports of the sample size.
READ_WHILE_YOU_WAIT_BYTES = Limit(
    32 * 1024 * 1024,
    "32 MiB in all read while you wait",
    "A larger upload is read in the background, as one of more files is.",
)
# At 150-180 ms a report, 256 HTML reports read in under a minute.
MAX_FILES_BACKGROUND = Limit(
    256,
    "256 files per upload read in the background",
    "A week of hourly reports of one instance is 168, four days of a 2-node RAC database 192; 256 leaves room for "
    "AWR-Miner output and size listings. An upload of more files is refused, and nothing is saved.",
)
# The one total per upload the import enforces (importer.check_limits) and the page and form state.
MAX_UPLOAD_TOTAL = MAX_UPLOAD_BYTES_BACKGROUND
