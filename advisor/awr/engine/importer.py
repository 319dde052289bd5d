"""The import: limits checked first, each file detected and parsed on its own, then aggregated and pre-filled.

Pure Python. A file that cannot be read gets a message naming it and the reason; the other files are still read.
``import_files`` never raises on file content; it raises ``UploadRejected`` only when the upload as a whole
exceeds a limit (said in words), before anything is parsed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pydantic import BaseModel, ConfigDict

from advisor.awr.engine import limits
from advisor.awr.engine.aggregation import Aggregation, aggregate
from advisor.awr.engine.awr_miner import parse_awr_miner
from advisor.awr.engine.dbspace import parse_dbspace
from advisor.awr.engine.detect import KIND_WORDS, ArchiveNotReport, Kind, NotAReport, detect
from advisor.awr.engine.figures import FileError, FileExtraction
from advisor.awr.engine.html.awr import parse_awr_html
from advisor.awr.engine.html.global_awr import parse_awr_rac_html
from advisor.awr.engine.mask import mask_document, names_to_mask
from advisor.awr.engine.prefill.fields import Prefill, prefill
from advisor.awr.engine.text.awr import parse_awr_text
from advisor.awr.engine.text.statspack import parse_statspack

PARSERS: dict[Kind, Callable[[str, str], FileExtraction]] = {
    Kind.AWR_HTML: parse_awr_html,
    Kind.AWR_RAC_HTML: parse_awr_rac_html,
    Kind.AWR_TEXT: parse_awr_text,
    Kind.STATSPACK: parse_statspack,
    Kind.AWR_MINER: parse_awr_miner,
    Kind.DBSPACE: parse_dbspace,
}


# facts every report of its kind carries (they say what the file is, not what it measured)
KIND_MARKERS = frozenset({"awr_used", "statspack_used"})


class UploadRejected(ValueError):
    """The upload as a whole is over a limit; nothing was parsed."""


class FileRead(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    file: str
    kind: str
    kind_words: str
    warnings: tuple[str, ...]


class ImportResult(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    files: tuple[FileRead, ...]
    errors: tuple[FileError, ...]
    aggregation: Aggregation | None
    prefill: Prefill | None
    masked: bool = False


def _mib(size: int) -> str:
    return f"{size / 1024 / 1024:,.1f} MiB"


def check_limits(files: Sequence[tuple[str, bytes]], *, background: bool = False) -> list[FileError]:
    """Refuses the upload over the file-count or total limit (a background job's are larger); names each file over
    the per-file limit."""
    most = limits.MAX_FILES_BACKGROUND if background else limits.MAX_FILES
    if len(files) > most.value:
        raise UploadRejected(f"{len(files)} files: the limit is {most.words} ({most.reason})")
    total = sum(len(data) for _, data in files)
    if total > limits.MAX_UPLOAD_TOTAL.value:
        raise UploadRejected(f"{_mib(total)} in all: the limit is {limits.MAX_UPLOAD_TOTAL.words}")
    return [
        FileError(file=name, message=f"{oversize(len(data))}; not read")
        for name, data in files
        if len(data) > limits.MAX_FILE_BYTES.value
    ]


def oversize(received: int, size: int | None = None) -> str:
    """Why a file over the per-file limit is not read. The bytes are cut one past the limit as they are received, so
    their count is not the file's size: the real ``size`` is stated when known, else "over" the limit."""
    most = limits.MAX_FILE_BYTES
    if size is None and received > most.value + 1:
        size = received  # not cut: the whole file was handed over
    if size is not None and size > most.value:
        return f"{_mib(size)}: over the limit of {most.words}"
    return f"over {most.words.split(' per ')[0]}: the limit is {most.words}"


def read_file(name: str, data: bytes) -> FileExtraction | FileError:
    try:
        detected = detect(data)
    except NotAReport as refused:
        return FileError(file=name, message=str(refused), archive=isinstance(refused, ArchiveNotReport))
    try:
        extraction = PARSERS[detected.kind](name, detected.text)
    except Exception as failure:  # a parser bug or a hostile file must cost this file only, never the upload
        return FileError(
            file=name,
            message=f"{KIND_WORDS[detected.kind]} that could not be read ({type(failure).__name__}: {failure})",
        )
    if not extraction.samples and not set(extraction.facts) - KIND_MARKERS:
        truncated = any(w.startswith("truncated") for w in extraction.warnings)
        why = "truncated (no 'End of Report') and " if truncated else ""
        return FileError(file=name, message=f"{KIND_WORDS[detected.kind]}, but {why}no figure could be read from it")
    return extraction


def import_files(files: Sequence[tuple[str, bytes]], *, mask: bool = False) -> ImportResult:
    result, extractions = read_unmasked(files)
    if not mask:
        return result
    return mask_result(result, names_to_mask([e.identity for e in extractions]))


def mask_result(result: ImportResult, tokens: dict[str, str]) -> ImportResult:
    """The result with every name in ``tokens`` replaced (the mapping itself is not part of it)."""
    masked = mask_document(result.model_dump(mode="json"), tokens)
    masked["masked"] = True
    return ImportResult.model_validate(masked)


def read_unmasked(
    files: Sequence[tuple[str, bytes]],
    *,
    background: bool = False,
    on_file: Callable[[int, int, str], None] | None = None,
) -> tuple[ImportResult, list[FileExtraction]]:
    """The import as printed in the files, and each read file's extraction (whose identities masking needs).
    ``on_file(done, total, name)`` is called after each file (a background job's progress)."""
    errors = check_limits(files, background=background)
    too_big = {e.file for e in errors}
    extractions: list[FileExtraction] = []
    for done, (name, data) in enumerate(files, start=1):
        if on_file is not None:
            on_file(done, len(files), name)
        if name in too_big:
            continue
        read = read_file(name, data)
        if isinstance(read, FileError):
            errors.append(read)
        else:
            extractions.append(read)
    aggregation, mismatched = aggregate(extractions) if extractions else (None, [])
    errors.extend(mismatched)
    left_out = {e.file for e in mismatched}
    result = ImportResult(
        files=tuple(
            FileRead(file=e.file, kind=e.kind, kind_words=KIND_WORDS[Kind(e.kind)], warnings=e.warnings)
            for e in extractions
            if e.file not in left_out
        ),
        errors=tuple(errors),
        aggregation=aggregation,
        prefill=prefill(aggregation) if aggregation else None,
    )
    return result, extractions
