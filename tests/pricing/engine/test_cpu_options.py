"""The CPU-options reader, against values read by hand from the source documents.

EC2 2023-06: shared/data/aws-docs-2023-06/ec2/cpu-options-supported-instances-values.md (552 rows);
EC2 newer: shared/data/odb-and-cpu-options/ec2-cpu-options-newer.csv (639 rows) and the 20 changed types;
RDS: shared/data/aws-docs-2023-06/rds/Concepts.DBInstanceClass.md, "DB instance classes that support processor
configuration" (82 rows).
"""

import json

import pytest

from pricing.engine.cpu_options import (
    DATA_FILE,
    core_count_problem,
    cpu_options,
    preconfigured_class,
    preconfigured_fixed,
    smallest_valid_cores,
)


def values(name):
    row = cpu_options(name)
    assert row is not None, name
    return (
        row.platform,
        row.default_vcpus,
        row.default_cores,
        row.default_threads_per_core,
        row.valid_cores,
        row.valid_threads_per_core,
        row.as_of,
    )


def test_r5_4xlarge_from_the_2023_ec2_table():
    # "| r5\.4xlarge | 16 | 8 | 2 | 2, 4, 6, 8 | 1, 2 |"
    assert values("r5.4xlarge") == ("ec2", 16, 8, 2, (2, 4, 6, 8), (1, 2), "2023-06-15")
    assert "CPU cores and threads per CPU core per instance type" in cpu_options("r5.4xlarge").source


def test_m5_xlarge_allows_only_its_two_cores():
    # "| m5\.xlarge | 4 | 2 | 2 | 2 | 1, 2 |": no 1-core m5.xlarge
    assert values("m5.xlarge")[4] == (2,)


def test_a_changed_type_takes_the_newer_values_and_says_so():
    # changed csv: "m6a.8xlarge,32,16,2,1 2 3 4 5 6 7 8 16,4 6 8 10 12 14 16,1 2,1 2"
    assert values("m6a.8xlarge") == ("ec2", 32, 16, 2, (4, 6, 8, 10, 12, 14, 16), (1, 2), "2026-10")
    row = cpu_options("m6a.8xlarge")
    assert "1, 2, 3, 4, 5, 6, 7, 8, 16" in row.note and "moto 5.2.5" in row.source


def test_a_newer_type_from_describe_instance_types():
    # odb-and-cpu-options/README.md: "r7i.2xlarge 8 vCPU / 4 cores / 2 tpc, valid cores 1-4"
    assert values("r7i.2xlarge") == ("ec2", 8, 4, 2, (1, 2, 3, 4), (1, 2), "2026-10")
    # "u7i-12tb.224xlarge 896 vCPU / 448 cores, valid cores 16, 24, ..., 448"
    big = cpu_options("u7i-12tb.224xlarge")
    assert (big.default_vcpus, big.default_cores) == (896, 448)
    assert big.valid_cores == tuple(range(16, 449, 8))


def test_a_single_thread_type():
    # "| u\-6tb1\.56xlarge | 224 | 224 | 1 | 8, 16, ..., 224 | 1 |" (since changed to 16, 24, ..., 224)
    assert values("u-6tb1.56xlarge")[1:4] == (224, 224, 1)
    assert values("u-6tb1.56xlarge")[5] == (1,)


def test_rds_rows_are_keyed_by_the_db_class_name():
    # "|  db\.x2iedn\.xlarge  |  4  |  2  |  2  |  1, 2  |  1, 2  |"
    assert values("db.x2iedn.xlarge") == ("rds", 4, 2, 2, (1, 2), (1, 2), "2023-06-15")
    # "|  db\.r4\.8xlarge  |  32  |  16  |  2  |  1, 2, 3, ..., 16  |  1, 2  |"
    assert values("db.r4.8xlarge")[4] == tuple(range(1, 17))
    assert "Configuring the processor for a DB instance class" in cpu_options("db.x2iedn.xlarge").source


@pytest.mark.parametrize("name", ["db.r6i.4xlarge", "db.m7i.large", "db.t3.medium", "r5.metal", "x9z.large", ""])
def test_no_row_without_published_values(name):
    assert cpu_options(name) is None
    assert smallest_valid_cores(name, 1) is None


