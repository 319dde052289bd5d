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


def test_a_class_of_a_family_never_measured_is_sized_with_its_twins_measured_figure():
    # r6id has no CoreMark run; AWS's EC2 User Guide (memory optimized, 2023-06) lists "Ice Lake 8375C: R6i, R6id,
    # X2idn, X2iedn", so r6id.2xlarge carries r6i.2xlarge's measurement: "r6i.2xlarge,...,136693.720632,17086.7,8".
    # A source host of 14,000 per thread and a need of 9.6 vCPUs of its threads (peak 8 x 1.2):
    # 17,086.7 / 14,000 = 1.2205, 22 % more work per thread, beyond r6i's spread (18,126.9 / 16,531.7 = 1.0965,
    # r6i.large against r6i.xlarge), so 9.6 x 14,000 / 17,086.7 = 7.87 vCPUs of r6id's threads, which its 8 hold.
    # SE2: 9.6 -> 10 vCPUs in whole cores -> 3 sockets of 4 vCPUs; 7.87 -> 8 -> 2.
    row = catalog_rows()["r6id.2xlarge"]
    assert row["coremark"]["per_thread"] == catalog_rows()["r6i.2xlarge"]["coremark"]["per_thread"] == 17086.7
    source = source_cpu(workload_with(source_coremark_per_thread=14000))
    scaling = scale_for(row, need(9.6), source, edition="se2")
    assert scaling is not None and scaling.counted
    assert scaling.need_vcpus == pytest.approx(9.6 * 14000 / 17086.7) == pytest.approx(7.866, abs=1e-3)
    assert scaling.words == (
        "r6id.2xlarge: CoreMark 17,087 per thread (borrowed from r6i.2xlarge, measured 2025-12-10) against 14,000 on "
        "the source host (as given): 22 % more work per thread than the source, more than the 9.6 % by which sizes of "
        "r6i (whose measurements r6id borrows) differ in the measurements → CPU need 9.6 → 7.9 vCPUs, 2 SE2 socket "
        "licences instead of 3 (one socket per 4 vCPUs); r6id has no CoreMark measurement; r6i runs on the same "
        "processor (Ice Lake 8375C, AWS EC2 User Guide 'Memory optimized instances', 2023-06), so r6i.2xlarge's "
        "measured figure is used"
    )


def test_a_borrowed_figure_under_a_fast_source_needs_more_threads_not_the_vcpus_as_they_are():
    # The defect this closes: db.r5b.4xlarge (16 vCPUs) had no figure, so a need of 14.4 vCPUs of a 16,000-per-thread
    # host was counted as 14.4 and fitted, while db.r5.4xlarge (14,064.7 measured) needed 14.4 x 16,000 / 14,064.7 =
    # 16.4. r5b borrows r5n's runs ("Cascade Lake 8259CL: R5b, R5n"): r5n.4xlarge 13,976.9, 16,000 / 13,976.9 = 1.145,
    # beyond r5n's spread (15,363.3 / 13,768.4 = 1.116), so 14.4 x 16,000 / 13,976.9 = 16.5 vCPUs: more than 16.
    source = source_cpu(workload_with(source_coremark_per_thread=16000))
    scaling = scale_for(catalog_rows()["db.r5b.4xlarge"], need(14.4), source, edition="ee")
    assert scaling is not None and scaling.counted
    assert scaling.need_vcpus == pytest.approx(14.4 * 16000 / 13976.9) == pytest.approx(16.48, abs=0.01)
    assert "db.r5b.4xlarge: CoreMark 13,977 per thread (borrowed from r5n.4xlarge, measured 2025-12-11)" in (
        scaling.words
    )
    assert "more than the 11.6 % by which sizes of r5n (whose measurements r5b borrows) differ" in scaling.words
    assert scaling.words.endswith(
        "r5b has no CoreMark measurement; r5n runs on the same processor (Cascade Lake 8259CL, AWS EC2 User Guide "
        "'Memory optimized instances', 2023-06), so r5n.4xlarge's measured figure is used"
    )


def test_a_source_type_of_a_borrowing_family_is_accepted_and_says_whose_figure_it_is():
    # r6id.large as the source host: r6i.large's 18,126.9 per thread, held to r6i's spread
    source = source_cpu(workload_with(source_instance_type="r6id.large"))
    assert source is not None and source.per_thread == 18126.9
    assert source.words == "r6id.large (borrowed from r6i.large, measured 2025-12-10)"
    assert source.spread is not None and (source.spread.family, source.spread.borrowed_by) == ("r6i", "r6id")
    # r7i.large 24,192.6 against it: 1.335, beyond both r7i's 19.3 % and r6i's 9.6 %: 8 x 18,126.9 / 24,192.6 = 6.0
    scaling = scale_for(catalog_rows()["r7i.large"], need(8), source, edition="ee")
    assert scaling is not None and scaling.need_vcpus == pytest.approx(8 * 18126.9 / 24192.6)
    assert "against 18,127 on r6id.large (borrowed from r6i.large, measured 2025-12-10)" in scaling.words
    assert scaling.words.endswith("so r6i.large's measured figure is used")
    # r5b.large as the source (r5n.large's 15,118.7): r6i.large's 18,126.9 is 1.199 of it, held to the larger of r6i's
    # 9.6 % and the 11.6 % of r5n, whose runs the source's family borrows: 8 x 15,118.7 / 18,126.9 = 6.7
    r5b = source_cpu(workload_with(source_instance_type="r5b.large"))
    beyond = scale_for(catalog_rows()["r6i.large"], need(8), r5b, edition="ee")
    assert beyond is not None and beyond.need_vcpus == pytest.approx(8 * 15118.7 / 18126.9)
    assert "more than the 11.6 % by which sizes of r5n (whose measurements the source's family, r5b, borrows)" in (
        beyond.words
    )
