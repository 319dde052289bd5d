"""A ZIP of AWR / Statspack / AWR-Miner reports, checked before anything is unpacked and read member by member in
memory: the limits, the member names, and which database (folder) each member belongs to.

Pure Python. ``plan_zip`` reads only the ZIP's directory (no member is decompressed): it refuses the archive over a
limit, in words, and leaves out (with why) members whose name is unsafe, links, folders and operating-system
clutter. ``member_bytes`` unpacks one member in memory, never more than its declared size (which the limits already
bounded). Nothing is ever written to a path taken from a member's name.

Limits reuse the AWR import's (``advisor.awr.engine.limits``): a ZIP is at most what one AWR upload read while you
wait may be (128 MiB); its members at most what one background AWR upload may hold (256 files, 512 MiB unpacked),
each at most 16 MiB; and no member may unpack to more than ``MAX_RATIO`` times its compressed size (a zip bomb).
"""

from __future__ import annotations

import io
import stat
import zipfile
import zlib
from dataclasses import dataclass

from advisor.awr.engine import limits
from advisor.awr.engine.detect import ACCEPTED, HEAD_BYTES, NotAReport, detect
from advisor.awr.engine.limits import Limit
from advisor.estates.engine.tables import InventoryRefused

# Each ``reason`` is shown on the estate page (and in a refusal): what the limit allows and what happens past it, in
# the user's words. Why the values: the AWR import's, whose comments say why; the sample reports compress 4.5 to 13.1
# times with DEFLATE (measured 2026-11-25), so the limits on the files inside bind before the ZIP's own size, and a
# member packed more than 100 times is a zip bomb, not a report.
MAX_ZIP_BYTES = Limit(
    limits.MAX_UPLOAD_BYTES.value,
    "128 MiB per ZIP",
    "A larger file is refused before it is read, and nothing is assessed.",
)
MAX_MEMBERS = Limit(
    limits.MAX_FILES_BACKGROUND.value,
    "256 files per ZIP",
    "As many as one AWR import reads; a ZIP holding more is refused and nothing is assessed: put a larger estate in "
    "several ZIPs.",
)
MAX_UNPACKED_BYTES = Limit(
    limits.MAX_UPLOAD_BYTES_BACKGROUND.value,
    "512 MiB unpacked",
    "As much as one AWR import reads; a ZIP whose files unpack to more is refused and nothing is assessed.",
)
MAX_RATIO = Limit(
    100,
    "each file may unpack to at most 100 times its compressed size",
    "A ZIP holding a file packed more tightly is refused and nothing is assessed.",
)
MAX_MEMBER_BYTES = limits.MAX_FILE_BYTES  # 16 MiB per report, as the AWR import reads one
MAX_NAME_CHARS = 255
CLUTTER = ("__macosx/", ".ds_store", "thumbs.db", "desktop.ini")


class ZipRefused(InventoryRefused):
    """The ZIP as a whole is refused (over a limit, not a ZIP): nothing was read."""


@dataclass(frozen=True)
class Member:
    """One report of the ZIP: ``path`` as the ZIP names it (cleaned, relative to a common top folder), ``folder``
    the top-level folder it sits in ("" at the top level), ``index`` its place in the ZIP's directory."""

    index: int
    path: str
    folder: str
    size: int


@dataclass(frozen=True)
class ZipPlan:
    members: tuple[Member, ...]
    left_out: tuple[str, ...]  # "name: why", members not read at all
    unpacked_bytes: int

    @property
    def folders(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(m.folder for m in self.members if m.folder))


def _mib(size: int) -> str:
    return f"{size / 1024 / 1024:,.1f} MiB"


def looks_like_report_zip(data: bytes, file_name: str = "") -> bool:
    """A ZIP that is not an Excel workbook (an .xlsx is a ZIP too): a ``.zip`` name, or a ZIP without a workbook."""
    if file_name.lower().endswith(".zip"):
        return True
    if data[:4] != b"PK\x03\x04" or file_name.lower().endswith(".xlsx"):
        return False
    try:
        names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    except (zipfile.BadZipFile, ValueError):
        return False
    return "xl/workbook.xml" not in names


def safe_path(name: str) -> str | None:
    """The member's path with '/' separators, or None when it is absolute, climbs out (``..``), names a drive or
    holds control characters: such a name is never used, not even to group."""
    if any(ord(c) < 32 or ord(c) == 127 for c in name) or len(name) > MAX_NAME_CHARS:
        return None
    path = name.replace("\\", "/")
    if path.startswith("/") or (len(path) > 1 and path[1] == ":"):
        return None
    parts = [p for p in path.split("/") if p not in ("", ".")]
    if not parts or ".." in parts:
        return None
    return "/".join(parts)


def _is_link(info: zipfile.ZipInfo) -> bool:
    return info.create_system == 3 and stat.S_ISLNK(info.external_attr >> 16)


