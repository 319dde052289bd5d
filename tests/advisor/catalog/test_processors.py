"""The CoreMark twins: a family never benchmarked takes a measured family's per-thread CoreMark only where AWS names
exactly the same processor model for both (the EC2 User Guide's 'use the following processors' lists, 2023-06), and
says so; a family listed with two possible processors, a documented frequency that differs, or a 2024-11 guide cell
that begins otherwise refuses the twin. Figures are read by hand from the shared files."""

import json

import pytest

from advisor.catalog.build import CATALOG_DIR, DEFAULT_SHARED_DIR, CatalogInvalid, validate_instance_rows
from advisor.catalog.docs import FAMILIES
from advisor.catalog.guide2024 import coremark
from advisor.catalog.processors import (
    Frequency,
    ProcessorLine,
    Processors,
    borrowed_mark,
    build_twins,
    documented_frequencies,
    read_processors,
    twin_row,
)
from advisor.catalog.writer import validate_twin_rows

NEEDS_SHARED = pytest.mark.skipif(
    not (DEFAULT_SHARED_DIR / "data").is_dir(), reason="shared/ is not beside the checkout"
)
MEMORY = "Memory optimized instances"


def catalog(name: str) -> list[dict]:
    return json.loads((CATALOG_DIR / f"{name}.json").read_text())


def instance(name: str) -> dict:
    return next(r for r in catalog("instances") if r["name"] == name)


def twins() -> dict[str, dict]:
    return {row["family"]: row for row in catalog("coremark_twins")}


def line(models: tuple[str, ...], *families: str, page: str = MEMORY) -> ProcessorLine:
    return ProcessorLine(page, f"processors ({' or '.join(models)})", models, families)


@NEEDS_SHARED
def test_the_processor_lists_are_read_from_aws_s_family_pages() -> None:
    # memory-optimized-instances.md, "The memory optimized instances use the following processors":
    #   "+ **Intel Xeon Scalable processors \(Skylake 8175M or Cascade Lake 8259CL\)**: R5, R5d"
    #   "+ **2nd generation Intel Xeon Scalable processors \(Cascade Lake 8259CL\)**: R5b, R5n"
    #   "+ **3rd generation Intel Xeon Scalable processors \(Ice Lake 8375C\)**: R6i, R6id, X2idn, X2iedn"
    processors = read_processors(DEFAULT_SHARED_DIR)
    assert processors.models("r5") == {"Skylake 8175M", "Cascade Lake 8259CL"} and processors.sole_model("r5") is None
    assert processors.sole_model("r5b") == processors.sole_model("r5n") == "Cascade Lake 8259CL"
    assert processors.sole_model("r6id") == processors.sole_model("r6i") == "Ice Lake 8375C"
    # general-purpose-instances.md: "(Cascade Lake 8259CL)**: M5n", a page of its own
    assert processors.sole_model("m5n") == "Cascade Lake 8259CL"
    assert processors.where("m5n") == "AWS EC2 User Guide 'General purpose instances', 2023-06"
    # compute-optimized-instances.md: "Smaller C5 and C5d" on one processor, "Larger C5 and C5d" on another
    assert processors.sole_model("c5") is None
    # AWS lists no processor for r6in, r6idn, m5dn, r5dn (nor r7iz or u7i-12tb, newer than the 2023 pages); the 2024-11
    # guide's compute-specs.csv kept only the cell's first line: "r6in.large,False,16.00,Intel Xeon Ice,2,1,2,..."
    assert all(processors.naming(f) == [] for f in ("r6in", "r6idn", "m5dn", "r5dn", "r7iz", "u7i-12tb"))
    assert processors.first_lines["r6in"] == frozenset({"Intel Xeon Ice"})


@NEEDS_SHARED
def test_the_documented_all_core_frequencies_are_the_rds_guide_s() -> None:
    # Concepts.DBInstanceClass.md: "High frequency z1d instances deliver a sustained all-core frequency of up to 4.0 GHz"
    # and "The db.x2iezn class is ... with an all-core turbo frequency of up to 4.5 GHz"; none for another family.
    found = documented_frequencies(DEFAULT_SHARED_DIR)
    assert {family: f.ghz for family, f in found.items()} == {"z1d": 4.0, "x2iezn": 4.5}
    assert found["z1d"].page == "AWS RDS User Guide 'DB instance classes', 2023-06"


