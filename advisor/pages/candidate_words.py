"""A chosen candidate in words, as the results page and the PDF say it: its configuration, storage, Oracle licence
count and the CoreMark behind its CPU sizing.

Pure Python (no Django): read by ``advisor.pages.results`` and the results page's ``alternative_coremark`` filter.
"""

from __future__ import annotations

from advisor.engine.coremark_spread import pct_words
from advisor.engine.recommendation.candidates import Candidate
from config.counting import counted
from pricing.engine.aws_rules import aws_rules, effective_volume
from pricing.engine.licences.named_users import NUP_UNIT


def storage_words(candidate: Candidate) -> str:
    """Its volumes, with what the gp3 price includes and that more is charged, in one clause:
    'gp3 229 GiB (12,000 IOPS and 500 MiB/s, included in the gp3 price; more would be charged)',
    'gp3 50 GiB (3,000 IOPS and 125 MiB/s, fixed below 200 GiB and included in the gp3 price)',
    '8 × gp3 2,000 GiB (3,000 IOPS, 145 MiB/s each; the gp3 price includes 3,000 IOPS and 125 MiB/s a volume, the rest
    is charged), striped by ASM'."""
    volumes = candidate.layout.volumes
    v = volumes[0]
    each = " each" if len(volumes) > 1 else ""
    base = candidate.included
    extras = []
    if base is not None:
        rule = aws_rules().storage_rules(candidate.storage_platform)[v.type]
        vol = effective_volume(rule, int(v.size_gib), _whole(v.iops), _whole(v.throughput_mib_s))
        iops, thr = vol.iops or base.iops, vol.throughput or base.throughput
        if base.fixed:
            where = f" {base.where}" if base.where else ""
            extras.append(f"{iops:,} IOPS and {thr:,} MiB/s{each}, fixed{where} and included in the gp3 price")
        elif not (vol.iops_charged or vol.throughput_charged):
            extras.append(f"{iops:,} IOPS and {thr:,} MiB/s{each}, included in the gp3 price; more would be charged")
        else:
            a_volume = " a volume" if each else ""
            extras.append(f"{iops:,} IOPS, {thr:,} MiB/s{each}; the gp3 price includes {base.iops:,} IOPS and "
                          f"{base.throughput:,} MiB/s{a_volume}, the rest is charged")  # fmt: skip
    else:
        if v.iops:
            extras.append(f"{v.iops:,.0f} IOPS")
        if v.throughput_mib_s:
            extras.append(f"{v.throughput_mib_s:,.0f} MiB/s")
    one = f"{v.type} {v.size_gib:,.0f} GiB" + (f" ({', '.join(extras)})" if extras else "")
    if len(volumes) > 1:
        return f"{len(volumes)} × {one}, striped by ASM"
    return one


def _whole(value: float | None) -> int | None:
    return None if value is None else int(value)


# The instance store in a line of the side-by-side table; the option's own configuration says it whole
STORE_BRIEF = {
    "preferred_read": "instance-store NVMe as an ASM preferred-read mirror, erased on a stop (the option's details say "
    "what that leaves)",
    "extra_reads": "instance-store NVMe for read speed, not counted",
}


def configuration_words(candidate: Candidate, *, brief: bool = False) -> str:
    """The class, its vCPUs and memory, the topology and what its instance store does; ``brief``: the instance store
    in a few words, for the side-by-side table and the summary."""
    cores = (
        f" (Optimize CPUs: {counted(candidate.cores, 'core')} × {candidate.threads_per_core} threads = "
        f"{candidate.effective_vcpus} of {candidate.vcpus} vCPUs)"
        if candidate.cores
        else ""
    )
    members = " + ".join(m.plan.label for m in candidate.topology.members)
    store_words = candidate.instance_store_words
    if brief and candidate.instance_store in STORE_BRIEF and store_words:
        store_words = STORE_BRIEF[candidate.instance_store]
    store = f"; {store_words}" if store_words else ""
    return (
        f"{candidate.instance_class}: {candidate.effective_vcpus:,} vCPUs{cores}, {candidate.memory_gib:,g} GiB; "
        f"{members}{store}"
    )


def licence_count_words(candidate: Candidate) -> str:
    """'Oracle licences: 3 servers × 8 processor licences = 24 in all, per product; Active Data Guard on 2 of them
    (...) = 16', or "" when the licences are in the instance price."""
    licence = candidate.topology.licence
    if licence is None or not licence.products:
        return ""
    count = licence.licences_per_server
    unit = {"socket": "socket", "nup": NUP_UNIT}.get(licence.metric or "", "processor licence")
    unit += "" if count == 1 else "s"
    words = (
        f"Oracle licences: {licence.servers} server{'' if licence.servers == 1 else 's'} × {count} {unit} = "
        f"{licence.servers * count} in all, per product"
    )
    for product in licence.products:
        if product.servers != licence.servers:
            words += (
                f"; {product.name} on {product.servers} of them (the primary's and those open read-only) = "
                f"{product.required}"
            )
    return words


def coremark_words(candidate: Candidate) -> str:
    """'CoreMark 24,193 per thread (measured 2025-12-10); sizes of this family differ by up to 19.3 % in the
    measurements; smaller differences are not credited' beside a candidate, or why there is none. A figure borrowed
    from a twin says whose it is and why: 'CoreMark 13,977 per thread (borrowed from r5n.4xlarge, measured
    2025-12-11); r5b has no CoreMark measurement; r5n runs on the same processor (...), so r5n.4xlarge's measured
    figure is used; sizes of r5n (whose measurements r5b borrows) differ by up to 11.6 % in the measurements; ...'."""
    if candidate.coremark_per_thread is None:
        return "CoreMark per thread: not measured in the benchmarks used here"
    when = (f"borrowed from {candidate.coremark_borrowed_from}, measured {candidate.coremark_as_of}"
            if candidate.coremark_borrowed_from else f"measured {candidate.coremark_as_of}")  # fmt: skip
    figure = f"CoreMark {candidate.coremark_per_thread:,.0f} per thread ({when})"
    return "; ".join(w for w in (figure, candidate.coremark_borrowed, candidate.coremark_spread) if w)


def alternative_coremark_words(candidate: Candidate) -> str:
    """The short form beside an alternative: 'CoreMark 20,931 per thread (sizes of its family differ by up to 4.1 %)',
    'CoreMark 18,127 per thread, borrowed from r6i.large (the same processor; sizes of r6i differ by up to 9.6 %)'
    or 'CoreMark not measured'."""
    if candidate.coremark_per_thread is None:
        return "CoreMark not measured"
    figure = f"CoreMark {candidate.coremark_per_thread:,.0f} per thread"
    pct = None if candidate.coremark_spread_pct is None else pct_words(candidate.coremark_spread_pct)
    if candidate.coremark_borrowed_from:
        twin = candidate.coremark_borrowed_from.split(".")[0]
        spread = f"; sizes of {twin} differ by up to {pct} %" if pct is not None else ""
        return f"{figure}, borrowed from {candidate.coremark_borrowed_from} (the same processor{spread})"
    return f"{figure} (sizes of its family differ by up to {pct} %)" if pct is not None else figure
