"""What a report says about the source host: its sockets, cores, threads per core and, where the platform shows it,
processor family (``platform``), pre-filled into the questionnaire's source host section so the processor licences
it holds can be suggested.

Pure Python; part of the pre-fill (``advisor.awr.engine.prefill.fields``). Where the host runs (on premises or in a cloud)
no report says, so it is left to the user, and with it the licence count (the Core Factor Table applies on premises
only). A RAC global report's figures are the sum over its instances: every node is licensed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from advisor.awr.engine.aggregation import Aggregation
from advisor.awr.engine.figures import Figure
from advisor.awr.engine.prefill.platform import family_prefill

if TYPE_CHECKING:
    from advisor.awr.engine.prefill.builder import Builder as _Builder


def _whole(fig: Figure | None) -> int | None:
    if fig is None or isinstance(fig.value, (bool, str)):
        return None
    value = float(fig.value)
    return int(value) if value.is_integer() and value >= 1 else None


def _where(fig: Figure, label: str) -> str:
    nodes = len(fig.per_instance)
    return f"{label}, all {nodes} instances' hosts" if nodes > 1 else label


def host_prefill(b: _Builder, agg: Aggregation) -> None:
    """Sockets, cores and threads per core from the report's host figures; each left out with the reason."""
    cpus, cores, sockets = (agg.facts.get(m) for m in ("host_cpus", "host_cores", "host_sockets"))
    n_cores, n_sockets, n_cpus = _whole(cores), _whole(sockets), _whole(cpus)
    if cores is not None and n_cores is not None:
        b.set("source_host.cores", n_cores, _where(cores, "the report's host 'Cores'"), cores.provenance)
    else:
        b.skip("source_host.cores", "no core count in these files (AWR's host information prints 'Cores')")
    if sockets is not None and n_sockets is not None and (n_cores is None or n_sockets <= n_cores):
        b.set("source_host.sockets", n_sockets, _where(sockets, "the report's host 'Sockets'"), sockets.provenance)
    else:
        b.skip("source_host.sockets", "no socket count in these files (AWR's host information prints 'Sockets')")
    if cpus is not None and n_cpus is not None and n_cores and n_cpus % n_cores == 0 and 1 <= n_cpus // n_cores <= 8:
        b.set(
            "source_host.threads_per_core",
            n_cpus // n_cores,
            f"the report's host 'CPUs' ({n_cpus}) divided by its 'Cores' ({n_cores})",
            cpus.provenance + cores.provenance,  # type: ignore[union-attr]
        )
    else:
        b.skip("source_host.threads_per_core", "threads per core need the host's 'CPUs' and 'Cores' in these files")
    family_prefill(b, agg)
    b.skip("source_host.location", "no report says whether the host is on premises or in a cloud: choose it")
