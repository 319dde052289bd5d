"""How far apart sizes of one family score per thread in the CoreMark measurements, and what that does to the
credit a faster core gets: a difference within the spread is noise, one beyond it is counted."""

import pytest

from advisor.engine.coremark_spread import catalog_spreads, family_spreads, pct_words, spread_of
from advisor.engine.sizing.cores import SourceCpu, scale_for, scaled_need, source_of_type
from advisor.engine.sizing.need import Need


def row(name: str, family: str, per_thread: float) -> dict:
    return {"name": name, "family": family, "threads_per_core": 2,
            "coremark": {"per_thread": per_thread, "as_of": "2026-01-15"}}  # fmt: skip


# A hand-made catalog: family a's two sizes score 100 and 104 per thread (spread (104 - 100) / 100 = 4 %); b's
# and c's sizes agree exactly (spread 0 %); d has one measured size; db.a.large is a.large's own measurement.
TINY = {
    r["name"]: r
    for r in (
        row("a.large", "a", 100.0),
        row("a.xlarge", "a", 104.0),
        row("db.a.large", "a", 100.0),
        row("b.large", "b", 103.0),
        row("b.xlarge", "b", 103.0),
        row("c.large", "c", 120.0),
        row("c.xlarge", "c", 120.0),
        row("d.large", "d", 130.0),
        {"name": "e.large", "family": "e", "coremark": None},
    )
}
SPREADS = family_spreads(TINY.values())


def need(vcpus: float) -> Need:
    return Need(vcpus=vcpus, memory_gib=8, storage_gib=100, block_kib=8, scan_kib=1024, sustained_iops=0,
                peak_iops=0, peak_mib_s=0, peak_minutes=30)  # fmt: skip


def test_a_familys_spread_is_its_highest_score_over_its_lowest_counting_an_rds_class_as_its_host():
    a = SPREADS["a"]
    assert (a.sizes, a.lowest, a.highest) == (2, "a.large", "a.xlarge")  # db.a.large is a.large, counted once
    assert a.ratio == pytest.approx(104 / 100) and a.pct == pytest.approx(4.0)
    assert (
        a.words == "sizes of this family differ by up to 4 % in the measurements; smaller differences are not credited"
    )
    assert SPREADS["b"].pct == 0
    assert SPREADS["d"].ratio is None and "only one size of d was measured" in SPREADS["d"].words
    assert "e" not in SPREADS and spread_of(TINY["e.large"], SPREADS) is None


def test_the_catalogs_spreads_are_computed_from_its_rows():
    # Vantage's CoreMark runs: r7i.large 24,192.6 per thread, r7i.24xlarge 20,284.7 (the family's extremes):
    # (24,192.6 - 20,284.7) / 20,284.7 = 3,907.9 / 20,284.7 = 19.27 %; db.r7i classes share the figure.
    r7i = catalog_spreads()["r7i"]
    assert (r7i.lowest, r7i.highest) == ("r7i.24xlarge", "r7i.large")
    assert r7i.pct == pytest.approx(3907.9 / 20284.7 * 100)
    assert pct_words(r7i.pct) == "19.3"
    assert spread_of({"name": "db.r7i.large", "family": "r7i", "coremark": {"per_thread": 24192.6}}) is r7i


def test_a_faster_core_within_the_source_familys_spread_gets_no_credit_and_one_beyond_it_does():
    source = source_of_type("a.large", rows=TINY, spreads=SPREADS)
    assert source is not None and source.per_thread == 100 and source.spread is SPREADS["a"]
    # b.large: 103 / 100 = 1.03, 3 % more per thread; not more than a's 4 %: the need stays 12 vCPUs.
    within = scale_for(TINY["b.large"], need(12), source, edition="ee", spreads=SPREADS)
    assert within is not None and not within.counted and within.need_vcpus == 12
    assert scaled_need(need(12), within).vcpus == 12
    assert "3 % more work per thread than the source, within the 4 % by which sizes of a (the source's family)" in (
        within.words
    )
    # c.large: 120 / 100 = 1.2, 20 % more, beyond 4 %: 12 vCPUs × 100 / 120 = 10 vCPUs of c's threads;
    # processor licences (2 vCPUs each with hyper-threading): 12 / 2 = 6 -> 10 / 2 = 5.
    beyond = scale_for(TINY["c.large"], need(12), source, edition="ee", spreads=SPREADS)
    assert beyond is not None and beyond.counted
    assert beyond.need_vcpus == pytest.approx(12 * 100 / 120) == pytest.approx(10.0)
    assert scaled_need(need(12), beyond).vcpus == pytest.approx(10.0)
    assert "20 % more work per thread than the source, more than the 4 %" in beyond.words
    assert "CPU need 12.0 → 10.0 vCPUs, 5 processor licences instead of 6" in beyond.words


