"""An estate's databases from a ZIP of reports: each folder is one database, files at the top level are grouped by
the database they print (DBID, else name); each group goes through the AWR import engine (detect and parse each
file, aggregate, pre-fill) to one ``Workload``.

Pure Python, a thin adapter over ``advisor.awr.engine`` (``read_file``, ``aggregate``, ``prefill``, masking). A
group none of whose files could be read is one database with its error ("folder ERP: no file could be read: …");
the others go on. With ``mask`` the names the reports print (database, instance, host, domain) are replaced in every
name and message by the tokens of the AWR import's masking, computed over the whole ZIP so that each database keeps
a token of its own; a database grouped by DBID is then named by its token.
"""

from __future__ import annotations

import zipfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass

from advisor.awr.engine.aggregation import aggregate
from advisor.awr.engine.figures import FileError, FileExtraction, Identity
from advisor.awr.engine.importer import read_file
from advisor.awr.engine.mask import mask_document, names_to_mask
from advisor.awr.engine.prefill.fields import prefill
from advisor.engine.workload import Workload, WorkloadInvalid, parse_workload
from advisor.estates.engine.report_zip import MAX_MEMBER_BYTES, Member, ZipPlan, member_bytes, open_zip, plan_zip

MAX_NAME_CHARS = 200


@dataclass(frozen=True)
class ReportDatabase:
    """One database of the ZIP: its workload, or the error that kept it from having one; ``notes`` name the files
    of the group that were left out (and why), ``files`` those read."""

    name: str
    source: str  # "folder ERP" or "DBID 2494196594"
    workload: Workload | None
    error: str
    files: tuple[str, ...]
    notes: tuple[str, ...]


@dataclass(frozen=True)
class ReportEstate:
    databases: tuple[ReportDatabase, ...]
    notes: tuple[str, ...]  # members left out of every database: unsafe names, no database printed, …
    masked: bool
    file_name: str = ""  # the ZIP's name, masked like the rest


@dataclass
class _Group:
    source: str
    name: str
    extractions: list[FileExtraction]
    errors: list[FileError]


def _key(identity: Identity) -> str | None:
    if identity.dbid:
        return f"DBID {identity.dbid}"
    return f"database {identity.db_name.upper()}" if identity.db_name else None


def _read(data: bytes, plan: ZipPlan, on_file: Callable[[int, int, str], None] | None) -> dict[Member, object]:
    archive = open_zip(data)
    read: dict[Member, object] = {}
    for done, member in enumerate(plan.members, start=1):
        if on_file is not None:
            on_file(done, len(plan.members), member.path)
        if member.size > MAX_MEMBER_BYTES.value:
            read[member] = FileError(file=member.path, message=f"over the limit of {MAX_MEMBER_BYTES.words}; not read")
            continue
        try:
            data = member_bytes(archive, member)
        except (zipfile.BadZipFile, zlib.error, EOFError, OSError, NotImplementedError) as broken:
            read[member] = FileError(file=member.path, message=f"could not be unpacked ({broken}); not read")
            continue
        try:
            read[member] = read_file(member.path, data)
        except Exception as error:  # noqa: BLE001 - one report's unexpected failure is that file's error alone
            read[member] = FileError(file=member.path, message=f"could not be read ({_why(error)}); not read")
    return read


def _why(error: Exception) -> str:
    return f"{type(error).__name__}: {str(error)[:300]}" if str(error) else type(error).__name__


def _groups(plan: ZipPlan, read: dict[Member, object]) -> tuple[list[_Group], list[str]]:
    groups: dict[str, _Group] = {}
    notes: list[str] = []
    loose: list[tuple[Member, object]] = []
    for member in plan.members:
        found = read[member]
        if member.folder:
            group = groups.setdefault(
                f"folder {member.folder}", _Group(f"folder {member.folder}", member.folder, [], [])
            )
        else:
            key = _key(found.identity) if isinstance(found, FileExtraction) else None
            if key is None:
                loose.append((member, found))
                continue
            name = found.identity.db_name or key  # type: ignore[attr-defined]
            group = groups.setdefault(key, _Group(key, name, [], []))
        (group.extractions if isinstance(found, FileExtraction) else group.errors).append(found)  # type: ignore[arg-type]
    by_dbid = [g for g in groups.values() if not g.source.startswith("folder ")]
    for member, found in loose:
        if isinstance(found, FileError):
            notes.append(f"{member.path}: {found.message}")
        elif len(by_dbid) == 1 and len(groups) == 1:  # one database only: a size listing is its own
            by_dbid[0].extractions.append(found)  # type: ignore[arg-type]
        else:
            notes.append(f"{member.path}: prints no DBID or database name, so it cannot be matched to a database at "
                         "the top level of the ZIP: put each database's files in a folder of its own; not read")  # fmt: skip
    return list(groups.values()), notes


