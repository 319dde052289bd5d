"""The facts of several files of one database (memory, host, version...), merged into one figure each.

Pure Python; part of the aggregation (``advisor.awr.engine.aggregation.aggregate``). Most facts are the first file's (they are
the same in every report of one database, and ``disagreements`` says when they are not). Memory (SGA, PGA, buffer
cache, PGA target) is the largest any report of an instance prints: the database needs the most it used. The host's
CPUs, cores, sockets and memory should agree across the reports of one instance; the largest is used, and a warning
says when they do not (the host may have been resized between the reports). When per-instance reports of several
RAC instances are read, each instance's largest is taken and the instances are summed.
"""

from __future__ import annotations

from advisor.awr.engine import metrics
from advisor.awr.engine.aggregation.rac_coverage import INSTANCE_KINDS
from advisor.awr.engine.figures import Figure, FileExtraction

MEMORY = ("sga_gib", "pga_gib", "pga_target_gib", "buffer_cache_gib")
HOST = ("host_cpus", "host_cores", "host_sockets", "host_memory_gib")
AGREEING = ("edition", "version", "cdb", "platform", "db_block_size_kib")


def disagreements(extractions: list[FileExtraction]) -> list[str]:
    """Facts that must be the same in every file of one database but are not (the first file's is used)."""
    out = []
    for metric in AGREEING:
        seen = {(str(e.facts[metric].value), e.file) for e in extractions if metric in e.facts}
        values = {value for value, _ in seen}
        if len(values) > 1:
            listed = "; ".join(f"{value} in {file}" for value, file in sorted(seen))
            out.append(f"the files disagree on {metrics.label(metric).lower()}: {listed}; the first file's is used")
    return out


def _instance(extraction: FileExtraction) -> str | None:
    """The instance a per-instance report describes; None for a file covering the database (global, AWR-Miner)."""
    if extraction.kind in INSTANCE_KINDS and len(extraction.identity.instances) == 1:
        return extraction.identity.instances[0]
    return None


def _largest(metric: str, found: list[tuple[str, Figure]], warnings: list[str], whose: str) -> Figure:
    """The largest of the figures ``found`` (file, figure), its note saying over how many reports; host figures
    that differ add a warning."""
    chosen = max(found, key=lambda pair: float(pair[1].value))[1]
    if len(found) == 1:
        return chosen
    values = {float(f.value) for _, f in found}
    if metric in HOST and len(values) > 1:
        listed = "; ".join(f"{float(f.value):g} in {file}" for file, f in found)
        warnings.append(
            f"the reports{whose} disagree on {metrics.label(metric).lower()}: {listed}; the largest is used (the "
            "host may have been resized between them)"
        )
    note = f"the largest over {len(found)} reports" + (f"; in each, {chosen.note}" if chosen.note else "")
    return chosen.model_copy(update={"note": note})


def summed(metric: str, parts: dict[str, Figure], tail: str = "") -> Figure:
    """The figures of several instances (``parts``, by instance) as one: their sum, each instance's beside it, and a
    note naming them (``tail`` added to it)."""
    return Figure(
        metric=metric,
        value=round(sum(float(f.value) for f in parts.values()), 6),
        unit=metrics.unit(metric),
        provenance=tuple(p for f in parts.values() for p in f.provenance),
        per_instance={inst: float(f.value) for inst, f in parts.items()},
        note=f"sum over instances {', '.join(sorted(parts))}{tail}",
    )


def merge_facts(extractions: list[FileExtraction], warnings: list[str]) -> dict[str, Figure]:
    """Facts of all files: the first file's figure; memory and host figures the largest, per instance, summed over
    the instances of per-instance reports."""
    facts: dict[str, Figure] = {}
    for extraction in extractions:
        for metric, fig in extraction.facts.items():
            if metric == "exadata" and metric in facts:
                facts[metric] = facts[metric].model_copy(
                    update={"provenance": facts[metric].provenance + fig.provenance}
                )
            facts.setdefault(metric, fig)
    instances = sorted({i for e in extractions if (i := _instance(e)) is not None})
    for metric in (*MEMORY, *HOST):
        found = [
            (e.file, e.facts[metric])
            for e in extractions
            if metric in e.facts and not isinstance(e.facts[metric].value, (bool, str))
        ]
        if not found:
            continue
        by_instance = {
            inst: [(e.file, e.facts[metric]) for e in extractions if _instance(e) == inst and metric in e.facts]
            for inst in instances
        }
        by_instance = {inst: pairs for inst, pairs in by_instance.items() if pairs}
        if len(by_instance) <= 1:
            whose = f" of instance {instances[0]}" if len(instances) == 1 else ""
            facts[metric] = _largest(metric, found, warnings, whose)
            continue
        per = {inst: _largest(metric, pairs, warnings, f" of instance {inst}") for inst, pairs in by_instance.items()}
        counts = {inst: len(pairs) for inst, pairs in by_instance.items()}
        each = ""
        if max(counts.values()) > 1:
            listed = ", ".join(f"{n} from {inst}" for inst, n in sorted(counts.items()))
            each = f", each instance's largest over its reports ({listed})"
        facts[metric] = summed(metric, per, each)
    if len(instances) > 1:
        count = facts.get("instance_count")
        if count is None or float(count.value) < len(instances):
            facts["instance_count"] = Figure(
                metric="instance_count",
                value=len(instances),
                unit="instances",
                note=f"instances with a report: {', '.join(instances)}",
            )
    return facts