def test_turning_the_credit_off_leaves_the_need_as_it_is():
    source = source_of_type("a.large", rows=TINY, spreads=SPREADS)
    off = scale_for(TINY["c.large"], need(12), source, edition="ee", credit=False, spreads=SPREADS)
    assert off is not None and not off.counted and off.need_vcpus == 12 and off.measured_ratio == pytest.approx(1.2)
    assert scaled_need(need(12), off).vcpus == 12
    assert "but the sizing policy does not credit a faster core: CPU need 12.0 vCPUs as it is" in off.words


def test_a_source_given_as_a_number_is_held_to_the_candidate_familys_spread():
    source = SourceCpu(100.0, "the source host (as given)")
    # a.xlarge: 104 / 100 = 1.04, exactly a's spread of 104 / 100: not more than it, so no credit
    edge = scale_for(TINY["a.xlarge"], need(12), source, edition="ee", spreads=SPREADS)
    assert edge is not None and not edge.counted and edge.need_vcpus == 12
    assert "within the 4 % by which sizes of a differ in the measurements" in edge.words
    # c.large: c's sizes agree (0 %), so 120 / 100 counts: 12 × 100 / 120 = 10
    assert scale_for(TINY["c.large"], need(12), source, edition="ee", spreads=SPREADS).need_vcpus == pytest.approx(10)
    # d.large: 130 / 100, but d has one measured size: its spread is unknown, so no credit
    lone = scale_for(TINY["d.large"], need(12), source, edition="ee", spreads=SPREADS)
    assert lone is not None and not lone.counted and lone.need_vcpus == 12
    assert "only one size of d was measured" in lone.words


def test_a_slower_core_beyond_the_spread_needs_more_threads_even_with_the_credit_off():
    # a.large at 100 against a source of 130: 130 / 100 = 1.3 > 1.04, so 12 × 130 / 100 = 15.6 vCPUs
    source = SourceCpu(130.0, "the source host (as given)")
    for credit in (True, False):
        slower = scale_for(TINY["a.large"], need(12), source, edition="ee", credit=credit, spreads=SPREADS)
        assert slower is not None and slower.counted and slower.need_vcpus == pytest.approx(15.6)
    # against 103: 103 / 100 = 1.03, within a's 4 %: not counted either way
    close = scale_for(TINY["a.large"], need(12), SourceCpu(103.0, "x"), edition="ee", spreads=SPREADS)
    assert close is not None and not close.counted and close.need_vcpus == 12


def borrowed(name: str, family: str, per_thread: float, lender: str) -> dict:
    mark = {
        "per_thread": per_thread,
        "as_of": "2026-01-15",
        "borrowed": {"from": lender, "family": lender.split(".")[0], "same_size": True, "why": "same processor"},
    }
    return {"name": name, "family": family, "threads_per_core": 2, "coremark": mark}


def test_a_family_whose_figures_are_borrowed_is_held_to_its_twins_spread_and_adds_to_none():
    # f never measured: its figures are a's (100 and 104); a hand-made stray 150 would make f a 50 % spread of its
    # own if borrowed figures counted as measurements. They do not: f's spread is a's 4 %, named as a's.
    rows = [*TINY.values(), borrowed("f.large", "f", 100.0, "a.large"), borrowed("f.xlarge", "f", 150.0, "a.xlarge"),
            borrowed("db.f.large", "f", 100.0, "a.large")]  # fmt: skip
    spreads = family_spreads(rows)
    assert spreads["a"] == SPREADS["a"]
    f = spreads["f"]
    assert (f.family, f.borrowed_by, f.sizes, f.lowest, f.highest) == ("a", "f", 2, "a.large", "a.xlarge")
    assert f.pct == pytest.approx(4.0)
    assert f.words == ("sizes of a (whose measurements f borrows) differ by up to 4 % in the measurements; smaller "
                       "differences are not credited")  # fmt: skip
    # the noise a borrowed candidate must beat is the twin's, and the words say whose
    row = borrowed("f.large", "f", 120.0, "a.large")
    within = scale_for(row, need(12), SourceCpu(116.0, "x"), edition="ee", spreads=spreads)
    assert within is not None and not within.counted  # 120 / 116 = 1.034, within a's 1.04
    assert "within the 4 % by which sizes of a (whose measurements f borrows) differ in the measurements" in (
        within.words
    )
    # a twin with one measured size lends no spread either: the faster core is not credited
    lone = family_spreads([*TINY.values(), borrowed("g.large", "g", 130.0, "d.large")])["g"]
    assert lone.ratio is None and lone.words.startswith(
        "only one size of d (whose measurements g borrows) was measured"
    )


def test_the_catalogs_borrowing_families_have_their_twins_spreads():
    # r6id's figures are r6i's (Ice Lake 8375C), r5b's and m5n's r5n's (Cascade Lake 8259CL)
    spreads = catalog_spreads()
    assert spreads["r6id"].ratio == spreads["r6i"].ratio and spreads["r6id"].borrowed_by == "r6id"
    assert spreads["r5b"].family == spreads["m5n"].family == "r5n"
    assert "r6in" not in spreads  # no exact twin: still unmeasured
