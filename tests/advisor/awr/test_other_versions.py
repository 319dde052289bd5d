"""Reports in the wild differ (11g headers, decimal commas, overflowing columns): the parser degrades per metric."""

from __future__ import annotations

import pytest

from advisor.awr.engine.importer import import_files
from tests.advisor.awr.samples import JAS, needs_samples

pytestmark = needs_samples

HEADER_12C = """DB Name         DB Id    Unique Name DB Role          Edition Release    RAC CDB
------------ ----------- ----------- ---------------- ------- ---------- --- ---
BPSC          1135854311 BPSC        PRIMARY          EE      12.2.0.1.0 NO  NO

Instance     Inst Num Startup Time
------------ -------- ---------------
bpsc                1 04-Feb-23 15:30
"""
# the 11g layout: no Unique Name / DB Role / Edition / CDB; the instance in the database header
HEADER_11G = """DB Name         DB Id    Instance     Inst num Startup Time    Release     RAC
------------ ----------- ------------ -------- --------------- ----------- ---
BPSC          1135854311 bpsc                1 04-Feb-23 15:30 11.2.0.4.0  NO
"""


def test_an_11g_header_with_decimal_commas_and_an_overflow() -> None:
    text = (JAS / "awrrpt_1_2668_2669.txt").read_text()
    assert HEADER_12C in text
    text = text.replace(HEADER_12C, HEADER_11G)
    text = text.replace("              DB CPU(s):               0.3", "              DB CPU(s):               0,3")
    # the Time Model's DB CPU seconds with a decimal comma and dots between thousands, as such a report prints them
    text = text.replace("DB CPU                                                1,234.8", f"DB CPU{'1.234,8':>55}")
    text = text.replace("      Redo size (bytes):         146,118.4", "      Redo size (bytes):         #########")
    result = import_files([("awr11g.txt", text.encode())])
    assert result.errors == ()
    agg = result.aggregation
    assert agg is not None
    assert agg.facts["version"].value == "11.2.0.4.0"
    assert agg.identity.instances == ("bpsc",)
    assert {"edition", "cdb"} <= set(agg.not_found)  # not printed by 11g: missing, not guessed
    # Time Model "1.234,8" read as 1,234.8 s over 60.25 min x 60 = 3,615 s: 0.341577 per second
    assert agg.rates["db_cpu_per_s"].average == pytest.approx(0.341577, abs=1e-6)
    assert "redo_mib_s" not in agg.rates  # the overflow is left out ...
    assert any("Redo size (bytes): printed '#########'" in w for w in result.files[0].warnings)  # ... and said
    assert agg.rates["read_iops_db"].average == 101.5  # ... and the other metrics are still read
    assert result.prefill is not None
    assert result.prefill.workload["oracle"]["version"] == "19c"
