"""A peak answer the reports can only give as an average (one window, or windows too long to show a peak) is
pre-filled with that average and marked: what the average covers, that the peak is not in the reports, confirm it or
enter the peak. Several hourly windows, or a peak the file prints inside its window, are peaks and carry no mark.
The report's Active Session History slots are told beside the CPU as evidence of the spread, never as a figure."""

from __future__ import annotations

import pytest

from advisor.awr.engine.aggregation import MetricSummary, summarise
from advisor.awr.engine.figures import Figure, Sample
from advisor.awr.engine.importer import ImportResult, import_files
from advisor.awr.engine.prefill.builder import PrefilledField
from advisor.awr.engine.prefill.peaks import average_caveat, is_peak, peak_words
from advisor.engine.sizing.need import SizingPolicy
from tests.advisor.awr.samples import AZURE, JAS, needs_samples, sample
from tests.advisor.awr.test_aggregate import hour

AWR = JAS / "awrrpt_1_2668_2669.txt"
PEAKS = ("sizing.peak_cpu", "io.peak_read_iops", "io.peak_write_iops", "io.peak_read_mib_s", "io.peak_write_mib_s")
AVERAGES = ("sizing.average_cpu", "io.sustained_read_iops", "io.sustained_write_iops", "io.redo_mib_s")
HOUR = "the average of the 60.25 minutes the report covers, snaps 2668-2669 (04-Feb-23 19:00:39 to 04-Feb-23 20:00:54)"


def fields(result: ImportResult) -> dict[str, PrefilledField]:
    assert result.prefill is not None
    return {f.path: f for f in result.prefill.fields}


def message(result: ImportResult, path: str) -> str:
    caveat = fields(result)[path].caveat
    assert caveat is not None, path
    return caveat.message


def summary(windows: int, minutes: float, *, minute: float | None = None) -> MetricSummary:
    return MetricSummary(
        metric="read_iops",
        label="Read IO requests per second (all files)",
        unit="IOPS",
        average=100.0,
        peak=100.0,
        p95=None,
        windows=windows,
        minutes=minutes,
        peak_window="snaps 1-2",
        minute_peak=minute,
    )


@needs_samples
def test_an_hours_report_prefills_each_peak_with_its_average_marked_as_one() -> None:
    result = import_files([sample(AWR)])
    got = fields(result)
    for path in PEAKS:
        caveat = got[path].caveat
        assert caveat is not None, path
        assert caveat.average_of == HOUR
        assert caveat.message.startswith(f"This is {HOUR}, not a peak; the report holds this one window only")
        assert "Keep it only if that was the busiest time; otherwise enter the peak." in caveat.message
    for path in AVERAGES:
        assert got[path].caveat is None, path  # these answers ask for the average
    # the values are the hour's averages, not scaled: Time Model (DB CPU 1,234.8 s + background 16.5 s) / 3,615 s =
    # 0.34614 -> 0.35, the same as the average answer; IO Profile Total Requests read 109.4 /s -> 110 at peak, 109
    # sustained
    assert got["sizing.peak_cpu"].value == got["sizing.average_cpu"].value == 0.35
    assert (got["io.peak_read_iops"].value, got["io.sustained_read_iops"].value) == (110, 109)


@needs_samples
def test_the_mark_states_the_sizing_policys_headroom_and_that_it_is_no_peak_allowance() -> None:
    result = import_files([sample(AWR)])
    policy = SizingPolicy()
    assert (policy.cpu_headroom_pct, policy.io_headroom_pct) == (20, 20)  # the policy's defaults, said in the mark
    assert "The sizing adds its CPU headroom (20% by default) above the answer given here" in message(
        result, "sizing.peak_cpu"
    )
    io = message(result, "io.peak_read_iops")
    assert "IO headroom (20% by default)" in io and "not an allowance for peaks the report does not show" in io


@needs_samples
def test_the_busiest_ash_slot_is_told_beside_the_cpu_only() -> None:
    result = import_files([sample(AWR)])
    assert result.aggregation is not None
    fact = result.aggregation.facts["ash_busiest_slot"]
    # Activity Over Time: 76 samples in the 4.4-minute slot from 19:00:39 = 17.27 a minute; all 13 slots hold
    # 76+49+45+9+13+7+19+9+14+10+13+18+10 = 292 samples over 4.4 + 11 x 5 + 0.9 = 60.3 minutes = 4.842 a minute;
    # 17.27 / 4.842 = 3.567 -> 3.57
    assert fact.value == pytest.approx(3.57)
    assert fact.provenance[0].row == "Slot Count, slot 19:00:39 (4.4 min)" and fact.provenance[0].printed == "76"
    cpu = message(result, "sizing.peak_cpu")
    assert "its busiest slot, 19:00:39 (4.4 min), ran at 3.57 times the window's average" in cpu
    assert "not CPU seconds" in cpu
    assert "busiest slot" not in message(result, "io.peak_read_iops")  # sessions at work are no IO rate
    assert fields(result)["sizing.peak_cpu"].value == 0.35  # evidence only: the value stays the average (above)


@needs_samples
def test_a_short_last_slot_is_not_compared() -> None:
    text = AWR.read_text().replace("20:00:00   (54 secs)       10", "20:00:00   (54 secs)       60", 1)
    assert text != AWR.read_text()
    result = import_files([("short.txt", text.encode())])
    assert result.aggregation is not None
    fact = result.aggregation.facts["ash_busiest_slot"]
    # 60 samples in 0.9 minutes (66.7 a minute) would be the busiest, but the slot is shorter than half the longest
    # (5 minutes): 19:00:39 stays the busiest, against 342 samples over 60.3 minutes (5.672 a minute): 3.045 -> 3.04
    assert fact.provenance[0].row == "Slot Count, slot 19:00:39 (4.4 min)"
    assert fact.value == pytest.approx(76 / 4.4 / (342 / 60.3), abs=0.005)


