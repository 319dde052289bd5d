"""Several reports of one database: averages, peaks and P95 across windows, RAC instances summed (worked by hand)."""

from __future__ import annotations

import pytest

from advisor.awr.engine.aggregation import percentile
from advisor.awr.engine.importer import import_files
from tests.advisor.awr.samples import JAS, needs_samples

AWR = JAS / "awrrpt_1_2668_2669.txt"


def hour(text: str, *, begin: int, cpu_s: str = "", instance: str = "bpsc", number: int = 1) -> bytes:
    """The 12.2 text report as another hour (snap ids) and/or another instance, with another DB CPU: ``cpu_s`` is the
    Time Model's "DB CPU" seconds over the 60.25-minute (3,615 s) window, the report's own 1,234.8 when not given."""
    text = text.replace("Begin Snap:      2668", f"Begin Snap:      {begin}")
    text = text.replace("  End Snap:      2669", f"  End Snap:      {begin + 1}")
    if cpu_s:
        text = text.replace("DB CPU                                                1,234.8", f"DB CPU{cpu_s:>55}")
    return text.replace("bpsc                1 04-Feb-23", f"{instance:<12}{number:>8} 04-Feb-23").encode()


def test_percentile_is_linear_between_closest_ranks() -> None:
    # [1, 2, 3, 4]: rank (4 - 1) x 0.95 = 2.85 -> 3 + 0.85 x (4 - 3) = 3.85
    assert percentile([4.0, 1.0, 3.0, 2.0], 95) == pytest.approx(3.85)
    assert percentile([5.0], 95) == 5.0


@needs_samples
def test_three_hourly_reports_give_average_peak_and_p95() -> None:
    text = AWR.read_text()
    # Time Model DB CPU 1,084.5 s, 5,422.5 s and 3,253.5 s over 3,615 s: 0.3, 1.5 and 0.9 per second
    seconds = ("1,084.5", "5,422.5", "3,253.5")
    files = [(f"h{i}.txt", hour(text, begin=2668 + i, cpu_s=cpu)) for i, cpu in enumerate(seconds)]
    result = import_files(files)
    assert result.errors == ()
    assert result.aggregation is not None
    cpu = result.aggregation.rates["db_cpu_per_s"]
    # three windows of 60.25 minutes: average (0.3 + 1.5 + 0.9) / 3 = 0.9; peak 1.5;
    # P95 of [0.3, 0.9, 1.5]: rank 2 x 0.95 = 1.9 -> 0.9 + 0.9 x (1.5 - 0.9) = 1.44
    assert (cpu.windows, cpu.average, cpu.peak) == (3, pytest.approx(0.9), 1.5)
    assert cpu.p95 == pytest.approx(1.44)
    assert result.aggregation.flags == ()  # hourly windows: no long-window flag
    assert result.prefill is not None
    fields = {f.path: f.value for f in result.prefill.fields}
    # plus background cpu time 16.5 s per 60.25-minute window (0.00456/s): 1.50456 and 0.90456, rounded up
    assert (fields["sizing.peak_cpu"], fields["sizing.average_cpu"]) == (1.51, 0.91)


@needs_samples
def test_per_instance_reports_of_one_window_are_summed() -> None:
    text = AWR.read_text()
    files = [
        # Time Model DB CPU 1,084.5 s and 1,807.5 s over 3,615 s: 0.3 and 0.5 per second
        ("inst1.txt", hour(text, begin=2668, cpu_s="1,084.5", instance="bpsc1", number=1)),
        ("inst2.txt", hour(text, begin=2668, cpu_s="1,807.5", instance="bpsc2", number=2)),
    ]
    result = import_files(files)
    assert result.aggregation is not None
    cpu = result.aggregation.rates["db_cpu_per_s"]
    # one window, two instances: 0.3 + 0.5 = 0.8 DB CPU/s, each instance shown
    assert (cpu.windows, cpu.average) == (1, pytest.approx(0.8))
    assert cpu.per_instance == {"bpsc1": 0.3, "bpsc2": 0.5}
    # the host facts are per instance too: Memory Statistics SGA 170 GiB each -> 340 GiB; 40 CPUs each -> 80
    assert result.aggregation.facts["sga_gib"].value == 340.0
    assert result.aggregation.facts["host_cpus"].value == 80
    assert result.aggregation.facts["instance_count"].value == 2


@needs_samples
def test_a_mix_of_two_databases_keeps_the_one_most_files_describe() -> None:
    text = AWR.read_text()
    files = [
        ("h1.txt", hour(text, begin=2668)),
        ("other.txt", (JAS / "sp_70371_70372.txt").read_bytes()),
        ("h2.txt", hour(text, begin=2669, cpu_s="2,169.0")),
    ]
    result = import_files(files)
    assert [e.file for e in result.errors] == ["other.txt"]
    assert "from database CLINPRD (DBID 2071347136), not BPSC (DBID 1135854311)" in result.errors[0].message
    assert result.aggregation is not None
    assert result.aggregation.files == ("h1.txt", "h2.txt")


@needs_samples
def test_files_that_disagree_on_the_version_are_said_to() -> None:
    text = AWR.read_text()
    later = hour(text, begin=2669).replace(b"EE      12.2.0.1.0 NO  NO", b"EE      19.0.0.0.0 NO  NO")
    result = import_files([("h1.txt", hour(text, begin=2668)), ("h2.txt", later)])
    assert result.aggregation is not None
    assert (
        "the files disagree on version (release): 12.2.0.1.0 in h1.txt; 19.0.0.0.0 in h2.txt; the first file's is used"
        in result.aggregation.warnings
    )
