"""Django-aware glue over the import engine: read the uploaded files (bounded), import them, keep the import and its
files in one transaction, attach them to the assessment made from them. Views and the API call these."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.files.uploadedfile import UploadedFile
from django.db import transaction

from advisor.awr.engine import limits
from advisor.awr.engine.figures import Provenance
from advisor.awr.engine.importer import ImportResult, UploadRejected
from advisor.awr.engine.upload import Upload, read_upload, unique_names
from advisor.awr.models import ReportFile, ReportImport
from advisor.models import Assessment
from config import uploads

CHUNK = 64 * 1024
FOLDER = "awr"  # the kept reports' folder in the uploads storage


@dataclass(frozen=True)
class Problem:
    """Why an upload saved nothing: the file (or ``files`` for the upload as a whole) and the reason in words;
    ``archive``: the file is a ZIP, which the estate import reads."""

    file: str
    message: str
    archive: bool = False


class ImportFailed(Exception):
    """Nothing was saved: no file could be read, or the upload is over a limit."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(f"{p.file}: {p.message}" for p in self.problems))


def _printable(text: str) -> str:
    return "".join(c for c in text if c.isprintable())


def _storable(value: Any) -> Any:
    """A JSON document without NUL characters (PostgreSQL's jsonb and text refuse them; a report may carry one
    past the 64 KiB its kind is detected from)."""
    if isinstance(value, str):
        return value.replace("\x00", "")
    if isinstance(value, dict):
        return {_storable(k): _storable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_storable(v) for v in value]
    return value


def uploaded_names(uploads: Sequence[UploadedFile]) -> list[str]:
    """The uploaded files' names without any directory or control characters, repeated ones as ``name (2)``…"""
    return unique_names([_printable((u.name or "").replace("\\", "/").rsplit("/", 1)[-1])[:200] for u in uploads])


def bounded_chunks(upload: UploadedFile) -> Iterable[bytes]:
    """The file's bytes, never more than one byte past the per-file limit (the engine then says the file is over it
    without the rest being read)."""
    cap, size = limits.MAX_FILE_BYTES.value + 1, 0
    for chunk in upload.chunks(CHUNK):
        yield chunk[: cap - size]
        size += min(len(chunk), cap - size)
        if size >= cap:
            return


def read_uploaded(uploads: Sequence[UploadedFile]) -> list[tuple[str, bytes]]:
    """Each uploaded file's name and bytes (bounded), named apart."""
    return [(name, b"".join(bounded_chunks(u))) for name, u in zip(uploaded_names(uploads), uploads, strict=True)]


def import_reports(
    *,
    files: Sequence[tuple[str, bytes]],
    mask: bool,
    owner: Any,
    team: Any = None,
    background: bool = False,
    on_file: Callable[[int, int, str], None] | None = None,
) -> ReportImport:
    """Read ``files`` and keep the import with every file (a file that could not be read keeps its reason, not its
    bytes), all in one transaction. Raises ``ImportFailed`` when the upload is over a limit or no file could be
    read: then nothing is written. ``background``: a job's larger limits; ``on_file``: its progress."""
    if not files:
        raise ImportFailed([Problem("files", "choose at least one report file")])
    try:
        upload = read_upload(files, mask=mask, background=background, on_file=on_file)
    except UploadRejected as rejected:
        raise ImportFailed([Problem("files", str(rejected))]) from None
    return keep_import(upload=upload, mask=mask, owner=owner, team=team)


def keep_import(*, upload: Upload, mask: bool, owner: Any, team: Any = None) -> ReportImport:
    """Keep an upload already read (by ``import_reports`` or a background job's child process), all in one
    transaction; ``ImportFailed`` when no file could be read."""
    if not upload.any_read:
        raise ImportFailed([Problem(e.file, e.message, e.archive) for e in upload.result.errors])
    result = upload.result
    identity = result.aggregation.identity if result.aggregation else None
    with uploads.removed_unless_kept() as written:  # the files first, then the rows; no row, no file
        stored = []
        for kept in upload.files:
            stored.append(uploads.save_bytes(uploads.new_name(FOLDER), kept.data) if kept.data else "")
            written.append(stored[-1])
        with transaction.atomic():
            report_import = ReportImport.objects.create(
                owner=owner,
                team=team,
                masked=mask,
                database=_storable(identity.db_name or "")[:200] if identity else "",
                extraction=_storable(result.model_dump(mode="json")),
            )
            ReportFile.objects.bulk_create(
                ReportFile(
                    report_import=report_import,
                    position=position,
                    name=_printable(kept.name)[:255],
                    kind=kept.kind,
                    size=kept.size,
                    sha256=kept.sha256,
                    stored=name,
                    error=_storable(kept.error),
                    warnings=_storable(list(kept.warnings)),
                )
                for position, (kept, name) in enumerate(zip(upload.files, stored, strict=True))
            )
    return report_import


