"""Host CPU per snapshot interval from "Operating System Statistics - Detail" (peak, P95 and mean with their
windows), background CPU added to DB CPU, an Elapsed of 0.00 as an unknown window, and a total printed as #####
replaced by a narrower figure that says what it leaves out. On the shared samples and on modified copies."""

from __future__ import annotations

import re

import pytest

from advisor.awr.engine.importer import ImportResult, import_files
from tests.advisor.awr.samples import AZURE, JAS, MINER, needs_samples, sample, single_instance_dbs
from tests.advisor.awr.test_aggregate import hour

pytestmark = needs_samples

DETAIL = re.compile(r'(<TABLE[^>]*summary="This table displays some detailed operating[^>]*>).*?(</TABLE>)', re.S)
HEAD = "<tr><th>Snap Time</th><th>Load</th><th>%busy</th><th>%user</th><th>%sys</th><th>%idle</th><th>%iowait</th></tr>"


def dbs_with_detail(rows: list[tuple[str, str]]) -> bytes:
    """AWR_DBS.html with its Detail table replaced by ``rows`` of (snap time, %busy), as a single instance's
    database (one instance of a RAC database pre-fills no CPU: see test_rac_coverage)."""
    body = "".join(
        f"<tr><td>{t}</td><td>1.0</td><td>{b}</td><td></td><td></td><td></td><td></td></tr>" for t, b in rows
    )
    text, count = DETAIL.subn(lambda m: m.group(1) + HEAD + body + m.group(2), single_instance_dbs())
    assert count == 1
    return text.encode()


def imported(name: str, data: bytes) -> ImportResult:
    result = import_files([(name, data)])
    assert result.aggregation is not None and result.prefill is not None
    return result


def facts(result: ImportResult) -> dict[str, object]:
    assert result.aggregation is not None
    return {k: v for k, v in result.aggregation.facts.items() if k.startswith("host_cpu_interval")}


def source(result: ImportResult, path: str) -> str:
    assert result.prefill is not None
    return next(f.source for f in result.prefill.fields if f.path == path)


def warnings(result: ImportResult) -> str:
    return " ".join(w for f in result.files for w in f.warnings)


FIVE = [
    ("26-Jan 08:45:00", ""),
    ("26-Jan 09:00:00", "10.00"),
    ("26-Jan 09:15:00", "50.00"),
    ("26-Jan 09:30:00", "90.00"),
    ("26-Jan 09:45:00", "30.00"),
    ("26-Jan 10:00:35", "20.00"),  # the report's end snap (26-Jan-22 10:00:35)
]


def test_peak_p95_and_mean_of_the_intervals_with_the_peaks_window() -> None:
    result = imported("AWR_DBS.html", dbs_with_detail(FIVE))
    got = facts(result)
    # 32 CPUs. Busiest: 90 % (09:15 to 09:30) = 28.8 vCPUs. P95 of [10, 20, 30, 50, 90]: rank 4 x 0.95 = 3.8 ->
    # 50 + 0.8 x 40 = 82 % = 26.24 vCPUs. Mean 200 / 5 = 40 % = 12.8 vCPUs.
    assert got["host_cpu_interval_peak"].value == pytest.approx(28.8)
    assert got["host_cpu_interval_p95"].value == pytest.approx(26.24)
    assert got["host_cpu_interval_average"].value == pytest.approx(12.8)
    assert "26-Jan 09:15:00 to 26-Jan 09:30:00" in got["host_cpu_interval_peak"].note
    note = source(result, "sizing.peak_cpu")
    assert "peak at 28.80 vCPUs in the interval 26-Jan 09:15:00 to 26-Jan 09:30:00" in note
    assert "upper bound" in note and "P95 26.24" in note and "mean 12.80 over 5 snapshot intervals" in note


def test_the_shared_dbs_report_peaks_near_the_whole_host_while_its_average_is_a_third() -> None:
    result = imported("AWR_DBS.html", single_instance_dbs().encode())
    got = facts(result)
    # the busiest row of its Detail table: 25-Jan 18:00:06, 99.27 %busy, after 25-Jan 17:45:04; 32 CPUs
    assert got["host_cpu_interval_peak"].value == pytest.approx(0.9927 * 32)
    assert "25-Jan 17:45:04 to 25-Jan 18:00:06" in got["host_cpu_interval_peak"].note
    # the whole window: BUSY_TIME 253,199,088 / (253,199,088 + 566,798,662) x 32 = 9.88 vCPUs, an average
    assert result.aggregation is not None
    assert result.aggregation.rates["host_busy_cpus"].average == pytest.approx(9.881, abs=1e-3)
    note = source(result, "sizing.peak_cpu")
    assert "an average over 3.0 days, not a peak" in note
    assert "peak of" not in note


