"""Figures that cannot be right are left out per metric with a message, never pre-filled and never a 500: numbers too
large to hold, rates below zero, averages above their own peaks, numbers at the point a file is cut, throughput
that rounds to 0, and a pre-fill whose values contradict the questionnaire's defaults."""

from __future__ import annotations

import json
import math
import re

from advisor.awr.engine.aggregation import summarise
from advisor.awr.engine.figures import Figure, Sample
from advisor.awr.engine.importer import ImportResult, import_files
from advisor.awr.engine.prefill.fields import prefill
from advisor.engine.workload import Workload
from tests.advisor.awr.samples import AZURE, JAS, MINER, needs_samples, sample

pytestmark = needs_samples

AWR_TEXT = JAS / "awrrpt_1_2668_2669.txt"


def warnings_of(result: ImportResult) -> list[str]:
    return [w for f in result.files for w in f.warnings]


def miner_with(column: str, value: str, snap: str = "18", text: str | None = None) -> bytes:
    """dbcsi_awr_sample01.out (or ``text``, a changed copy of it) with one MAIN-METRICS cell of one snapshot replaced
    (right-aligned like the rest)."""
    text = (MINER / "dbcsi_awr_sample01.out").read_text(encoding="utf-8") if text is None else text
    lines = text.split("\n")
    header = next(i for i, line in enumerate(lines) if line.split()[:3] == ["snap", "dur_m", "end"])
    names = lines[header].split()
    position = names.index(column) + 1  # the 'end' stamp prints as two words ("26/01/12 00:00")
    row = next(i for i in range(header, len(lines)) if lines[i].split()[:1] == [snap])
    cell = list(re.finditer(r"\S+", lines[row]))[position]
    start = min(cell.start(), cell.end() - len(value))  # a wider value takes blanks on its left: columns stay put
    assert not lines[row][start : cell.start()].strip()
    lines[row] = lines[row][:start] + value.rjust(cell.end() - start) + lines[row][cell.end() :]
    return "\n".join(lines).encode("utf-8")


def test_a_400_digit_number_is_refused_and_the_result_stores_as_strict_json() -> None:
    text = AWR_TEXT.read_text(encoding="utf-8").replace("Elapsed:               60.25", "Elapsed: " + "9" * 400, 1)
    result = import_files([("inf.txt", text.encode())])
    assert any(w.startswith("Snapshot / Elapsed: printed '9999") and "too large" in w for w in warnings_of(result))
    json.dumps(result.model_dump(mode="json"), allow_nan=False)  # PostgreSQL's JSON refuses Infinity and NaN
    assert result.prefill is not None
    # with its Elapsed left out, the window's length is unknown, not "0.0-hour"
    assert result.aggregation is not None
    assert any(f.startswith("one unknown-length window") for f in result.aggregation.flags)
    assert not any("0.0-hour" in f for f in result.aggregation.flags)


def test_rates_below_zero_are_refused_per_metric() -> None:
    result = import_files([("neg.out", miner_with("read_iops", "-8.4"))])
    assert any("snap 18, read_iops: printed '-8.4' is below zero" in w for w in warnings_of(result))
    cpu = import_files([("negcpu.out", miner_with("cpu_per_s", "-.021"))])
    assert any("snap 18, cpu_per_s: printed '-.021' is below zero" in w for w in warnings_of(cpu))
    assert cpu.aggregation is not None and cpu.aggregation.rates["db_cpu_per_s"].average > 0


def test_an_average_above_its_own_peak_is_left_out() -> None:
    # snap 18 prints read_iops_max 290.8; an average of 900.0 over the same snapshot cannot be
    result = import_files([("contra.out", miner_with("read_iops", "900.0"))])
    assert any(
        "snap 18, read_iops '900.0 (max 290.8)': the average 900 is above the window's own peak 290.8" in w
        for w in warnings_of(result)
    )
    assert result.aggregation is not None
    reads = result.aggregation.rates["read_iops"]
    assert reads.p95 is None or reads.p95 <= reads.peak


def test_a_p95_is_never_above_the_peak() -> None:
    def window(name: str, value: float, peak: float) -> Sample:
        return Sample(
            window=name, minutes=60, figures={"read_iops": Figure(metric="read_iops", value=value, peak=peak)}
        )

    # the peak is the busiest window's average, 100, not a one-minute maximum printed beside it (20, 50);
    # P95 of [10, 100] is 10 + 0.95 x 90 = 95.5, below it
    summary = summarise([window("a", 10, 20), window("b", 100, 50)])["read_iops"]
    assert summary.peak == 100 and summary.p95 is not None and abs(summary.p95 - 95.5) < 1e-9