def kept_bytes(kept: ReportFile) -> bytes:
    """A kept file's bytes, from the uploads storage (or, for a row saved before storage, the row itself); empty
    for a file that could not be read."""
    return uploads.read_bytes(kept.stored) if kept.stored else bytes(kept.content)


def import_result(report_import: ReportImport) -> ImportResult:
    """The stored extraction as the engine's result."""
    return ImportResult.model_validate(report_import.extraction)


def provenance_line(p: Provenance) -> str:
    """``AWR_DBS.html · Load Profile · DB CPU(s): 1.2``."""
    printed = f": {p.printed}" if p.printed else ""
    return f"{p.file} · {p.section} · {p.row}{printed}"


def prefill_sources(result: ImportResult) -> dict[str, str]:
    """Per pre-filled questionnaire field, where its value came from, for the line under the field."""
    if result.prefill is None:
        return {}
    out = {}
    for field in result.prefill.fields:
        where = "; ".join(provenance_line(p) for p in field.provenance[:2])
        more = f" (+{len(field.provenance) - 2} more)" if len(field.provenance) > 2 else ""
        out[field.path] = f"{field.source}" + (f" — from {where}{more}" if where else "")
    return out


def prefill_caveats(result: ImportResult) -> dict[str, tuple[Any, str]]:
    """Per peak answer pre-filled with an average, the value and why it is no peak (marked on the field while it
    holds that value)."""
    if result.prefill is None:
        return {}
    return {f.path: (f.value, f.caveat.message) for f in result.prefill.fields if f.caveat is not None}


def kept_defaults(result: ImportResult) -> dict[str, str]:
    """Per questionnaire field the reports did not fill, why (the line under the field says its default stayed)."""
    return dict(result.prefill.not_prefilled) if result.prefill is not None else {}


def prefilled_workload(result: ImportResult) -> dict[str, Any]:
    """The questionnaire's values: the engine's pre-filled workload (defaults where nothing was found)."""
    if result.prefill is None:
        raise ImportFailed([Problem("files", "no figure was read, so there is nothing to pre-fill")])
    return result.prefill.workload


def suggested_name(report_import: ReportImport) -> str:
    return f"{report_import.database or 'Database'} (from AWR import)"[:200]


def attach(*, report_import: ReportImport, assessment: Assessment) -> ReportImport:
    """Keep the reports with ``assessment`` (owned like it, deleted with it). An import already kept with another
    assessment is copied, files and all, so each assessment keeps its own."""
    if report_import.assessment_id is not None and report_import.assessment_id != assessment.pk:
        return _copy(report_import, assessment)
    with transaction.atomic():
        report_import.assessment = assessment
        report_import.team = assessment.team
        report_import.save(update_fields=["assessment", "team"])
    return report_import


def _copy(report_import: ReportImport, assessment: Assessment) -> ReportImport:
    """The import and its files kept again for ``assessment``: each file copied in the storage first (deleting
    either import then leaves the other's files), then the rows in one transaction."""
    files = list(report_import.files.all())
    with uploads.removed_unless_kept() as written:
        for kept in files:
            data = kept_bytes(kept)
            kept.stored = uploads.save_bytes(uploads.new_name(FOLDER), data) if data else ""
            kept.content = b""
            written.append(kept.stored)
        with transaction.atomic():
            copy = ReportImport.objects.create(
                owner=assessment.owner or report_import.owner,
                team=assessment.team,
                assessment=assessment,
                masked=report_import.masked,
                database=report_import.database,
                extraction=report_import.extraction,
            )
            for kept in files:
                kept.pk = None
                kept.report_import = copy
            ReportFile.objects.bulk_create(files)
    return copy


def import_delete(*, report_import: ReportImport) -> None:
    report_import.delete()