@NEEDS_SHARED
def test_the_committed_twins_are_the_exact_twins_of_the_processor_lists() -> None:
    rows = twins()
    assert rows == {str(r["family"]): r for r in build_twins(shared_dir=DEFAULT_SHARED_DIR)
                    if r["family"] not in ("m8id", "r8id")}  # fmt: skip
    validate_twin_rows(list(rows.values()))
    assert {f: r["twin"] for f, r in rows.items() if r["twin"]} == {"r5b": "r5n", "r6id": "r6i", "m5n": "r5n"}
    assert rows["r5b"]["reason"] == (
        "r5b has no CoreMark measurement; r5n runs on the same processor (Cascade Lake 8259CL, AWS EC2 User Guide "
        "'Memory optimized instances', 2023-06), so r5n's measured CoreMark per thread is used: the same size's where "
        "it was measured, else the lowest of its sizes"
    )
    # r6id's bullet also names x2idn and x2iedn, measured too: r6i shares the longest start of its name
    assert rows["r6id"]["processor"] == "Ice Lake 8375C"
    # the families AWS names no processor for stay unmeasured, and say why
    for family in ("r6in", "r6idn", "m5dn", "r5dn", "r7iz", "u7i-12tb"):
        assert rows[family]["twin"] is None and rows[family]["processor"] is None
        assert "do not name its processor" in rows[family]["reason"]
        assert rows[family]["reason"].endswith("its CPU need is counted in vCPUs as they are")
    assert "'Intel Xeon Ice', which names no model" in rows["r6in"]["reason"]
    # every family the catalog holds with no measurement of its own has a row, and only those
    measured = {n.split(".")[0] for n in coremark(DEFAULT_SHARED_DIR)}
    held = {r["family"] for r in catalog("instances")}
    assert set(rows) == {f for f in FAMILIES if f not in measured} & held


@NEEDS_SHARED
def test_r5_is_no_twin_of_r5b_its_measurement_may_have_run_on_either_processor() -> None:
    # Without r5n's runs, the measured families named with Cascade Lake 8259CL are m5, m5d, t3 ("Skylake 8175M or
    # Cascade Lake 8259CL", general purpose), r5, r5d (the same, memory optimized) and i3en (storage optimized):
    # none names 8259CL alone, so r5b keeps no figure rather than one that may be a Skylake's.
    processors = read_processors(DEFAULT_SHARED_DIR)
    measured = {n.split(".")[0] for n in coremark(DEFAULT_SHARED_DIR)} & set(FAMILIES)
    row = twin_row("r5b", processors, measured - {"r5n"})
    assert row["twin"] is None and row["processor"] == "Cascade Lake 8259CL"
    assert (
        "r5 and r5d are listed as 'Skylake 8175M or Cascade Lake 8259CL' (AWS EC2 User Guide 'Memory optimized "
        "instances', 2023-06): their measurements may have run on either" in row["reason"]
    )
    assert "m5, m5d and t3 are listed as" in row["reason"]
    assert row["reason"].endswith("so its CPU need is counted in vCPUs as they are")
    with pytest.raises(CatalogInvalid, match="r5b: a twin needs another family, the processor and where"):
        validate_twin_rows([{**row, "twin": "r5", "processor": None}])


def test_a_documented_frequency_must_be_documented_alike_for_both() -> None:
    # a high-frequency part on the same model (hand-made): 'hf' documented at 4.5 GHz, 'base' at 3.5 GHz or not at all
    lines = (line(("Model X",), "hf", "base"),)
    differ = Processors(lines, {"hf": Frequency(4.5, "p"), "base": Frequency(3.5, "p")}, {})
    row = twin_row("hf", differ, {"base"})
    assert row["twin"] is None
    assert (
        "base has a different documented all-core frequency: up to 4.5 GHz for hf (p) and 3.5 GHz for base"
        in (row["reason"])
    )
    one_sided = Processors(lines, {"hf": Frequency(4.5, "p")}, {})
    assert twin_row("hf", one_sided, {"base"})["twin"] is None
    alike = Processors(lines, {"hf": Frequency(4.5, "p"), "base": Frequency(4.5, "p")}, {})
    assert twin_row("hf", alike, {"base"})["twin"] == "base"
    # and a 2024-11 guide cell that begins otherwise refuses it; equal first lines confirm nothing, refuse nothing
    cells = Processors(lines, {}, {"hf": frozenset({"Intel Xeon"}), "base": frozenset({"Intel Xeon Ice"})})
    assert (
        "begins otherwise ('Intel Xeon Ice' against 'Intel Xeon' for hf)" in twin_row("hf", cells, {"base"})["reason"]
    )


def test_the_twin_is_on_the_same_bullet_then_shares_the_longest_start_of_the_name() -> None:
    lines = (line(("Ice Lake 8375C",), "r6i", "r6id", "x2idn"), line(("Ice Lake 8375C",), "m6id", page="General"))
    processors = Processors(lines, {}, {})
    assert twin_row("r6id", processors, {"x2idn", "r6i", "m6id"})["twin"] == "r6i"
    assert twin_row("r6id", processors, {"x2idn", "m6id"})["twin"] == "x2idn"  # the bullet before the name
    row = twin_row("m6id", processors, {"r6i"})
    assert (row["twin"], row["named_in"], row["twin_named_in"]) == ("r6i", "AWS EC2 User Guide 'General', 2023-06",
                                                                    "AWS EC2 User Guide 'Memory optimized instances', "
                                                                    "2023-06")  # fmt: skip