def test_a_detail_table_that_stops_before_the_end_snap_is_said_to_cover_less() -> None:
    result = imported("AWR_DBS.html", dbs_with_detail(FIVE[:-1]))
    got = facts(result)
    assert got["host_cpu_interval_peak"].value == pytest.approx(28.8)
    assert "before the report's end snap" in got["host_cpu_interval_peak"].note
    assert "the intervals stop at 26-Jan 09:45:00, before the report's end snap 26-Jan-22 10:00:35" in warnings(result)


def test_intervals_that_contradict_the_totals_give_no_peak() -> None:
    # every interval 10 % busy while BUSY_TIME / (BUSY_TIME + IDLE_TIME) says 30.88 % over the window
    rows = [FIVE[0]] + [(t, "10.00") for t, _ in FIVE[1:]]
    result = imported("AWR_DBS.html", dbs_with_detail(rows))
    assert facts(result) == {}
    assert "the intervals contradict the totals, no per-interval peak is given" in warnings(result)
    assert "peak at" not in source(result, "sizing.peak_cpu")


def test_a_busy_share_above_100_percent_leaves_that_interval_out() -> None:
    rows = [*FIVE[:3], ("26-Jan 09:30:00", "190.00"), *FIVE[4:]]
    result = imported("AWR_DBS.html", dbs_with_detail(rows))
    # left: 10, 50, 30, 20 -> busiest 50 % of 32 = 16 vCPUs
    assert facts(result)["host_cpu_interval_peak"].value == pytest.approx(16.0)
    assert "printed '190.00', outside 0-100 %; that interval left out" in warnings(result)


@pytest.mark.parametrize(
    ("path", "cpu"),
    [
        # Time Model: (DB CPU 1,234.8 s + background cpu time 16.5 s) / (60.25 min x 60) = 1,251.3 / 3,615 = 0.34614
        # -> 0.35 (the Load Profile's DB CPU(s) prints 0.3: 0.3 + 0.00456 would give 0.31)
        (JAS / "awrrpt_1_2668_2669.txt", 0.35),
        # Time Model System Stats: (DB CPU 938.5 s + background cpu time 49.0 s) / (60.02 min x 60) = 987.5 / 3,601.2
        # = 0.27421 -> 0.28 (the Load Profile's DB CPU(s) prints 0.3)
        (JAS / "sp_70371_70372.txt", 0.28),
        # Time Model Sum: DB CPU 29,101,625.83 s + bg CPU 3,337,380.99 s over 10,079.92 min = 48.118 + 5.518 -> 53.64
        (AZURE / "AWR_DBW.html", 53.64),
    ],
    ids=lambda v: getattr(v, "name", str(v)),
)
def test_background_cpu_is_added_to_db_cpu_and_both_are_shown(path: object, cpu: float) -> None:
    result = imported(*sample(path))  # type: ignore[arg-type]
    assert result.prefill is not None
    assert result.prefill.workload["sizing"]["peak_cpu"] == cpu
    note = source(result, "sizing.peak_cpu")
    assert "DB CPU" in note and "+ background CPU" in note
    assert "upper bound" in note  # the host's busy CPUs (all processes)


def test_an_elapsed_of_zero_is_an_unknown_window_never_zero_minutes() -> None:
    text = (JAS / "awrrpt_1_2668_2669.txt").read_text()
    zero = text.replace("Elapsed:               60.25 (mins)", "Elapsed:                0.00 (mins)", 1)
    assert zero != text
    result = imported("zero.txt", zero.encode())
    assert result.aggregation is not None
    assert "elapsed_minutes" not in result.aggregation.facts
    assert "the window's length is unknown" in warnings(result)
    assert "bg_cpu_per_s" not in result.aggregation.rates  # seconds over an unknown window are no rate
    words = " ".join(f.source for f in result.prefill.fields if f.path.startswith(("sizing.", "io.")))  # type: ignore[union-attr]
    assert "unknown length" in words
    assert not re.search(r"\b0(\.0)? minutes", words)
    assert any("unknown-length" in flag for flag in result.aggregation.flags)


