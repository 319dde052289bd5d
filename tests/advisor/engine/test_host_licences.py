"""The source host suggests the processor licences held for it: cores x core factor on premises, vCPUs by Oracle's
cloud policy on AWS, Azure and Google Cloud; a figure the answers cannot give is left out with the reason."""

import pytest

from advisor.engine.host_licences import host_licences, host_performance
from advisor.engine.workload import Edition, SourceHostSection, WorkloadInvalid, parse_workload
from pricing.catalog.instances import catalog_rows


def suggest(edition: Edition = Edition.EE, **host: object):
    return host_licences(SourceHostSection.model_validate(host), edition=edition)


def test_sixteen_xeon_cores_on_premises_are_eight_licences() -> None:
    found = suggest(location="on-premises", cpu_model="Intel Xeon Gold 6248", sockets=2, cores=16)
    assert found is not None and found.licences == 8  # 16 cores x 0.5 (Intel Xeon)
    assert "16 cores × core factor 0.5 (Intel Xeon) = 8 processor licences" in found.basis


def test_a_fraction_of_a_licence_is_rounded_up() -> None:
    assert suggest(location="on-premises", processor_family="intel-xeon", cores=9).licences == 5  # type: ignore[union-attr]  # 4.5 -> 5


def test_ibm_power_counts_a_licence_per_core() -> None:
    assert suggest(location="on-premises", cpu_model="IBM POWER9", cores=12).licences == 12  # type: ignore[union-attr]


def test_the_chosen_family_wins_over_the_model_name() -> None:
    found = suggest(location="on-premises", cpu_model="POWER9", processor_family="intel-xeon", cores=12)
    assert found is not None and found.licences == 6


def test_an_ec2_source_counts_two_vcpus_a_licence_with_hyper_threading() -> None:
    # r5.4xlarge: 16 vCPUs = 8 cores x 2 threads (AWS instance types guide), 16 / 2 = 8
    found = suggest(location="aws", cpu_model="r5.4xlarge")
    assert found is not None and found.licences == 8
    assert "no core factor" in found.basis


def test_another_cloud_without_hyper_threading_counts_a_licence_per_vcpu() -> None:
    assert suggest(location="azure", cores=8, threads_per_core=1).licences == 8  # type: ignore[union-attr]


def test_se2_in_the_cloud_counts_a_socket_per_four_vcpus() -> None:
    assert suggest(Edition.SE2, location="gcp", cores=4, threads_per_core=2).licences == 2  # type: ignore[union-attr]


def test_a_processor_without_a_factor_gets_no_suggestion_and_says_why() -> None:
    found = suggest(location="on-premises", cpu_model="Ampere Altra", cores=80)
    assert found is not None and found.licences is None
    assert "No core factor for 'Ampere Altra'" in found.basis


def test_without_cores_there_is_nothing_to_count() -> None:
    found = suggest(location="on-premises", cpu_model="Xeon Gold 6248")
    assert found is not None and found.licences is None and "physical cores" in found.basis


def test_without_a_location_no_suggestion_is_made() -> None:
    assert suggest(cores=16, cpu_model="Xeon") is None


def test_the_suggestion_fills_the_licences_owned_only_when_none_is_given() -> None:
    host = {"location": "on-premises", "cpu_model": "Xeon Gold 6248", "cores": 16}
    assert parse_workload({"source_host": host}).oracle.processor_licences_owned == 8
    assert parse_workload({"source_host": host, "oracle": {"processor_licences_owned": None}}).oracle.processor_licences_owned == 8  # fmt: skip
    kept = parse_workload({"source_host": host, "oracle": {"processor_licences_owned": 3}})
    assert kept.oracle.processor_licences_owned == 3
    assert parse_workload({"oracle": {"processor_licences_owned": ""}}).oracle.processor_licences_owned == 0


def test_a_core_count_above_the_ec2_types_is_refused_naming_the_field() -> None:
    with pytest.raises(WorkloadInvalid) as refused:
        parse_workload({"source_host": {"location": "aws", "cpu_model": "r5.4xlarge", "cores": 12}})
    assert [e.path for e in refused.value.errors] == ["source_host.cores"]
    assert "r5.4xlarge has 8 cores" in refused.value.errors[0].message


def test_fewer_cores_than_sockets_is_refused() -> None:
    with pytest.raises(WorkloadInvalid) as refused:
        parse_workload({"source_host": {"sockets": 4, "cores": 2}})
    assert refused.value.errors[0].path == "source_host.cores"


def test_a_threads_figure_out_of_range_names_the_field() -> None:
    with pytest.raises(WorkloadInvalid) as refused:
        parse_workload({"source_host": {"threads_per_core": 0}})
    assert refused.value.errors[0].path == "source_host.threads_per_core"


def test_an_ec2_source_gives_its_measured_coremark_and_sizes_with_it() -> None:
    mark = catalog_rows()["r5.4xlarge"]["coremark"]["per_thread"]
    perf = host_performance(SourceHostSection(location="aws", cpu_model="r5.4xlarge"))  # type: ignore[arg-type]
    assert perf is not None and perf.coremark_per_thread == mark


def test_an_ec2_source_of_a_family_never_measured_says_whose_figure_it_carries() -> None:
    # r5b has no run; r5n.4xlarge's "223630.264629,13976.9,16" stands in (AWS: "Cascade Lake 8259CL: R5b, R5n")
    perf = host_performance(SourceHostSection(location="aws", cpu_model="r5b.4xlarge"))  # type: ignore[arg-type]
    assert perf is not None and perf.coremark_per_thread == 13976.9
    assert perf.words == (
        "r5b.4xlarge: CoreMark 13,977 per thread (borrowed from r5n.4xlarge, measured 2025-12-11), used to compare "
        "cores; r5b has no CoreMark measurement; r5n runs on the same processor (Cascade Lake 8259CL, AWS EC2 User "
        "Guide 'Memory optimized instances', 2023-06), so r5n.4xlarge's measured figure is used"
    )
    # r6in: AWS names no processor for it, so still nothing to compare with
    none = host_performance(SourceHostSection(location="aws", cpu_model="r6in.4xlarge"))  # type: ignore[arg-type]
    assert none is not None and none.coremark_per_thread is None


def test_a_cpu_model_we_hold_no_measurement_for_is_said_so() -> None:
    perf = host_performance(SourceHostSection(location="on-premises", cpu_model="Xeon Gold 6248"))  # type: ignore[arg-type]
    assert perf is not None and perf.coremark_per_thread is None
    assert "No measured CoreMark for 'Xeon Gold 6248'" in perf.words


def test_the_sizing_compares_cores_with_an_ec2_source_named_in_the_host_section() -> None:
    from advisor.engine.sizing.cores import source_cpu

    found = source_cpu(parse_workload({"source_host": {"location": "aws", "cpu_model": "r5.4xlarge"}}))
    assert found is not None and found.per_thread == catalog_rows()["r5.4xlarge"]["coremark"]["per_thread"]
