"""Which database an upload describes: the files of the database most files name (DBID, else name) are kept; a file
of another database gets its own error, and a file that names none (a dbspace listing) is attached and said so.

Pure Python.
"""

from __future__ import annotations

from collections import defaultdict

from advisor.awr.engine.figures import FileError, FileExtraction, Identity


def _key(identity: Identity) -> str | None:
    if identity.dbid:
        return f"DBID {identity.dbid}"
    return f"name {identity.db_name.upper()}" if identity.db_name else None


def _describe(identity: Identity) -> str:
    return f"{identity.db_name or '?'} (DBID {identity.dbid or 'not printed'})"


def choose_database(extractions: list[FileExtraction]) -> tuple[list[FileExtraction], list[FileError]]:
    """The files of the database most files describe (the first one on a tie); the others get an error."""
    groups: dict[str, list[FileExtraction]] = defaultdict(list)
    for extraction in extractions:
        key = _key(extraction.identity)
        if key:
            groups[key].append(extraction)
    if not groups:
        return extractions, []
    chosen = max(groups, key=lambda k: len(groups[k]))  # max keeps the first of equals
    main = groups[chosen][0].identity
    kept, errors = [], []
    for extraction in extractions:
        key = _key(extraction.identity)
        if key is None or key == chosen:
            kept.append(extraction)
        else:
            errors.append(
                FileError(
                    file=extraction.file,
                    message=f"from database {_describe(extraction.identity)}, not {_describe(main)} like the other "
                    f"{len(groups[chosen])} file(s): upload the reports of one database at a time; "
                    "this file was left out",
                )
            )
    return kept, errors


def unnamed_attached(extractions: list[FileExtraction], kept: list[FileExtraction]) -> list[str]:
    """When the upload holds files of more than one database, a file that names none (a dbspace listing) is kept
    with the chosen database's files: say so, naming that database, since nothing in the file confirms it."""
    databases = {_key(e.identity) for e in extractions} - {None}
    chosen = next((e.identity for e in kept if _key(e.identity)), None)
    if len(databases) < 2 or chosen is None:
        return []
    return [
        f"{e.file} names no database; it was attached to {_describe(chosen)}, the database most files describe "
        f"(this upload holds files of {len(databases)} databases): check that it belongs to {chosen.db_name or 'it'}"
        for e in kept
        if _key(e.identity) is None
    ]
