"""A RAC global report gives each instance's IO (IOStat by File Type) and CPU (OS Statistics By Instance) beside
the cluster's figures; the pre-fill tells them, and an unreadable instance is left out with the reason."""

from __future__ import annotations

import pytest

from advisor.awr.engine.importer import ImportResult, import_files
from tests.advisor.awr.samples import AZURE, needs_samples, sample

pytestmark = needs_samples

# The HTML cells of instance 2 in the sample, as printed (unique in the file)
I2_READS = ">2,677.84</td>"  # IOStat by File Type, I# 2 / Total / Reads/s
I2_BUSY = ">31.71</td>"  # OS Statistics By Instance, I# 2 / % Busy


@pytest.fixture(scope="module")
def rac() -> ImportResult:
    return import_files([sample(AZURE / "AWR_DBW.html")])


def modified(old: str, new: str) -> ImportResult:
    name, data = sample(AZURE / "AWR_DBW.html")
    text = data.decode("utf-8", "replace")
    assert text.count(old) == 1
    return import_files([("AWR_DBW_changed.html", text.replace(old, new).encode())])


def warnings(result: ImportResult) -> list[str]:
    return [w for f in result.files for w in f.warnings]


def test_each_instances_io_is_read_from_its_iostat_total_row(rac: ImportResult) -> None:
    rates = rac.aggregation.rates  # type: ignore[union-attr]
    # IOStat by File Type, rows "1 Total" and "2 Total": Reads/s, Writes/s, Read MB/s, Write MB/s, IOs/s, IO MB/s
    assert rates["read_iops"].per_instance == {"1": 2351.29, "2": 2677.84}
    assert rates["write_iops"].per_instance == {"1": 1598.61, "2": 1607.49}
    assert rates["read_mib_s"].per_instance == {"1": 284.01, "2": 268.37}
    assert rates["write_mib_s"].per_instance == {"1": 89.55, "2": 89.26}
    assert rates["total_iops"].per_instance == {"1": 3949.90, "2": 4285.34}
    assert rates["total_mib_s"].per_instance == {"1": 373.56, "2": 357.63}
    # the cluster's figure stays the one IO Profile (Global) prints; the breakdown names its own table
    assert rates["read_iops"].average == 5030.50
    sections = [p.section for p in rates["read_iops"].sources]
    assert sections == ["IO Profile (Global)", "IOStat by File Type"]
    assert rates["read_iops"].sources[1].printed == "I# 1: 2,351.29; I# 2: 2,677.84"


def test_each_instances_cpu_is_read_from_os_statistics_by_instance(rac: ImportResult) -> None:
    agg = rac.aggregation
    assert agg is not None
    # I# 1: #CPUs 92, % Busy 29.64; I# 2: #CPUs 92, % Busy 31.71
    assert agg.facts["host_cpus"].per_instance == {"1": 92, "2": 92}
    busy = agg.rates["host_busy_cpus"]
    assert busy.per_instance == pytest.approx({"1": 0.2964 * 92, "2": 0.3171 * 92})
    assert busy.average == pytest.approx(0.2964 * 92 + 0.3171 * 92)


def test_the_prefill_tells_each_instances_figures_and_the_busiest_share(rac: ImportResult) -> None:
    assert rac.prefill is not None
    fields = {f.path: f for f in rac.prefill.fields}
    reads = fields["io.peak_read_iops"]
    assert reads.value == 5031  # the cluster's figure, not an instance's
    assert "per instance (averages): #1 2,351.29, #2 2,677.84" in reads.source
    # 2,677.84 / (2,351.29 + 2,677.84) = 53 %
    assert "the busiest, #2, does 53% of it" in reads.source
    cpu = fields["sizing.peak_cpu"].source
    # Time Model DB CPU (s) per instance over 7 days; host: 27.27 (29.64 % of 92) and 29.17 (31.71 % of 92)
    assert "host busy CPUs per instance (averages): #1 27.27, #2 29.17" in cpu
    assert "DB CPU per instance (averages): #1 " in cpu


def test_an_instance_with_unreadable_io_is_left_out_with_the_reason() -> None:
    result = modified(I2_READS, ">n/a</td>")
    agg = result.aggregation
    assert agg is not None
    read = agg.rates["read_iops"]
    assert read.per_instance == {"1": 2351.29}
    assert read.average == 5030.50  # the cluster's figure is read elsewhere and kept
    assert "per instance: instance 2 (unreadable) left out" in read.note
    assert any("I# 2" in w and "Reads/s" in w and "left out" in w for w in warnings(result))
    # the other columns of instance 2 are still read
    assert agg.rates["write_iops"].per_instance == {"1": 1598.61, "2": 1607.49}


def test_instances_that_do_not_add_up_to_the_cluster_row_give_no_breakdown() -> None:
    result = modified(I2_READS, ">3,677.84</td>")  # 2,351.29 + 3,677.84 is not the '*' row's 5,029.13
    agg = result.aggregation
    assert agg is not None
    assert agg.rates["read_iops"].per_instance == {}
    assert any("add up to 6,029.13" in w and "'5,029.13'" in w for w in warnings(result))


def test_an_instance_with_unreadable_cpu_leaves_the_cluster_sum_out_with_the_reason() -> None:
    result = modified(I2_BUSY, ">##.##</td>")
    agg = result.aggregation
    assert agg is not None
    # a sum over instance 1 alone would understate the cluster's busy CPUs
    assert "host_busy_cpus" not in agg.rates
    assert any("instance 2 unreadable" in w and "understate" in w for w in warnings(result))
    assert agg.facts["host_cpus"].per_instance == {"1": 92, "2": 92}  # the readable columns stay


def test_an_instance_whose_io_is_not_printed_is_left_out_saying_so() -> None:
    result = modified(I2_READS, "></td>")
    read = result.aggregation.rates["read_iops"]  # type: ignore[union-attr]
    assert read.per_instance == {"1": 2351.29}
    assert "instance 2 (not printed) left out" in read.note
    assert any("Total (I# 2) Reads/s" in w and "not printed" in w for w in warnings(result))
