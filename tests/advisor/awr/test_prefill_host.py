"""A report's host figures pre-fill the source host section; where the host runs no report says, so the licence
count waits for the user's answer."""

from __future__ import annotations

from advisor.awr.engine.importer import import_files
from advisor.engine.workload import Workload
from tests.advisor.awr.samples import AZURE, needs_samples, sample

pytestmark = needs_samples


def test_a_rac_global_report_prefills_every_nodes_cores_and_sockets() -> None:
    result = import_files([sample(AZURE / "AWR_DBW.html")])
    assert result.prefill is not None
    got = {f.path: f.value for f in result.prefill.fields}
    # OS Statistics By Instance: I# 1 and 2 each print #CPUs 92, #Cores 92, #Sckts 2
    assert got["source_host.cores"] == 184
    assert got["source_host.sockets"] == 4
    assert got["source_host.threads_per_core"] == 1  # 92 CPUs / 92 cores
    assert "source_host.location" in result.prefill.not_prefilled
    workload = Workload.model_validate(result.prefill.workload)
    assert workload.source_host.location is None and workload.oracle.processor_licences_owned == 0