def test_a_number_at_the_cut_of_a_truncated_file_is_not_trusted() -> None:
    html = (AZURE / "AWR_DBS.html").read_bytes()
    at = html.index(b"584.2", html.index(b"Read IO requests:"))
    result = import_files([("cut.html", html[: at + 2])])  # cut inside "584.2": the file ends in "58"
    assert any("Read IO requests '58': the file is cut right after this figure" in w for w in warnings_of(result))
    assert result.aggregation is not None and "read_iops_db" not in result.aggregation.rates

    text = AWR_TEXT.read_bytes()
    at = text.index(b"0.3", text.index(b"DB CPU(s):"))
    cut = import_files([("cut.txt", text[: at + 1])])  # DB CPU(s) 0.3 cut to "0"
    assert any("DB CPU(s) '0': the file is cut right after this figure" in w for w in warnings_of(cut))
    assert cut.aggregation is not None and "db_cpu_per_s" not in cut.aggregation.rates

    # cut inside the Time Model's "DB CPU 1,234.8": the file ends in "1,23", which DB CPU per second is worked out from;
    # the Load Profile's "DB CPU(s): 0.3", printed whole before the cut, stands in
    at = text.index(b"1,234.8", text.index(b"Time Model Statistics"))
    cut = import_files([("cut.txt", text[: at + 4])])
    said = "DB CPU (s) over the elapsed time '1,23 s / (60.25 min x 60)': the file is cut right after this figure"
    assert any(said in w and "Load Profile / DB CPU(s) '0.3' used instead" in w for w in warnings_of(cut))
    assert cut.aggregation is not None and cut.aggregation.rates["db_cpu_per_s"].average == 0.3


def test_throughput_printed_as_zero_gives_no_io_size_and_no_prefilled_zero() -> None:
    # the Statspack AWR-Miner sample prints write_mb_s 0 in all 22 snapshots beside 1.2-3.4 write requests/s
    result = import_files([sample(MINER / "dbcsi_statspack_sample01.out")])
    assert result.aggregation is not None and result.prefill is not None
    assert "write_io_kib" not in result.aggregation.facts
    assert any(w.startswith("average write IO size not derived") for w in result.aggregation.warnings)
    assert "io.peak_write_mib_s" not in {f.path for f in result.prefill.fields}
    assert "a 0 rounded at the printed precision" in result.prefill.not_prefilled["io.peak_write_mib_s"]


def test_prefill_withdraws_a_peak_a_default_contradicts_instead_of_failing() -> None:
    result = import_files([sample(AWR_TEXT)])
    assert result.aggregation is not None
    agg = result.aggregation
    reads = agg.rates["read_iops"].model_copy(update={"average": -3.0, "peak": 8.0})
    cpu = agg.rates["db_cpu_per_s"].model_copy(update={"average": math.nan})
    broken = agg.model_copy(update={"rates": {**agg.rates, "read_iops": reads, "db_cpu_per_s": cpu}})
    made = prefill(broken)
    Workload.model_validate(made.workload)
    paths = {f.path for f in made.fields}
    # the sustained -3 is refused, so the default sustained 1,500 would exceed the peak of 8: the peak goes too
    assert "io.sustained_read_iops" not in paths and "io.peak_read_iops" not in paths
    assert "default for io.sustained_read_iops" in made.not_prefilled["io.peak_read_iops"]
    assert not math.isnan(made.workload["sizing"]["average_cpu"])


def test_a_listing_that_names_no_database_says_which_database_it_joined() -> None:
    mixed = import_files([sample(AZURE / "AWR_DBW.html"), sample(AZURE / "dbspace_DBS.lst"), sample(AWR_TEXT)])
    assert mixed.aggregation is not None
    assert any(
        w.startswith("dbspace_DBS.lst names no database; it was attached to DBW (DBID 3558620706)")
        for w in mixed.aggregation.warnings
    )
    alone = import_files([sample(AZURE / "AWR_DBW.html"), sample(AZURE / "dbspace_DBW.lst")])
    assert alone.aggregation is not None
    assert not any("names no database" in w for w in alone.aggregation.warnings)