@needs_samples
def test_a_slot_whose_length_cannot_be_read_gives_no_spread() -> None:
    text = AWR.read_text().replace("19:05:00   (5.0 min)", "19:05:00   (5.0 eon)", 1)
    result = import_files([("odd.txt", text.encode())])
    assert result.aggregation is not None and "ash_busiest_slot" not in result.aggregation.facts
    assert any("slot '19:05:00   (5.0 eon)': its length cannot be read" in w for w in result.files[0].warnings)
    assert "busiest slot" not in message(result, "sizing.peak_cpu")
    assert message(result, "sizing.peak_cpu").startswith(f"This is {HOUR}, not a peak")  # still marked


@needs_samples
def test_a_statspack_hour_is_marked_too() -> None:
    result = import_files([sample(JAS / "sp_70371_70372.txt")])
    for path in PEAKS:
        assert message(result, path).startswith("This is the average of the 60.02 minutes the report covers"), path
    assert "busiest slot" not in message(result, "sizing.peak_cpu")  # Statspack prints no Activity Over Time


@needs_samples
def test_several_hourly_reports_give_peaks_and_no_mark() -> None:
    text = AWR.read_text()
    seconds = ("1,084.5", "5,422.5", "3,253.5")  # Time Model DB CPU over 3,615 s: 0.3, 1.5 and 0.9 per second
    files = [(f"h{i}.txt", hour(text, begin=2668 + i, cpu_s=cpu)) for i, cpu in enumerate(seconds)]
    got = fields(import_files(files))
    assert got["sizing.peak_cpu"].value == 1.51  # the busiest hour (test_aggregate), as before
    assert all(f.caveat is None for f in got.values())


@needs_samples
def test_two_instances_reports_of_one_hour_are_marked_as_the_reports_average() -> None:
    text = AWR.read_text()
    files = [
        ("i1.txt", hour(text, begin=2668, instance="bpsc1", number=1)),
        ("i2.txt", hour(text, begin=2668, instance="bpsc2", number=2)),
    ]
    result = import_files(files)
    cpu = message(result, "sizing.peak_cpu")
    assert cpu.startswith("This is the average of the 60.25 minutes the reports cover, snaps 2668-2669")
    assert "the reports hold this one window only, so they show neither" in cpu
    assert "busiest slot" not in cpu  # one instance's session samples do not show the database's spread


@needs_samples
def test_a_weeks_report_asks_for_the_peak() -> None:
    result = import_files([sample(AZURE / "AWR_DBW.html")])
    cpu = message(result, "sizing.peak_cpu")
    assert cpu.startswith("This is the average of the 7.0 days the report covers, snaps ")
    assert "over so long a window peaks are averaged away, and the report prints none. Enter the peak" in cpu
    assert "Keep it only if" not in cpu


def test_several_long_windows_are_the_highest_average_not_a_peak() -> None:
    caveat = average_caveat(summary(2, 2 * 4320.0), cpu=False, files=2)
    assert caveat is not None
    assert caveat.average_of == "the highest of 2 averages over windows of about 3.0 days each"
    assert "the reports print none" in caveat.message and "peaks the reports do not show" in caveat.message


def test_a_window_of_unknown_length_is_said_to_be_one() -> None:
    caveat = average_caveat(summary(1, 0.0), cpu=True)
    assert caveat is not None
    assert caveat.average_of == "the average over the window the report covers, snaps 1-2 (its length is not printed)"
    assert "Keep it only if that was the busiest time" in caveat.message


def test_hourly_windows_are_peaks_and_a_one_minute_maximum_is_not() -> None:
    assert is_peak(summary(3, 180.0)) and average_caveat(summary(3, 180.0), cpu=True) is None
    assert not is_peak(summary(1, 60.0)) and not is_peak(summary(2, 2 * 4320.0))
    # one window whose file prints its highest one-minute value (AWR-Miner's *_max): still an hour's average, marked
    assert not is_peak(summary(1, 60.0, minute=400.0))
    assert average_caveat(summary(1, 60.0, minute=400.0), cpu=True) is not None
    assert peak_words(summary(1, 60.0, minute=400.0)).startswith(
        "an average over 60 minutes, not a peak (the report holds one window); its highest one-minute value was 400"
    )


def test_the_peak_is_the_busiest_windows_average_and_its_one_minute_maximum_is_kept_beside_it() -> None:
    def window(name: str, value: float, most: float | None) -> Sample:
        return Sample(
            window=name, minutes=60.0, figures={"read_iops": Figure(metric="read_iops", value=value, peak=most)}
        )

    # hour a: average 10, one-minute high 400; hour b: average 30, one-minute high 40; hour c: average 5, none
    got = summarise([window("a", 10.0, 400.0), window("b", 30.0, 40.0), window("c", 5.0, None)])["read_iops"]
    # the busiest hour is b (30); its one-minute high 40; the highest one-minute value of any hour is a's 400
    assert (got.peak, got.peak_window, got.minute_peak) == (30.0, "b", 40.0)
    assert (got.top_minute, got.top_minute_window) == (400.0, "a")
    words = peak_words(got)
    assert words.startswith("the busiest of 3 windows (3.0 hours in all), b; P95 ")
    assert "its highest one-minute value was 40 " in words
    assert words.endswith("the highest one-minute value of any snapshot was 400, a")
