"""The pre-fill: an aggregated extraction mapped to Workload fields, each with its source, plus Exadata findings.

Pure Python. Only what the reports show is filled; every other field keeps the questionnaire's default and is
listed as not pre-filled with the reason. The Exadata features and the review notes on them are in
``exadata``. The result always validates as a ``Workload``: a pre-filled value that
conflicts with another (e.g. an EE-only pack on SE2) is withdrawn with the validator's own message.
"""

from __future__ import annotations

import math
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from advisor.awr.engine.aggregation import Aggregation, MetricSummary
from advisor.awr.engine.figures import Figure
from advisor.awr.engine.prefill.builder import Builder, PrefilledField
from advisor.awr.engine.prefill.cpu import cpu_prefill
from advisor.awr.engine.prefill.exadata import Finding, exadata_findings, exadata_prefill
from advisor.awr.engine.prefill.fallback import fallback_note
from advisor.awr.engine.prefill.host import host_prefill
from advisor.awr.engine.prefill.instances import per_instance_words
from advisor.awr.engine.prefill.params import params_prefill
from advisor.awr.engine.prefill.peaks import average_caveat, peak_words, span_words
from advisor.awr.engine.prefill.rac_share import withhold_instance_figures
from advisor.engine.workload import Workload, field_errors
from advisor.engine.workload.fields import RELEASE

BLOCK_SIZES_KIB = (2, 4, 8, 16, 32)
LINUX_MAX_IO_KIB = 1024  # the workload contract's own cap on multiblock reads (io.multiblock_read_kib's help)
# Growth over a shorter window than this is not projected to a year: a few days of size samples say nothing about
# seasonality or batch loads. Four weeks is the app's policy, not an Oracle or AWS figure.
MIN_GROWTH_WINDOW_DAYS = 28