def _database(group: _Group) -> ReportDatabase:
    errors = [f"{e.file}: {e.message}" for e in group.errors]
    files = tuple(e.file for e in group.extractions)
    if not group.extractions:
        why = "; ".join(errors) or "it holds no file"
        return ReportDatabase(group.name, group.source, None, f"{group.source}: no file could be read: {why}", (), ())
    aggregation, mismatched = aggregate(group.extractions)
    errors += [f"{e.file}: {e.message}" for e in mismatched]
    if aggregation is None:
        return ReportDatabase(group.name, group.source, None, f"{group.source}: no figure could be read", files,
                              tuple(errors))  # fmt: skip
    if (partial := aggregation.partial_rac) is not None:
        # its figures are some instances' alone: assessed on the questionnaire's defaults it would be priced on
        # made-up demand and counted in every total, so it is not assessed, saying what would let it be
        return ReportDatabase(group.name, group.source, None,
                              f"{group.source}: not assessed: {partial.why()}, so {partial.read_is()}, not the "
                              f"database's demand; add {partial.upload()}", files, tuple(errors))  # fmt: skip
    try:
        workload = parse_workload(prefill(aggregation).workload)
    except WorkloadInvalid as invalid:  # the pre-fill validates; kept so one group can never stop the others
        return ReportDatabase(group.name, group.source, None, f"{group.source}: {invalid}", files, tuple(errors))
    kept = set(aggregation.files)
    return ReportDatabase(group.name, group.source, workload, "", tuple(f for f in files if f in kept),
                          tuple(errors) + tuple(f"{group.source}: {w}" for w in aggregation.flags))  # fmt: skip


def _database_or_error(group: _Group) -> ReportDatabase:
    """``_database``, or the group's error when reading its figures fails unexpectedly: one database's failure is
    that database's error, the others are still assessed."""
    try:
        return _database(group)
    except Exception as error:  # noqa: BLE001 - any failure of one group stays that group's
        files = tuple(e.file for e in group.extractions)
        return ReportDatabase(group.name, group.source, None,
                              f"{group.source}: its figures could not be read ({_why(error)})", files, ())  # fmt: skip


def _unique(names: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for name in names:
        base = (name.strip() or "database")[: MAX_NAME_CHARS - 5]
        count = seen.get(base.lower(), 0) + 1
        seen[base.lower()] = count
        out.append(base if count == 1 else f"{base} ({count})")
    return out


def _masked(database: ReportDatabase, tokens: dict[str, str]) -> ReportDatabase:
    masked = mask_document([database.name, database.source, database.error, list(database.files),
                           list(database.notes)], tokens)  # fmt: skip
    name, source, error, files, notes = masked
    return ReportDatabase(name, source, database.workload, error, tuple(files), tuple(notes))


def read_report_zip(
    data: bytes,
    *,
    mask: bool = False,
    on_file: Callable[[int, int, str], None] | None = None,
    file_name: str = "",
) -> ReportEstate:
    """Every database of the ZIP; ``ZipRefused`` (before anything is unpacked) when the ZIP is over a limit.
    ``on_file(done, total, path)`` is called before each member is read (a background job's progress)."""
    plan = plan_zip(data)
    read = _read(data, plan, on_file)
    groups, notes = _groups(plan, read)
    databases = [_database_or_error(g) for g in groups]
    notes = list(plan.left_out) + notes
    if mask:
        tokens = names_to_mask([r.identity for r in read.values() if isinstance(r, FileExtraction)])
        databases = [_masked(d, tokens) for d in databases]
        notes = [str(n) for n in mask_document(notes, tokens)]
        file_name = str(mask_document(file_name, tokens))
    names = _unique([d.name for d in databases])
    databases = [
        ReportDatabase(n, d.source, d.workload, d.error, d.files, d.notes)
        for n, d in zip(names, databases, strict=True)
    ]
    return ReportEstate(tuple(databases), tuple(notes), mask, file_name)
