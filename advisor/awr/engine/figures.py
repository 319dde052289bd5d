"""The shared figure model: a value read from a report, with where it was read (file, section, row, printed text).

Pure Python. Every parser returns a ``FileExtraction``: the database it describes, one ``Sample`` per measured
window (rates such as DB CPU/s and IOPS, per instance) and ``facts`` (host, memory, version, sizes...). Results are
frozen pydantic models so they dump to a stable JSON document.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Provenance(_Frozen):
    """Where a figure was read: the file, the section or table, the row (label) and the value as printed."""

    file: str
    section: str
    row: str
    printed: str


class Figure(_Frozen):
    """One metric's value with its unit and provenance; ``per_instance`` holds RAC instances' own figures."""

    metric: str
    value: float | int | str | bool
    unit: str = ""
    provenance: tuple[Provenance, ...] = ()
    per_instance: dict[str, float] = {}
    note: str = ""
    # the highest one-minute value inside the window, when the source prints it (AWR-Miner *_max); not a peak to
    # size on (a sustained hour is), said beside the busiest window
    peak: float | None = None


class Sample(_Frozen):
    """Rates measured over one window (a report's snapshot range, or one AWR-Miner snapshot) by one instance.

    ``instance`` is None when the figures already cover every instance (a RAC global report, a database-wide
    AWR-Miner row); ``window`` identifies the interval so per-instance reports of one interval can be summed."""

    window: str
    minutes: float
    instance: str | None = None
    figures: dict[str, Figure] = {}
    # the begin and end snapshot ids ("2668-2669"): one database's instances share them, so they key the window;
    # the snapshot times as printed (each instance records its own) only check that the windows overlap
    snaps: str = ""
    begin: str = ""
    end: str = ""


class Window(_Frozen):
    """A report's snapshot range: its words (ids and times as printed), snap ids and begin and end times."""

    label: str = ""
    snaps: str = ""
    begin: str = ""
    end: str = ""


class Identity(_Frozen):
    """Which database a file describes: printed names and ids (masked on request)."""

    dbid: str | None = None
    db_name: str | None = None
    unique_name: str | None = None
    instances: tuple[str, ...] = ()
    hosts: tuple[str, ...] = ()


class FileExtraction(_Frozen):
    """What one file gave: its kind, the database, samples, facts, and per-metric warnings."""

    file: str
    kind: str
    identity: Identity = Identity()
    samples: tuple[Sample, ...] = ()
    facts: dict[str, Figure] = {}
    warnings: tuple[str, ...] = ()


class FileError(_Frozen):
    """A file that could not be read, and why in words (the other files are still read); ``archive``: it is a ZIP,
    which the estate import reads."""

    file: str
    message: str
    archive: bool = False


def figure(
    metric: str,
    value: float | int | str | bool,
    unit: str,
    file: str,
    section: str,
    row: str,
    printed: str,
    note: str = "",
) -> Figure:
    """A figure with one provenance entry (the common case)."""
    return Figure(
        metric=metric,
        value=value,
        unit=unit,
        provenance=(Provenance(file=file, section=section, row=row, printed=printed),),
        note=note,
    )
