"""Which kind of report a file is, from its content (never its name), and its text.

Pure Python. ``detect`` reads the first 64 KiB only; a file of no known kind gets a message saying what was
looked for, so the user knows what is accepted.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

HEAD_BYTES = 64 * 1024


class Kind(StrEnum):
    AWR_HTML = "awr-html"  # awrrpt.sql, HTML: one instance
    AWR_RAC_HTML = "awr-rac-html"  # awrgrpt.sql, HTML: RAC global
    AWR_TEXT = "awr-text"  # awrrpt.sql, text
    STATSPACK = "statspack"  # spreport.sql, text
    AWR_MINER = "awr-miner"  # AWS AWR-Miner / statspack-miner output (dbcsi_*.out)
    DBSPACE = "dbspace"  # SQL*Plus size listing by file type (dbspace.sql)


KIND_WORDS = {
    Kind.AWR_HTML: "AWR instance report (HTML)",
    Kind.AWR_RAC_HTML: "AWR RAC global report (HTML)",
    Kind.AWR_TEXT: "AWR instance report (text)",
    Kind.STATSPACK: "Statspack report (text)",
    Kind.AWR_MINER: "AWR-Miner output",
    Kind.DBSPACE: "database size listing (dbspace)",
}

ACCEPTED = (
    "an AWR report (HTML or text, with a 'WORKLOAD REPOSITORY report' header or 'AWR Report for DB' title), an AWR "
    "RAC global report, a Statspack report ('STATSPACK report for'), AWR-Miner output ('~~BEGIN-OS-INFORMATION~~') "
    "or a dbspace size listing (Datafile/Tempfile/OnlineRedo sums)"
)


# The first four bytes of a ZIP archive: a local file header, or an empty archive's end of central directory record
# (PKWARE's .ZIP File Format Specification, APPNOTE.TXT 6.3.10, sections 4.3.7 and 4.3.16)
ZIP_SIGNATURES = (b"PK\x03\x04", b"PK\x05\x06")

ZIP_REFUSED = (
    "a ZIP archive (an Excel workbook is one too), not a report: the AWR import reads report files, each uploaded as "
    f"it is ({ACCEPTED}). Unpack the ZIP and upload its reports, or create an estate from it: the estate import reads "
    "a ZIP of reports of one or many databases (one folder per database, or grouped by the database each report "
    "prints) and inventories (CSV or XLSX)"
)


class NotAReport(ValueError):
    """The file is of no known kind; the message says what was looked for."""


class ArchiveNotReport(NotAReport):
    """The file is a ZIP archive: the estate import reads those."""


def is_zip(data: bytes) -> bool:
    return data[:4] in ZIP_SIGNATURES


@dataclass(frozen=True)
class Detected:
    kind: Kind
    text: str


def decode(data: bytes) -> str:
    """The file's text: UTF-8 (AWR-Miner output carries UTF-8 text), else Latin-1 (never fails)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _looks_binary(head: bytes) -> bool:
    if b"\x00" in head:
        return True
    controls = sum(1 for b in head if b < 9 or 13 < b < 32)
    return bool(head) and controls / len(head) > 0.05


def _is_dbspace(head: str) -> bool:
    lines = [line.split() for line in head.splitlines()]
    kinds = {
        words[0] for words in lines if len(words) == 2 and words[0] in {"Datafile", "Tempfile", "OnlineRedo", "Ctlfile"}
    }
    return "Datafile" in kinds and any(words[:1] == ["sum"] for words in lines)


def detect(data: bytes) -> Detected:
    """The kind of report, from the content. Raises ``NotAReport`` with what was looked for."""
    head_bytes = data[:HEAD_BYTES]
    if not data.strip():
        raise NotAReport("empty file: not an AWR, Statspack or AWR-Miner report")
    if is_zip(data):
        raise ArchiveNotReport(ZIP_REFUSED)
    if _looks_binary(head_bytes):
        raise NotAReport(f"binary file: not a text or HTML report. Accepted: {ACCEPTED}")
    text = decode(data)
    head = text[:HEAD_BYTES]
    lowered = head.lower()
    if "<html" in lowered or "<title" in lowered:
        if "awr rac report for db" in lowered:
            return Detected(Kind.AWR_RAC_HTML, text)
        if "awr report for db" in lowered or "workload repository report for" in lowered:
            return Detected(Kind.AWR_HTML, text)
        raise NotAReport(
            "an HTML file but not an AWR report: no 'AWR Report for DB' title or 'WORKLOAD REPOSITORY' header"
        )
    if "~~BEGIN-OS-INFORMATION~~" in head:
        return Detected(Kind.AWR_MINER, text)
    if "WORKLOAD REPOSITORY report for" in head:
        return Detected(Kind.AWR_TEXT, text)
    if "STATSPACK report for" in head:
        return Detected(Kind.STATSPACK, text)
    if _is_dbspace(head):
        return Detected(Kind.DBSPACE, text)
    raise NotAReport(f"not an AWR or Statspack report: no 'WORKLOAD REPOSITORY' header. Accepted: {ACCEPTED}")
