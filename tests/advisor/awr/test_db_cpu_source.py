"""DB CPU per second from the Time Model's exact seconds over the window, like background CPU beside it; the Load
Profile's one-decimal "DB CPU(s)" only where the Time Model gives none. Each figure says which it came from. Worked
by hand from the reports' text."""

from __future__ import annotations

import pytest

from advisor.awr.engine.aggregation import MetricSummary
from advisor.awr.engine.importer import ImportResult, import_files
from tests.advisor.awr.samples import AZURE, JAS, needs_samples

pytestmark = needs_samples

AWR = JAS / "awrrpt_1_2668_2669.txt"
AWR_DB_CPU = "DB CPU                                                1,234.8    31.1       98.7\n"
SP_DB_CPU = "DB CPU                                             938.5     102.0\n"
DBS_DB_CPU = "<TD class=awrc scope=row>DB CPU</TD>\n<TD class=awrc align=right>321,484.48</TD>"


def read(name: str, text: str) -> ImportResult:
    result = import_files([(name, text.encode())])
    assert result.errors == () and result.aggregation is not None and result.prefill is not None
    return result


def db_cpu(result: ImportResult) -> MetricSummary:
    """The report's DB CPU per second as read, with its provenance (its ``sources``)."""
    return result.aggregation.rates["db_cpu_per_s"]  # type: ignore[union-attr]


def peak_cpu(result: ImportResult) -> float:
    return result.prefill.workload["sizing"]["peak_cpu"]  # type: ignore[union-attr]


def test_db_cpu_is_the_time_models_seconds_over_the_window_and_says_so() -> None:
    result = read(AWR.name, AWR.read_text())
    figure = db_cpu(result)
    # Time Model "DB CPU 1,234.8" s over Elapsed 60.25 min x 60 = 3,615 s: 0.341577 (the Load Profile prints 0.3)
    assert figure.average == pytest.approx(0.341577, abs=1e-6)
    where = figure.sources[0]
    assert (where.section, where.printed) == ("Time Model Statistics", "1,234.8 s / (60.25 min x 60)")
    assert "DB CPU" in where.row
    # (1,234.8 + background cpu time 16.5) / 3,615 = 0.34614, rounded up; the answer's sources name the Time Model
    assert peak_cpu(result) == 0.35
    sources = next(f.provenance for f in result.prefill.fields if f.path == "sizing.peak_cpu")  # type: ignore[union-attr]
    assert any(s.section == "Time Model Statistics" and s.printed.startswith("1,234.8 s") for s in sources)


def test_a_load_profile_printing_0_0_no_longer_makes_the_cpu_0() -> None:
    # a quiet database: Time Model DB CPU 162.7 s over 3,615 s = 0.045 s/s, which the Load Profile prints as 0.0
    text = AWR.read_text().replace(AWR_DB_CPU, AWR_DB_CPU.replace("1,234.8", "  162.7"))
    text = text.replace("              DB CPU(s):               0.3", "              DB CPU(s):               0.0")
    result = read("quiet.txt", text)
    assert db_cpu(result).average == pytest.approx(162.7 / 3615, abs=1e-6)
    # (162.7 + background cpu time 16.5) / 3,615 = 179.2 / 3,615 = 0.04957, rounded up to 0.05 (not 0.0 + 0.00456)
    assert peak_cpu(result) == 0.05


def test_a_time_model_without_db_cpu_falls_back_to_the_load_profile_saying_so() -> None:
    text = AWR.read_text()
    assert AWR_DB_CPU in text
    result = read("no-db-cpu.txt", text.replace(AWR_DB_CPU, ""))
    where, value = db_cpu(result).sources[0], db_cpu(result).average
    assert (value, where.section, where.row, where.printed) == (0.3, "Load Profile", "DB CPU(s)", "0.3")
    # Load Profile 0.3 + background cpu time 16.5 s / 3,615 s (0.00456) = 0.30456, rounded up
    assert peak_cpu(result) == 0.31


def test_a_window_of_unknown_length_takes_the_load_profiles_db_cpu() -> None:
    text = AWR.read_text().replace("Elapsed:               60.25 (mins)", "Elapsed:                0.00 (mins)", 1)
    where = db_cpu(read("zero.txt", text)).sources[0]
    # the Time Model's seconds over no known length are no rate: the Load Profile's per-second "0.3"
    assert (where.section, where.printed) == ("Load Profile", "0.3")


def test_statspack_reads_its_time_model_and_falls_back_the_same_way() -> None:
    text = (JAS / "sp_70371_70372.txt").read_text()
    assert SP_DB_CPU in text
    figure = db_cpu(read("sp.txt", text))
    # Time Model System Stats "DB CPU 938.5" s / (60.02 min x 60 = 3,601.2 s) = 0.260608
    assert figure.average == pytest.approx(0.260608, abs=1e-6)
    assert figure.sources[0].section == "Time Model System Stats"
    fallback = db_cpu(read("sp.txt", text.replace(SP_DB_CPU, "")))
    assert (fallback.average, fallback.sources[0].section) == (0.3, "Load Profile")  # "DB CPU(s): 0.3"


def test_an_html_report_reads_its_time_model_and_falls_back_the_same_way() -> None:
    text = (AZURE / "AWR_DBS.html").read_text(encoding="utf-8")
    assert text.count(DBS_DB_CPU) == 1
    figure = db_cpu(read("AWR_DBS.html", text))
    # Time Model "DB CPU 321,484.48" s / (4,319.92 min x 60 = 259,195.2 s) = 1.240318 (the Load Profile prints 1.2)
    assert figure.average == pytest.approx(1.240318, abs=1e-6)
    assert figure.sources[0].printed == "321,484.48 s / (4,319.92 min x 60)"
    unlabelled = text.replace(DBS_DB_CPU, DBS_DB_CPU.replace(">DB CPU<", "><"))
    fallback = db_cpu(read("AWR_DBS.html", unlabelled))
    assert (fallback.average, fallback.sources[0].section) == (1.2, "Load Profile")  # "DB CPU(s): | 1.2"