def test_a_size_the_twin_did_not_measure_takes_the_twin_s_lowest_figure() -> None:
    twin = {"family": "r6id", "twin": "r6i", "processor": "Ice Lake 8375C", "named_in": "AWS EC2 User Guide 'M'",
            "twin_named_in": "AWS EC2 User Guide 'M'"}  # fmt: skip
    marks = {
        "r6i.large": {"iterations_per_s": 36253.8, "threads": 2, "per_thread": 18126.9, "ran_on": "2025-12-10",
                      "source": "Vantage"},
        "r6i.xlarge": {"iterations_per_s": 66126.6, "threads": 4, "per_thread": 16531.7, "ran_on": "2025-12-10",
                       "source": "Vantage"},
    }  # fmt: skip
    same = borrowed_mark("r6id.large", 2, twin, marks)
    assert same is not None and same["per_thread"] == 18126.9
    assert same["borrowed"] == {
        "from": "r6i.large",
        "family": "r6i",
        "same_size": True,
        "why": (
            "r6id has no CoreMark measurement; r6i runs on the same processor (Ice Lake 8375C, AWS EC2 User Guide 'M')"
        ),
    }
    # r6i.metal was not measured here: the slow end of r6i's sizes, 16,531.7 (r6i.xlarge), not 18,126.9
    other = borrowed_mark("r6id.metal", 128, twin, marks)
    assert other is not None and other["per_thread"] == 16531.7
    assert (other["borrowed"]["from"], other["borrowed"]["same_size"]) == ("r6i.xlarge", False)
    # a size of the same name but other vCPUs is not the same size
    assert borrowed_mark("r6id.large", 4, twin, marks)["borrowed"]["same_size"] is False
    assert borrowed_mark("r6in.large", 2, {"family": "r6in", "twin": None}, marks) is None


def test_every_borrowed_figure_is_its_twin_s_measurement_and_says_so() -> None:
    # ec2-benchmarks-coremark: "r6i.large,...,36253.776435,18126.9,2" and "r5n.4xlarge,...,223630.264629,13976.9,16"
    r6id = instance("r6id.large")["coremark"]
    assert (
        (r6id["per_thread"], r6id["as_of"])
        == (18126.9, "2025-12-10")
        == (instance("r6i.large")["coremark"]["per_thread"], instance("r6i.large")["coremark"]["as_of"])
    )
    assert r6id["borrowed"]["from"] == "r6i.large" and r6id["borrowed"]["same_size"] is True
    assert r6id["source"].startswith("r6id has no CoreMark measurement; r6i runs on the same processor (Ice Lake 8375C")
    # the RDS class carries its host's borrowed figure, the same words with it
    db = instance("db.r5b.4xlarge")["coremark"]
    assert db["per_thread"] == 13976.9 and db["borrowed"]["from"] == "r5n.4xlarge"
    assert db["source"].startswith("the figure of EC2 r5b.4xlarge: r5b has no CoreMark measurement; r5n runs")
    # families without an exact twin keep none
    assert instance("r6in.large")["coremark"] is None and instance("db.r6in.large")["coremark"] is None
    assert instance("r7iz.large")["coremark"] is None
    rows = twins()
    for row in catalog("instances"):
        borrowed = (row["coremark"] or {}).get("borrowed")
        if borrowed:
            assert rows[row["family"]]["twin"] == borrowed["family"], row["name"]


def test_the_writer_refuses_a_borrowed_figure_that_is_not_another_family_s() -> None:
    row = instance("r6id.large")
    validate_instance_rows([row])
    own = {**row["coremark"], "borrowed": {**row["coremark"]["borrowed"], "from": "r6id.xlarge", "family": "r6id"}}
    with pytest.raises(CatalogInvalid, match="r6id.large: coremark borrowed from 'r6id.xlarge' is not another"):
        validate_instance_rows([{**row, "coremark": own}])
    other_size = {**row["coremark"], "borrowed": {**row["coremark"]["borrowed"], "from": "r6i.xlarge"}}
    with pytest.raises(CatalogInvalid, match="is not another family's type of the same size"):
        validate_instance_rows([{**row, "coremark": other_size}])
    with pytest.raises(CatalogInvalid, match="coremark borrowed must have exactly from, family, same_size, why"):
        validate_instance_rows([{**row, "coremark": {**row["coremark"], "borrowed": {"from": "r6i.large"}}}])
