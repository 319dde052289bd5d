"""An upload as it is kept: the import's result and, per file, the name and bytes to store, masked on request.

Pure Python. With ``mask``, the same names the result hides (database, instance, host) are replaced in every kept
file name and in the kept copy of every report, so nothing stored carries them; the mapping from names to tokens
lives only inside this call. A file that could not be read is kept without its bytes (its name, size and the reason
only): there is nothing in it worth keeping, and it may be anything.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from advisor.awr.engine.detect import decode
from advisor.awr.engine.importer import ImportResult, mask_result, read_unmasked
from advisor.awr.engine.mask import mask_document, names_to_mask


@dataclass(frozen=True)
class KeptFile:
    """One uploaded file as stored: ``data`` is empty for a file that could not be read. ``size`` and ``sha256``
    describe the bytes received, or the masked copy when names are masked (a digest of the original would
    fingerprint it)."""

    name: str
    kind: str
    size: int
    sha256: str
    data: bytes
    error: str
    warnings: tuple[str, ...]


@dataclass(frozen=True)
class Upload:
    result: ImportResult
    files: tuple[KeptFile, ...]

    @property
    def any_read(self) -> bool:
        return bool(self.result.files)


def unique_names(names: Sequence[str]) -> list[str]:
    """File names as given, with ``name (2)``, ``name (3)``… for repeats: the import tells files apart by name."""
    seen: dict[str, int] = {}
    out = []
    for name in names:
        base = name or "unnamed"
        count = seen.get(base.lower(), 0) + 1
        seen[base.lower()] = count
        out.append(base if count == 1 else f"{base} ({count})")
    return out


def read_upload(
    files: Sequence[tuple[str, bytes]],
    *,
    mask: bool = False,
    background: bool = False,
    on_file: Callable[[int, int, str], None] | None = None,
) -> Upload:
    """The import of ``files`` and what to keep of each. Raises ``UploadRejected`` (over a limit) like the import;
    ``background`` applies a background job's limits, ``on_file`` reports each file as it is read."""
    result, extractions = read_unmasked(files, background=background, on_file=on_file)
    tokens = names_to_mask([e.identity for e in extractions]) if mask else {}
    if mask:
        result = mask_result(result, tokens)
    read = {f.file: f for f in result.files}
    errors = {e.file: e.message for e in result.errors}
    kept = []
    for name, data in files:
        shown = mask_document(name, tokens) if mask else name
        if mask:
            data = mask_document(decode(data), tokens).encode("utf-8")
        found = read.get(shown)
        kept.append(
            KeptFile(
                name=shown,
                kind=found.kind if found else "",
                size=len(data),
                sha256=hashlib.sha256(data).hexdigest(),
                data=data if found else b"",
                error=errors.get(shown, "") if not found else "",
                warnings=found.warnings if found else (),
            )
        )
    return Upload(result=result, files=tuple(kept))