def test_smallest_valid_cores():
    assert smallest_valid_cores("r5.4xlarge", 3) == 4
    assert smallest_valid_cores("r5.4xlarge", 4) == 4
    assert smallest_valid_cores("r5.4xlarge", 1) == 2  # no 1-core r5.4xlarge
    assert smallest_valid_cores("r5.4xlarge", 9) is None
    assert smallest_valid_cores("m6a.8xlarge", 1) == 4
    assert smallest_valid_cores("db.m5.24xlarge", 3) == 4  # "4, 6, 8, ..., 48"


def test_core_count_problem():
    assert core_count_problem("r5.4xlarge", 6, platform="ec2") is None
    assert core_count_problem("r5.4xlarge", 5, platform="ec2").startswith(
        "5 cores is not a core count AWS allows; accepted for r5.4xlarge: 2, 4, 6, 8 (source: AWS EC2 User Guide"
    )
    assert core_count_problem("db.r7i.large", 1, platform="rds").startswith(
        "no published processor-features table for db.r7i.large"
    )
    assert core_count_problem("m7i.metal-24xl", 1, platform="ec2").startswith(
        "m7i.metal-24xl does not support CPU options"
    )


def test_the_file_covers_both_sources_and_every_row_is_sourced_and_dated():
    rows = json.loads(DATA_FILE.read_text())["rows"]
    assert sum(r["platform"] == "ec2" for r in rows) == 552 + 639
    assert sum(r["platform"] == "rds" for r in rows) == 82
    assert all(len(r["source"]) > 40 and r["as_of"][:2] == "20" for r in rows)
    assert sum("note" in r for r in rows) == 20  # the changed types
    assert DATA_FILE.stat().st_size < 2_000_000  # small enough to keep every type


def test_a_preconfigured_class_has_its_vcpus_from_the_hardware_table_and_its_threads_from_its_name():
    # RDS User Guide hardware table: "| db\.r5\.2xlarge\.tpc1\.mem2x | 8 | — | 128 |"; tpc1 = 1 thread per core
    # ("If the value is 1, multithreading is turned off"): 8 vCPUs / 1 = 8 cores
    row = preconfigured_class("db.r5.2xlarge.tpc1.mem2x")
    assert (row.vcpus, row.cores, row.threads_per_core, row.as_of) == (8, 8, 1, "2023-06-15")
    # "| db\.r5b\.xlarge\.tpc2\.mem4x | 4 | — | 128 |": 4 vCPUs / 2 threads = 2 cores
    assert preconfigured_class("db.r5b.xlarge.tpc2.mem4x").cores == 2
    assert "Hardware specifications for DB instance classes" in row.source
    # not a processor-features row: AWS lets no core count be chosen for it
    assert cpu_options("db.r5.2xlarge.tpc1.mem2x") is None


def test_a_preconfigured_class_after_the_table_is_known_by_its_name_only():
    row = preconfigured_class("db.r7i.xlarge.tpc2.mem4x")
    assert (row.vcpus, row.cores, row.threads_per_core) == (None, None, 2)
    assert row.source.startswith("AWS RDS User Guide 'RDS for Oracle instance classes'")
    assert "You can't configure the processor features" in preconfigured_fixed().source


@pytest.mark.parametrize("name", ["db.r5.2xlarge", "r5.2xlarge", "db.r5.2xlarge.tpc1", "r5.2xlarge.tpc1.mem2x", ""])
def test_other_names_are_not_preconfigured_classes(name):
    assert preconfigured_class(name) is None


def test_the_file_holds_every_preconfigured_class_of_the_hardware_table():
    # the table's two preconfigured groups: db.r5 (12tpc2.mem2x ... large.tpc1.mem2x) 12 rows, db.r5b 11 rows
    data = json.loads(DATA_FILE.read_text())
    classes = [row["instance_class"] for row in data["preconfigured"]]
    assert len(classes) == 12 + 11
    assert [c for c in classes if ".tpc1." in c] == [
        "db.r5b.2xlarge.tpc1.mem2x", "db.r5b.large.tpc1.mem2x", "db.r5.2xlarge.tpc1.mem2x", "db.r5.large.tpc1.mem2x"
    ]  # fmt: skip