class Prefill(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    workload: dict[str, Any]
    fields: tuple[PrefilledField, ...]
    not_prefilled: dict[str, str]
    findings: tuple[Finding, ...]


def _fact(agg: Aggregation, metric: str) -> Figure | None:
    return agg.facts.get(metric)


def _oracle(b: Builder, agg: Aggregation) -> None:
    edition = _fact(agg, "edition")
    if edition:
        printed = str(edition.value).upper()
        mapped = {"EE": "ee", "XP": "ee", "SE2": "se2", "SE": "se2", "SE1": "se2"}.get(printed)
        if mapped:
            words = {
                "XP": "XP (Exadata Extreme Performance, an Enterprise Edition)",
                "SE": "SE, succeeded by SE2",
                "SE1": "SE1, succeeded by SE2",
            }.get(printed, printed)
            b.set("oracle.edition", mapped, f"edition {words}", edition.provenance)
        else:
            b.skip("oracle.edition", f"edition printed as '{edition.value}', which the questionnaire does not offer")
    else:
        b.skip("oracle.edition", "no edition printed (Statspack headers have none)")
    version = _fact(agg, "version")
    if version:
        try:
            major = int(str(version.value).split(".")[0])
        except ValueError:
            major = 0
        if 0 < major <= 19:
            note = "" if major == 19 else f"; it runs {version.value}: 19c is the oldest version offered, an upgrade"
            b.set("oracle.version", "19c", f"release {version.value}{note}", version.provenance)
        elif major == 21:
            b.set("oracle.version", "21c", f"release {version.value}", version.provenance)
        if 0 < major <= 21 and RELEASE.match(str(version.value)):
            b.set("oracle.current_release", str(version.value), "release it runs", version.provenance)
        else:
            b.skip("oracle.version", f"release {version.value} has no matching target version in the questionnaire")
    cdb, pdbs = _fact(agg, "cdb"), _fact(agg, "pdb_count")
    if cdb is not None:
        if cdb.value:
            b.set("oracle.architecture", "cdb", "CDB: YES", cdb.provenance)
            if pdbs is not None and int(float(pdbs.value)) >= 1:
                b.set("oracle.pdb_count", int(float(pdbs.value)), "pluggable databases open", pdbs.provenance)
            elif _fact(agg, "pdbs_counted") is not None:
                counted = _fact(agg, "pdbs_counted")
                b.skip(
                    "oracle.pdb_count",
                    f"the RAC global report counts {counted.value} pluggable databases "  # type: ignore[union-attr]
                    "without saying whether the root and seed are among them: enter the user PDBs",
                )
            else:
                b.skip("oracle.pdb_count", "the number of PDBs is not printed")
        else:
            b.set("oracle.architecture", "non-cdb", "not a CDB", cdb.provenance)
            b.set("oracle.pdb_count", 0, "a non-CDB has no PDBs", cdb.provenance)
    else:
        b.skip("oracle.architecture", "CDB or not is not printed")
    charset = _fact(agg, "character_set")
    if charset:
        b.set("oracle.character_set", str(charset.value), "character set", charset.provenance)
    else:
        b.skip("oracle.character_set", "no character set in these files")


def _features(b: Builder, agg: Aggregation) -> None:
    rac, count = _fact(agg, "rac"), _fact(agg, "instance_count")
    source = rac or count
    if source is not None:
        on = bool(source.value) if source is rac else float(source.value) > 1
        b.set("features.rac", on, "RAC: YES" if on else "single instance", source.provenance)
    for metric, path, words in (
        ("awr_used", "features.diagnostics_pack", "AWR in use: AWR needs the Diagnostics Pack"),
        ("statspack_used", "features.statspack", "Statspack in use"),
        ("partitioning_used", "features.partitioning", "Partitioning (user) in the feature usage"),
    ):
        fig = _fact(agg, metric)
        if fig is not None and fig.value:
            b.set(path, True, words, fig.provenance)


def _round_up(value: float, places: int = 2, *, positive: bool = True) -> float:
    """Rounded up to ``places`` decimals; at least one unit of the last place when the field must be above 0."""
    factor = 10**places
    if not math.isfinite(value * factor):
        return value  # too large to round; the set() refuses a non-finite value and validation a huge one
    rounded = math.ceil(round(value * factor, 6)) / factor
    return max(rounded, 1 / factor) if positive else rounded


def _sizing(b: Builder, agg: Aggregation) -> None:
    cpu_prefill(b, agg)
    for metric, path in (
        ("sga_gib", "sizing.sga_gib"),
        ("pga_gib", "sizing.pga_gib"),
        ("buffer_cache_gib", "sizing.buffer_cache_gib"),
        ("db_size_gib", "sizing.db_size_gib"),
    ):
        fig = _fact(agg, metric)
        if fig is not None and float(fig.value) > 0:
            b.set(
                path,
                _round_up(float(fig.value)),
                f"{fig.provenance[0].section if fig.provenance else metric}" + (f" ({fig.note})" if fig.note else ""),
                fig.provenance,
            )
        elif path != "sizing.buffer_cache_gib":
            b.skip(
                path,
                "not found in these files"
                + ("; upload a dbspace listing or AWR-Miner output" if metric == "db_size_gib" else ""),
            )
    growth, days, size = _fact(agg, "db_growth_gib"), _fact(agg, "growth_window_days"), _fact(agg, "db_size_gib")
    if growth and days and size and float(days.value) >= MIN_GROWTH_WINDOW_DAYS:
        start = float(size.value) - float(growth.value)
        if start > 0:
            pct = float(growth.value) / start * 365 / float(days.value) * 100
            b.set(
                "sizing.yearly_growth_pct",
                round(min(max(pct, 0), 1000), 1),
                f"{float(growth.value):g} GiB over {float(days.value):g} days, projected linearly to a year",
                growth.provenance + days.provenance,
            )
    elif growth is None:
        b.skip(
            "sizing.yearly_growth_pct", "no database sizes over time in these files (AWR-Miner's SIZE-ON-DISK has them)"
        )
    else:
        apart = f" (these are {float(days.value):g} days apart)" if days else " (their dates are not all printed)"
        b.skip("sizing.yearly_growth_pct", f"growth needs sizes at least {MIN_GROWTH_WINDOW_DAYS} days apart{apart}")


def _rate_words(summary: MetricSummary, which: str) -> str:
    if which == "peak":
        return peak_words(summary)
    return f"time-weighted average of {summary.windows} window(s) ({span_words(summary.minutes)})"


def _io(b: Builder, agg: Aggregation) -> None:
    for kind in ("read", "write"):
        iops = agg.rates.get(f"{kind}_iops") or agg.rates.get(f"{kind}_iops_db")
        if iops:
            peak, narrower = math.ceil(iops.peak), fallback_note(agg, f"{kind}_iops", iops)
            each = per_instance_words(iops)
            b.set(
                f"io.peak_{kind}_iops",
                peak,
                _rate_words(iops, "peak") + narrower + each,
                iops.sources,
                caveat=average_caveat(iops, cpu=False, files=len(agg.files)),
            )
            b.set(
                f"io.sustained_{kind}_iops",
                min(round(iops.average), peak),
                _rate_words(iops, "average") + narrower,
                iops.sources,
            )
        else:
            b.skip(f"io.peak_{kind}_iops", f"no {kind} IO requests found")
        mib = agg.rates.get(f"{kind}_mib_s") or agg.rates.get(f"{kind}_mib_s_db")
        if mib and mib.peak == 0 and iops and iops.peak > 0:
            b.skip(
                f"io.peak_{kind}_mib_s",
                f"{kind} throughput prints as 0 MiB/s while {iops.peak:g} {kind} requests/s are made: a 0 rounded at "
                "the printed precision, not a measured 0 (left at the default; enter it if known)",
            )
        elif mib:
            b.set(
                f"io.peak_{kind}_mib_s",
                _round_up(mib.peak, positive=False),
                _rate_words(mib, "peak") + fallback_note(agg, f"{kind}_mib_s", mib) + per_instance_words(mib),
                mib.sources,
                caveat=average_caveat(mib, cpu=False, files=len(agg.files)),
            )
        else:
            b.skip(f"io.peak_{kind}_mib_s", f"no {kind} throughput found")
    redo = agg.rates.get("redo_mib_s")
    if redo:
        b.set("io.redo_mib_s", round(redo.average, 3), _rate_words(redo, "average"), redo.sources)
    elif "redo_mib_s" in agg.unknown:
        b.skip("io.redo_mib_s", f"left blank: the redo rate {agg.unknown['redo_mib_s']}; enter it if known")
    else:
        b.skip("io.redo_mib_s", "no redo rate in these files (the Load Profile's 'Redo size' per second gives it)")
    block, mbrc = _fact(agg, "db_block_size_kib"), _fact(agg, "multiblock_read_count")
    size = int(float(block.value)) if block else None
    if block and size in BLOCK_SIZES_KIB:
        b.set("io.db_block_size_kib", size, "db_block_size", block.provenance)
        if mbrc:
            kib = min(size * int(float(mbrc.value)), LINUX_MAX_IO_KIB)
            kib -= kib % size
            b.set(
                "io.multiblock_read_kib",
                kib,
                f"db_block_size x db_file_multiblock_read_count = {size} x "
                f"{mbrc.value} KiB (at most {LINUX_MAX_IO_KIB})",
                block.provenance + mbrc.provenance,
            )
        else:
            b.skip("io.multiblock_read_kib", "db_file_multiblock_read_count is not printed (left at its default)")
    share = _fact(agg, "multiblock_read_share_pct")
    if share is not None:
        b.set(
            "io.full_scans_drive_peaks",
            float(share.value) >= 50,
            f"multiblock reads are {share.value}% of read requests (a majority means scans drive the IO)",
            share.provenance,
        )
    b.skip("io.peak_duration_minutes", "how long peaks last is not in these reports")


def _environment(b: Builder, agg: Aggregation) -> None:
    rds = _fact(agg, "rds")
    if rds is not None and rds.value:
        b.set("environment.current_platform", "rds", "IS_RDS YES", rds.provenance)


def _tail(field: str) -> str:
    """``sustained_read_iops`` and ``peak_read_iops`` -> ``read_iops``: the figure the two fields bound."""
    return field.split("_", 1)[1] if "_" in field else field


def _partners(b: Builder, path: str) -> list[str]:
    """The pre-filled fields a questionnaire default at ``path`` contradicts: those of its section bounding the same
    figure (the peak of a sustained value), else every pre-filled field of its section."""
    section, _, field = path.partition(".")
    same = [p for p in b.values if p.partition(".")[0] == section]
    return [p for p in same if _tail(p.partition(".")[2]) == _tail(field)] or same


def _valid_workload(b: Builder) -> Workload:
    """The pre-filled values as a ``Workload``, never an error: a pre-filled value the validation refuses is
    withdrawn with the validator's message; when a default the reports did not fill contradicts a pre-filled value
    (a sustained IOPS default above a pre-filled peak), the pre-filled value it contradicts is withdrawn, saying so."""
    for _ in range(len(b.values) + 1):
        try:
            return Workload.model_validate(b.document())
        except ValidationError as invalid:
            errors = field_errors(invalid)
        withdrawn = {e.path: f"withdrawn: {e.message}" for e in errors if e.path in b.values}
        if not withdrawn:
            for error in errors:
                for path in _partners(b, error.path):
                    withdrawn.setdefault(
                        path,
                        f"withdrawn: it contradicts the questionnaire's default for {error.path}, which these files "
                        f"do not give ({error.message}); enter both",
                    )
        if not withdrawn:
            break
        for path, reason in withdrawn.items():
            b.values.pop(path, None)
            b.fields.pop(path, None)
            b.skipped[path] = reason
    for path in list(b.values):  # nothing pre-filled validates: the questionnaire's defaults, every field withdrawn
        b.fields.pop(path, None)
        b.skipped[path] = "withdrawn: the pre-filled values do not validate together"
    b.values.clear()
    return Workload.model_validate({})


def prefill(agg: Aggregation) -> Prefill:
    b = Builder()
    _oracle(b, agg)
    _features(b, agg)
    _sizing(b, agg)
    _io(b, agg)
    _environment(b, agg)
    exadata_prefill(b, agg)
    host_prefill(b, agg)
    params_prefill(b, agg)
    withhold_instance_figures(b, agg)
    workload = _valid_workload(b)
    return Prefill(
        workload=workload.model_dump(mode="json"),
        fields=tuple(b.fields.values()),
        not_prefilled={k: v for k, v in b.skipped.items() if k not in b.fields},
        findings=tuple(exadata_findings(agg)),
    )
