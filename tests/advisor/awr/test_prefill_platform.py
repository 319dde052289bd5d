"""The processor family from the platform a report prints: IBM POWER for AIX (so the Core Factor Table counts the
licences on premises), left to the user with the reason where the platform leaves several families (x86, SPARC) or
shows none."""

from __future__ import annotations

import pytest

from advisor.awr.engine.importer import import_files
from advisor.awr.engine.prefill.platform import platform_family
from advisor.engine.host_licences import host_licences
from advisor.engine.workload import Edition, HostLocation, ProcessorFamily, Workload
from tests.advisor.awr.samples import JAS, MINER, needs_samples, sample

AIX = JAS / "awrrpt_1_2668_2669.txt"


@needs_samples
def test_an_aix_report_prefills_ibm_power_with_its_source() -> None:
    result = import_files([sample(AIX)])
    assert result.prefill is not None
    field = next(f for f in result.prefill.fields if f.path == "source_host.processor_family")
    # Host "oracle1  AIX-Based Systems (64-bit)  40  5  502.00"
    assert field.value == "ibm-power"
    assert field.source.startswith(
        "the platform 'AIX-Based Systems (64-bit)': Oracle Database on AIX runs on IBM POWER"
    )
    assert "Installation Guide 19c for IBM AIX on POWER Systems" in field.source
    assert "the report does not print the processor's generation" in field.source
    assert [(p.section, p.row, p.printed) for p in field.provenance] == [
        ("Host", "Platform", "AIX-Based Systems (64-bit)")
    ]


@needs_samples
def test_on_premises_the_aix_hosts_cores_count_at_power_s_core_factor() -> None:
    result = import_files([sample(AIX)])
    assert result.prefill is not None
    workload = Workload.model_validate(result.prefill.workload)
    host = workload.source_host.model_copy(update={"location": HostLocation.ON_PREMISES})
    assert host.processor_family is ProcessorFamily.IBM_POWER
    suggested = host_licences(host, edition=Edition.EE)
    # 5 cores x IBM POWER's core factor 1.0 = 5 processor licences (an x86 factor of 0.5 would give 3)
    assert suggested is not None and suggested.licences == 5


@needs_samples
@pytest.mark.parametrize(
    ("path", "printed"),
    [(JAS / "sp_70371_70372.txt", "Linux x86 64-bit"), (MINER / "dbcsi_awr_sample01.out", "Linux_x86_64-bit")],
    ids=lambda v: getattr(v, "name", str(v)),
)
def test_an_x86_platform_leaves_the_family_to_the_user(path: object, printed: str) -> None:
    result = import_files([sample(path)])  # type: ignore[arg-type]
    assert result.prefill is not None
    assert "source_host.processor_family" not in {f.path for f in result.prefill.fields}
    reason = result.prefill.not_prefilled["source_host.processor_family"]
    said = "runs on Intel or AMD x86 processors, and the report does not say which: choose the family"
    assert reason == f"the platform '{printed}' {said}"


@pytest.mark.parametrize(
    ("platform", "family"),
    [
        ("AIX-Based Systems (64-bit)", ProcessorFamily.IBM_POWER),
        ("Linux x86 64-bit", None),
        ("Microsoft Windows x86 64-bit", None),
        ("Solaris Operating System (x86-64)", None),  # x86 Solaris: Intel or AMD, not SPARC
        ("Solaris[tm] OE (64-bit)", None),
    ],
)
def test_oracles_platform_names_map_to_one_family_only_where_they_leave_one(
    platform: str, family: ProcessorFamily | None
) -> None:
    found = platform_family(platform)
    assert found is not None and found.family is family


def test_x86_solaris_is_not_taken_for_sparc() -> None:
    assert "Intel or AMD" in platform_family("Solaris Operating System (x86-64)").why  # type: ignore[union-attr]
    assert "SPARC" in platform_family("Solaris[tm] OE (64-bit)").why  # type: ignore[union-attr]


def test_a_platform_that_shows_no_family_we_hold_is_left_to_the_user() -> None:
    assert platform_family("HP-UX IA (64-bit)") is None  # Itanium: no core factor held
