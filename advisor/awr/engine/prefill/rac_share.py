"""A RAC database read from some of its instances' reports: their CPU, IO, redo, memory and host figures are not
pre-filled as the database's, each left to the user with the figure read and why.

Pure Python; part of the pre-fill (``advisor.awr.engine.prefill.fields``). The questionnaire sizes the whole
database, every instance's load together. An instance report covers its own instance, so its figures under-size a
database that runs more: they are withheld rather than scaled up (the other instances' load is not in the files and
need not be like this one's). Ratios and facts of the database (block size, edition, the multiblock share, its
size) stay pre-filled. Where the files cover every instance (a RAC global report, AWR-Miner output, or every
instance's reports) nothing is withheld; where they cover every instance but no window holds every instance's
figures, the rates (CPU, IO, redo) are withheld, while memory and host figures, each instance's summed, stay.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from advisor.awr.engine.aggregation import Aggregation
from advisor.engine.workload import SECTIONS

if TYPE_CHECKING:
    from advisor.awr.engine.prefill.builder import Builder

# The answers that measure the whole database's demand: each instance adds its own
WITHHELD = (
    "sizing.peak_cpu",
    "sizing.average_cpu",
    "sizing.sga_gib",
    "sizing.pga_gib",
    "sizing.buffer_cache_gib",
    "io.peak_read_iops",
    "io.sustained_read_iops",
    "io.peak_read_mib_s",
    "io.peak_write_iops",
    "io.sustained_write_iops",
    "io.peak_write_mib_s",
    "io.redo_mib_s",
    "source_host.cores",
    "source_host.sockets",
)
# Of those, the rates measured window by window: some instances' alone when no window holds every instance
RATES = tuple(path for path in WITHHELD if path.startswith("io.") or path.endswith("_cpu"))


def _unit(path: str) -> str:
    section, _, name = path.partition(".")
    model = dict(SECTIONS)[section]
    extra = model.model_fields[name].json_schema_extra
    return str(extra.get("unit", "")) if isinstance(extra, dict) else ""


def _shown(b: Builder, path: str, value: object) -> str:
    """The figure with its unit: a CPU figure read as DB CPU is in CPU seconds per second, not vCPUs."""
    if (
        path.startswith("sizing.")
        and path.endswith("_cpu")
        and b.values.get("sizing.cpu_metric") == "db-cpu-per-second"
    ):
        unit = "CPU seconds per second"
    else:
        unit = _unit(path)
    return f"{value:,g}{f' {unit}' if unit else ''}"


def withhold_instance_figures(b: Builder, agg: Aggregation) -> None:
    """Take the demand answers out of the pre-fill when the files cover some of the RAC database's instances only;
    each says the figure read and why."""
    partial = agg.partial_rac
    if partial is None:
        return
    for path in RATES if partial.reason == "hours" else WITHHELD:
        field = b.fields.get(path)
        if field is None:
            continue
        b.values.pop(path, None)
        b.fields.pop(path, None)
        together = "every host it runs on" if path.startswith("source_host.") else "all its instances together"
        b.skipped[path] = (
            f"not pre-filled: {_shown(b, path, field.value)} is {partial.owner()}, not the database's, as "
            f"{partial.why()}; enter the database's figure ({together}), or upload {partial.upload()}"
        )