def test_a_total_printed_as_hashes_falls_back_to_database_files_saying_so() -> None:
    text = single_instance_dbs()
    cut = text.replace(
        "Total Requests:</TD>\n<TD class=awrc align=right>727.1</TD>\n<TD class=awrc align=right>638.9</TD>",
        "Total Requests:</TD>\n<TD class=awrc align=right>727.1</TD>\n<TD class=awrc align=right>#####</TD>",
    )
    assert cut != text
    result = imported("AWR_DBS.html", cut.encode())
    assert result.prefill is not None
    assert result.prefill.workload["io"]["peak_read_iops"] == 585  # Load Profile Read IO requests 584.2, rounded up
    note = source(result, "io.peak_read_iops")
    assert "printed as '#####'" in note and "may understate" in note
    # database files carry 74.3 of the 88.1 write requests per second in the same report: 84 %
    assert "database files carry 84% of write requests" in note
    # the write total was readable: its note says nothing of a fallback
    assert "database files only" not in source(result, "io.peak_write_iops")


def test_awr_miner_series_name_the_window_of_the_peak() -> None:
    result = imported(*sample(MINER / "dbcsi_awr_sample01.out"))
    note = source(result, "sizing.peak_cpu")
    # MAIN-METRICS: snap 18 (end 26/01/12 00:00) is the busiest of the 3 snaps, cpu_per_s .021 -> 0.03; its
    # cpu_per_s_max .707 is a one-minute value, said beside it
    assert result.prefill is not None and result.prefill.workload["sizing"]["peak_cpu"] == 0.03
    assert "the busiest of 3 windows" in note and "snap 18 (ending 26/01/12 00:00)" in note
    assert "its highest one-minute value was 0.707" in note
    # the host's busy CPUs: h_cpu_per_s .474 in snap 18, its one-minute high h_cpu_per_s_max 1.922
    assert "peak at 0.47 vCPUs in snap 18 (ending 26/01/12 00:00), its highest one-minute value 1.92" in note
    assert "background CPU is not in these files" in note  # AWR-Miner's bkgd_t_per_s is background time, not CPU


FIRST_DETAIL_ROW = "04-Feb 19:00:39      2.6      N/A      N/A      N/A      N/A      N/A\n"


def test_two_instances_reports_add_their_cpu_but_not_their_hosts_peaks() -> None:
    text = (JAS / "awrrpt_1_2668_2669.txt").read_text()
    # each host's Detail table split in two intervals: 3.1 % busy to 19:30:00, then the printed 2.9 % to 20:00:54
    split = text.replace(
        FIRST_DETAIL_ROW, FIRST_DETAIL_ROW + "04-Feb 19:30:00      2.3      3.1      2.5      0.6     96.9      0.0\n"
    )
    assert split != text
    files = [
        ("i1.txt", hour(split, begin=2668, instance="bpsc1", number=1)),
        ("i2.txt", hour(split, begin=2668, instance="bpsc2", number=2)),
    ]
    result = import_files(files)
    assert result.prefill is not None
    # one window, two instances: (1,234.8 + 16.5) / 3,615 x 2 = 0.34614 x 2 = 0.69228 -> 0.70
    assert result.prefill.workload["sizing"]["peak_cpu"] == 0.7
    # 3.1 % of 40 CPUs = 1.24 vCPUs in the first host's busiest interval; the two hosts' are not added
    note = source(result, "sizing.peak_cpu")
    assert "peak at 1.24 vCPUs in the interval 04-Feb 19:00:39 to 04-Feb 19:30:00" in note
    assert "the host of i1.txt only: hosts are not added up" in note


def test_one_snapshot_interval_of_os_detail_is_an_average_not_a_host_peak() -> None:
    # the 12.2 text report's Detail table holds one interval (2.9 % busy of 40 CPUs, 19:00:39 to 20:00:54): the
    # same hour's average as BUSY_TIME / (BUSY_TIME + IDLE_TIME), so it is no peak
    result = imported(*sample(JAS / "awrrpt_1_2668_2669.txt"))
    assert "host_cpu_interval_peak" not in facts(result)
    assert facts(result)["host_cpu_interval_average"].value == pytest.approx(1.16)
    note = source(result, "sizing.peak_cpu")
    # BUSY_TIME 423,547 / (423,547 + 14,040,369) x 40 = 1.1713 vCPUs over the hour
    assert "the host's busy CPUs (all processes, an upper bound) average 1.17 vCPUs over 60.25 minutes" in note
    assert "peak at" not in note