def _open(data: bytes) -> zipfile.ZipFile:
    if len(data) > MAX_ZIP_BYTES.value:
        raise ZipRefused([f"the ZIP is {_mib(len(data))}: the limit is {MAX_ZIP_BYTES.words}"])
    try:
        return zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError, OSError):
        raise ZipRefused(["the file is not a readable ZIP archive: give a .zip of AWR, Statspack or AWR-Miner "
                          "reports, one folder per database (or all at the top level, grouped by DBID)"]) from None  # fmt: skip


def plan_zip(data: bytes) -> ZipPlan:
    """The members to read and the folder of each, after every limit is checked on the ZIP's directory alone."""
    archive = _open(data)
    infos = archive.infolist()
    files = [i for i in infos if not i.is_dir()]
    if len(files) > MAX_MEMBERS.value:
        raise ZipRefused([f"the ZIP holds {len(files):,} files: the limit is {MAX_MEMBERS.words} "
                          f"({MAX_MEMBERS.reason})"])  # fmt: skip
    unpacked = sum(i.file_size for i in files)
    if unpacked > MAX_UNPACKED_BYTES.value:
        raise ZipRefused([f"the ZIP unpacks to {_mib(unpacked)}: the limit is {MAX_UNPACKED_BYTES.words}"])
    bombs = [i.filename for i in files if i.file_size > MAX_RATIO.value * max(i.compress_size, 1)]
    if bombs:
        raise ZipRefused([f"{len(bombs)} file(s) unpack to more than 100 times their packed size ({bombs[0][:80]!r}"
                          f"{', …' if len(bombs) > 1 else ''}): {MAX_RATIO.words}; nothing was read"])  # fmt: skip
    left_out: list[str] = []
    kept: list[tuple[int, str, zipfile.ZipInfo]] = []
    for index, info in enumerate(infos):
        if info.is_dir():
            continue
        path = safe_path(info.filename)
        shown = info.filename.encode("unicode_escape").decode("ascii")[:120]
        if path is None:
            left_out.append(f"{shown}: unsafe name (absolute, '..' or control characters); not read")
        elif _is_link(info):
            left_out.append(f"{path}: a symbolic link, not a report; not read")
        elif info.flag_bits & 0x1:
            left_out.append(f"{path}: encrypted; not read")
        elif any(part.lower() in CLUTTER or part.lower() + "/" in CLUTTER for part in path.split("/")):
            continue  # operating-system clutter (macOS resource forks, thumbnails), silently
        else:
            kept.append((index, path, info))
    if not kept:
        raise ZipRefused(["the ZIP holds no file to read" + (f" ({'; '.join(left_out[:3])})" if left_out else "")])
    paths = [p.split("/") for _, p, _ in kept]
    while all(len(p) > 2 for p in paths) and len({p[0] for p in paths}) == 1:  # one wrapping folder: look inside
        paths = [p[1:] for p in paths]
    members = tuple(
        Member(index=index, path="/".join(parts), folder=parts[0] if len(parts) > 1 else "", size=info.file_size)
        for (index, _, info), parts in zip(kept, paths, strict=True)
    )
    return ZipPlan(members=members, left_out=tuple(left_out), unpacked_bytes=unpacked)


MAX_REASONS = 3  # the files a refusal names, with why each is not a report; the others are counted


def require_a_report(data: bytes, plan: ZipPlan) -> None:
    """``ZipRefused`` unless at least one member of ``plan`` is a report of a kind the AWR import reads, judged by
    the start of each member alone (``detect`` reads no more than its first 64 KiB), so that a ZIP of anything else
    is refused while the user waits rather than kept as an estate of no database. Stops at the first report."""
    archive = _open(data)
    why: list[str] = []
    for member in plan.members:
        try:
            with archive.open(archive.infolist()[member.index]) as handle:
                head = handle.read(HEAD_BYTES)
        except (zipfile.BadZipFile, zlib.error, EOFError, OSError, NotImplementedError):
            why.append(f"{member.path}: could not be unpacked")
            continue
        try:
            detect(head)
        except NotAReport as refused:
            why.append(f"{member.path}: {str(refused).split('. Accepted:')[0]}")
            continue
        return
    why += plan.left_out
    more = f"; and {len(why) - MAX_REASONS} more" if len(why) > MAX_REASONS else ""
    raise ZipRefused([f"the ZIP holds no AWR, Statspack or AWR-Miner report ({'; '.join(why[:MAX_REASONS])}{more}), "
                      f"so there is no database to assess. Accepted: a .zip of reports, one folder per database or "
                      f"all at the top level, each {ACCEPTED}; or an inventory: a CSV file or an Excel workbook "
                      "(.xlsx), one row per database"])  # fmt: skip


def open_zip(data: bytes) -> zipfile.ZipFile:
    """The archive over ``data`` (in memory), refused like ``plan_zip`` refuses it."""
    return _open(data)


def member_bytes(archive: zipfile.ZipFile, member: Member) -> bytes:
    """The member unpacked in memory, at most its declared size (zipfile stops there) and the per-file limit."""
    info = archive.infolist()[member.index]
    with archive.open(info) as handle:
        return handle.read(MAX_MEMBER_BYTES.value + 1)
