"""Performance per licensed core: the CPU need scaled by measured CoreMark per thread, and the licence effect."""

import pytest

from advisor.engine.scenarios import SCENARIO_DIR, load_scenario
from advisor.engine.sizing.cores import licence_words, scale_for, source_cpu
from advisor.engine.sizing.need import Need
from advisor.engine.workload import WorkloadInvalid, parse_workload
from pricing.catalog.instances import catalog_rows


def workload_with(**sizing: object):
    data = load_scenario(SCENARIO_DIR / "small-oltp-se2.json").workload.model_dump(mode="json")
    data["sizing"].update(sizing)
    return parse_workload(data)


def need(vcpus: float) -> Need:
    return Need(vcpus=vcpus, memory_gib=8, storage_gib=100, block_kib=8, scan_kib=1024, sustained_iops=0,
                peak_iops=0, peak_mib_s=0, peak_minutes=30)  # fmt: skip


def test_the_cpu_need_is_scaled_by_coremark_per_thread_against_the_source_host():
    # ec2-benchmarks-coremark: r5.xlarge 14,576.6 per thread, r7i.xlarge 23,791.6: 23,791.6 / 14,576.6 = 1.632,
    # 63 % more work per thread; 8 vCPUs of r5 threads -> 8 / 1.632 = 4.9 vCPUs of r7i threads.
    source = source_cpu(workload_with(source_instance_type="r5.xlarge"))
    assert source is not None and source.per_thread == 14576.6
    scaling = scale_for(catalog_rows()["r7i.xlarge"], need(8), source, edition="ee")
    assert scaling is not None
    assert scaling.need_vcpus == pytest.approx(8 * 14576.6 / 23791.6)
    assert "63 % more work per thread than the source" in scaling.words
    # EE with hyper-threading: 2 vCPUs a processor licence; 8 -> 4 licences, 4.9 -> 6 vCPUs in whole cores -> 3.
    assert "3 processor licences instead of 4" in scaling.words


def test_a_slower_class_needs_more_threads():
    # r5.large 14,578.0 per thread against a source of 20,000: 27 % less work per thread, 4 -> 5.5 vCPUs
    scaling = scale_for(catalog_rows()["r5.large"], need(4), source_cpu(workload_with(source_coremark_per_thread=20000)),
                        edition="ee")  # fmt: skip
    assert scaling is not None and "27 % less work per thread" in scaling.words
    assert scaling.need_vcpus == pytest.approx(4 * 20000 / 14578.0)


def test_licence_words_count_se2_sockets_of_four_vcpus():
    # 9.6 vCPUs -> 10 in whole 2-thread cores -> 3 sockets; 5.9 -> 6 -> 2 sockets
    assert licence_words(9.6, 5.9, threads=2, edition="se2").startswith("2 SE2 socket licences instead of 3")


def test_no_source_or_no_measurement_means_no_scaling():
    assert source_cpu(workload_with()) is None
    assert scale_for(catalog_rows()["r7i.xlarge"], need(4), None, edition="ee") is None
    source = source_cpu(workload_with(source_coremark_per_thread=15000))
    assert scale_for(catalog_rows()["r6in.large"], need(4), source, edition="ee") is None  # not benchmarked


def test_a_source_type_without_a_measured_coremark_is_refused_naming_the_field():
    with pytest.raises(WorkloadInvalid) as refused:
        workload_with(source_instance_type="r6in.large")  # not in the benchmark file
    assert any(e.path == "sizing.source_instance_type" and "no measured CoreMark" in e.message
               for e in refused.value.errors)  # fmt: skip
    with pytest.raises(WorkloadInvalid) as both:
        workload_with(source_instance_type="r5.xlarge", source_coremark_per_thread=1)
    assert any(e.path == "sizing.source_coremark_per_thread" for e in both.value.errors)


def test_licence_words_say_when_the_count_does_not_change():
    # 2.4 vCPUs -> 4 in whole 2-thread cores -> 1 socket; 1.6 -> 2 -> 1 socket: the same one
    assert (
        licence_words(2.4, 1.6, threads=2, edition="se2") == "1 SE2 socket licence either way (one socket per 4 vCPUs)"
    )
    # EE: 2.4 -> 4 vCPUs -> 2 processor licences; 1.6 -> 2 vCPUs -> 1
    assert licence_words(2.4, 1.6, threads=2, edition="ee") == "1 processor licence instead of 2 for the need alone"
