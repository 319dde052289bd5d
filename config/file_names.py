"""The one name every download of the product takes: ``<customer>-<name>-<kind>.<ext>``.

Each part is cut down to lowercase ASCII letters and digits joined by hyphens (accents dropped, other scripts and
punctuation, slashes included, become a hyphen), so the name is the same on every system and safe in a
``Content-Disposition`` header. An empty customer is left out (``<name>-<kind>.<ext>``); an empty name reads
``untitled``; a name that says its kind already is not followed by it again (``northwind-estate.pdf``, not
``northwind-estate-estate.pdf``). Pure Python: engines, advisor and pricing may all use it.
"""

from __future__ import annotations

import re
import unicodedata

PART_CHARS = 60  # each of customer and name at most; the kind and extension are the product's own words
UNTITLED = "untitled"


def file_part(text: str, limit: int = PART_CHARS) -> str:
    """``"Société Générale / Paris"`` → ``"societe-generale-paris"``: ASCII letters and digits, hyphen-joined."""
    ascii_text = unicodedata.normalize("NFKD", text or "").encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    return slug[:limit].rstrip("-")


def export_filename(*, customer: str, name: str, kind: str, extension: str) -> str:
    """The download's file name, e.g. ``acme-billing-estate.xlsx``; ``billing-estate.xlsx`` without a customer."""
    ext = file_part(extension, 10) or "bin"
    named, kind_part = file_part(name) or UNTITLED, file_part(kind)
    if f"-{kind_part}-" in f"-{named}-":  # "northwind-estate.pdf", not "northwind-estate-estate.pdf"
        kind_part = ""
    parts = [file_part(customer), named, kind_part]
    return "-".join(p for p in parts if p) + "." + ext


def attachment(filename: str) -> str:
    """The ``Content-Disposition`` header value that downloads ``filename`` (already ASCII: see ``export_filename``)."""
    return f'attachment; filename="{filename}"'
