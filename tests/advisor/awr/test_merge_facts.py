"""Memory and host facts over several reports: the largest each instance's reports print, summed over instances."""

from __future__ import annotations

import pytest

from advisor.awr.engine.importer import ImportResult, import_files
from tests.advisor.awr.samples import JAS, needs_samples

AWR = JAS / "awrrpt_1_2668_2669.txt"
PGA_LINE = "PGA use (MB):        909.7      1,432.8"
HOST_LINE = "AIX-Based Systems (64-bit)         40     5"


def hour(begin: int, *, pga: str | None = None, cpus: str | None = None, instance: str = "bpsc", number: int = 1):
    """The 12.2 text report as another hour (snap ids), instance, PGA 'End' figure or host CPU count."""
    text = AWR.read_text()
    text = text.replace("Begin Snap:      2668", f"Begin Snap:      {begin}")
    text = text.replace("  End Snap:      2669", f"  End Snap:      {begin + 1}")
    text = text.replace("bpsc                1 04-Feb-23", f"{instance:<12}{number:>8} 04-Feb-23")
    if pga:
        assert PGA_LINE in text
        text = text.replace(PGA_LINE, f"PGA use (MB):        909.7 {pga:>12}")
    if cpus:
        assert HOST_LINE in text
        text = text.replace(HOST_LINE, f"AIX-Based Systems (64-bit)         {cpus}     5")
    return text.encode()


def fields(result: ImportResult) -> dict[str, tuple[object, str]]:
    assert result.prefill is not None
    return {f.path: (f.value, f.source) for f in result.prefill.fields}


@needs_samples
def test_the_pga_is_the_largest_any_of_the_hourly_reports_prints() -> None:
    result = import_files([("h1.txt", hour(2668)), ("h2.txt", hour(2669, pga="20,480.0")), ("h3.txt", hour(2670))])
    assert result.aggregation is not None
    pga = result.aggregation.facts["pga_gib"]
    # h1 and h3: the larger of 909.7 and 1,432.8 MB = 1.40 GiB; h2: 20,480.0 MB / 1024 = 20 GiB, the largest
    assert pga.value == pytest.approx(20.0)
    assert [p.file for p in pga.provenance] == ["h2.txt"]
    value, source = fields(result)["sizing.pga_gib"]
    assert value == 20.0
    assert "the largest over 3 reports" in source
    assert result.aggregation.warnings == ()  # memory may differ between hours: no warning


@needs_samples
def test_each_rac_instances_memory_is_its_largest_then_the_instances_are_summed() -> None:
    files = [
        ("i1h1.txt", hour(2668, instance="bpsc1", number=1)),
        ("i1h2.txt", hour(2669, instance="bpsc1", number=1, pga="20,480.0")),
        ("i2h1.txt", hour(2668, instance="bpsc2", number=2)),
        ("i2h2.txt", hour(2669, instance="bpsc2", number=2)),
    ]
    result = import_files(files)
    assert result.aggregation is not None
    pga = result.aggregation.facts["pga_gib"]
    # bpsc1: max(1,432.8 MB, 20,480.0 MB) = 20 GiB; bpsc2: 1,432.8 / 1024 = 1.399219 GiB; sum 21.399219
    assert pga.value == pytest.approx(21.399219)
    assert pga.per_instance == {"bpsc1": pytest.approx(20.0), "bpsc2": pytest.approx(1.399219)}
    assert "sum over instances bpsc1, bpsc2" in pga.note
    assert "largest over its reports" in pga.note
    # the SGA is 174,080.0 MB = 170 GiB in every report: 170 per instance, 340 for the two
    assert result.aggregation.facts["sga_gib"].value == pytest.approx(340.0)


@needs_samples
def test_host_figures_that_differ_between_reports_take_the_largest_and_warn() -> None:
    result = import_files([("h1.txt", hour(2668)), ("h2.txt", hour(2669, cpus="48"))])
    assert result.aggregation is not None
    # the host information prints 40 CPUs in h1.txt and (edited) 48 in h2.txt: the largest, 48
    assert result.aggregation.facts["host_cpus"].value == 48
    warning = next(w for w in result.aggregation.warnings if "host cpus" in w)
    assert "40 in h1.txt; 48 in h2.txt" in warning
    assert "resized" in warning


@needs_samples
def test_host_figures_that_agree_give_no_warning() -> None:
    result = import_files([("h1.txt", hour(2668)), ("h2.txt", hour(2669))])
    assert result.aggregation is not None
    assert result.aggregation.facts["host_cpus"].value == 40
    assert result.aggregation.warnings == ()
