"""Host CPU per snapshot interval, from "Operating System Statistics - Detail": peak, P95 and average with windows.

Pure Python. The Detail table prints one row per snapshot; a row's %busy covers the interval that ends at its snap
time and starts at the row before (the first row has none). Busy CPUs = %busy / 100 x NUM_CPUS: every process on
the host, so an upper bound of what the database uses. The figures are facts of the file:

- ``host_cpu_interval_peak``: the busiest interval, its window in the provenance row and the note (two intervals or
  more: a report of one snapshot interval prints that interval's average, which is no peak);
- ``host_cpu_interval_p95``: the 95th percentile of the intervals (two or more);
- ``host_cpu_interval_average``: the mean of the intervals (they are the snapshot interval long each).

Bad input leaves figures out with a warning, never invents one: a %busy outside 0-100 drops that interval; a
table that stops before the report's end snap is said to cover less; intervals whose busiest one is below the
whole window's average (BUSY_TIME over BUSY_TIME + IDLE_TIME) contradict the totals, and no peak is given.
"""

from __future__ import annotations

from dataclasses import dataclass

from advisor.awr.engine.aggregation import percentile
from advisor.awr.engine.collector import Collector
from advisor.awr.engine.figures import Figure, Provenance
from advisor.awr.engine.text.common import spans

DETAIL = "Operating System Statistics - Detail"


@dataclass(frozen=True)
class Interval:
    start: str
    end: str
    busy_pct: float
    printed: str


def intervals_from_rows(c: Collector, rows: list[tuple[str, str]], section: str) -> list[Interval]:
    """(snap time, printed %busy) rows, in order, as intervals; the first row (or a blank %busy) only opens one."""
    out: list[Interval] = []
    previous: str | None = None
    for time, printed in rows:
        value = None
        if previous is not None and printed.strip() and printed.strip().upper() != "N/A":
            value = c.number(section, f"%busy at {time}", printed)
            if value is not None and not 0 <= value <= 100:
                c.warnings.append(
                    f"{section} / %busy at {time}: printed '{printed}', outside 0-100 %; that interval left out"
                )
                value = None
        if value is not None and previous is not None:
            out.append(Interval(start=previous, end=time, busy_pct=value, printed=printed.strip()))
        previous = time
    return out


def html_rows(table: object) -> list[tuple[str, str]]:
    """(Snap Time, %busy) of an HTML Detail table (``html.tables.Table``)."""
    rows = getattr(table, "rows", ())
    if not rows:
        return []
    head = [h.lower() for h in rows[0]]
    if "snap time" not in head or "%busy" not in head:
        return []
    t, b = head.index("snap time"), head.index("%busy")
    return [(r[t], r[b] if len(r) > b else "") for r in rows[1:] if len(r) > t and r[t]]


def text_rows(lines: list[str], title: str) -> list[tuple[str, str]]:
    """(snap time, %busy) of a text Detail section (AWR "Snap Time ... %busy", Statspack "Day Time ... %Busy")."""
    start = next((i for i, line in enumerate(lines) if line.lower().startswith(title.lower())), -1)
    if start < 0:
        return []
    rule = next((i for i in range(start + 1, min(start + 8, len(lines))) if lines[i].startswith("---")), -1)
    if rule < 0:
        return []
    cuts = spans(lines[rule])
    header = lines[rule - 1]
    names = [header[a : cuts[k + 1][0] if k + 1 < len(cuts) else None].strip().lower() for k, (a, _) in enumerate(cuts)]
    time_col = next((k for k, n in enumerate(names) if n.endswith("time")), -1)
    busy_col = next((k for k, n in enumerate(names) if n == "%busy"), -1)
    if time_col < 0 or busy_col < 0:
        return []
    out = []
    for line in lines[rule + 1 :]:
        if not line.strip() or line.lstrip().startswith("---"):
            break
        cells = [line[a : cuts[k + 1][0] if k + 1 < len(cuts) else None].strip() for k, (a, _) in enumerate(cuts)]
        if cells[time_col]:
            out.append((cells[time_col], cells[busy_col]))
    return out


def read_detail(
    c: Collector,
    rows: list[tuple[str, str]],
    section: str,
    *,
    end_snap: str | None = None,
    cut: bool = False,
) -> None:
    """Intervals of a Detail table as facts (see the module). ``end_snap``: the report's end snap time as printed,
    to tell a table cut short; ``cut``: the file itself is cut, so its last row may be too."""
    cpus = c.facts.get("host_cpus")
    intervals = intervals_from_rows(c, rows, section)
    if not intervals:
        return
    if cpus is None or not float(cpus.value):
        c.warnings.append(f"{section}: NUM_CPUS is not printed, so busy CPUs per interval are not worked out")
        return
    if cut:
        dropped = intervals.pop()
        c.warnings.append(
            f"{section}: the file is cut short; the last interval ({dropped.start} to {dropped.end}) may be cut too "
            "and is left out"
        )
    if not intervals:
        return
    short = ""
    last = intervals[-1].end
    if cut or (end_snap and not _same_time(last, end_snap)):
        short = f"; the table stops at {last}, before the report's end snap"
        c.warnings.append(
            f"{section}: the intervals stop at {last}, before the report's end snap"
            + (f" {end_snap}" if end_snap else "")
            + "; peak, P95 and average cover the intervals printed"
        )
    n = float(cpus.value)
    whole = _whole_window_pct(c)
    busiest = max(intervals, key=lambda i: i.busy_pct)
    if whole is not None and busiest.busy_pct + _last_digit(busiest.printed) < whole:
        c.warnings.append(
            f"{section}: the busiest interval ({busiest.busy_pct:g} % busy) is below the whole window's average "
            f"({whole:.2f} % from BUSY_TIME and IDLE_TIME); the intervals contradict the totals, no per-interval "
            "peak is given"
        )
        return
    span = f"{len(intervals)} snapshot interval{'s' if len(intervals) != 1 else ''} from {intervals[0].start} to {intervals[-1].end}{short}"
    values = [i.busy_pct for i in intervals]
    if len(values) >= 2:
        _put(
            c,
            "host_cpu_interval_peak",
            _vcpus(busiest.busy_pct, n),
            section,
            f"%busy, interval {busiest.start} to {busiest.end}",
            busiest.printed,
            f"busiest of {span}: {busiest.busy_pct:g} % of {n:g} CPUs, {busiest.start} to {busiest.end}",
        )
    if len(values) >= 2:
        p95 = percentile(values, 95)
        _put(
            c,
            "host_cpu_interval_p95",
            _vcpus(p95, n),
            section,
            "%busy, 95th percentile of the intervals",
            f"{p95:.2f} %",
            f"95th percentile of {span}: {p95:.2f} % of {n:g} CPUs",
        )
    mean = sum(values) / len(values)
    _put(
        c,
        "host_cpu_interval_average",
        _vcpus(mean, n),
        section,
        "%busy, mean of the intervals",
        f"{mean:.2f} %",
        f"mean of {span}: {mean:.2f} % of {n:g} CPUs",
    )


def _last_digit(printed: str) -> float:
    """One unit of the last printed digit ('2.9' -> 0.1, '73.50' -> 0.01): what printing may have rounded away."""
    decimals = len(printed.split(".")[1]) if "." in printed else 0
    return 10.0**-decimals


def _vcpus(pct: float, cpus: float) -> float:
    return round(pct / 100 * cpus, 4)


def _put(c: Collector, metric: str, value: float, section: str, row: str, printed: str, note: str) -> None:
    c.facts[metric] = Figure(
        metric=metric,
        value=value,
        unit="vCPUs",
        provenance=(Provenance(file=c.file, section=section, row=row, printed=printed),),
        note=note,
    )


def _whole_window_pct(c: Collector) -> float | None:
    """The window's %busy from BUSY_TIME / (BUSY_TIME + IDLE_TIME), when the parser read it."""
    busy, cpus = c.rates.get("host_busy_cpus"), c.facts.get("host_cpus")
    if busy is None or cpus is None or not float(cpus.value):
        return None
    return float(busy.value) / float(cpus.value) * 100


def _same_time(detail: str, snap: str) -> bool:
    """'26-Jan 10:00:35' (AWR Detail) or 'Sun 14 01:37:43' (Statspack) against '26-Jan-22 10:00:35' (Snapshot):
    the same day and clock time."""
    d, s = detail.split(), snap.split()
    if len(d) < 2 or len(s) < 2:
        return True  # not comparable: not said to be cut short
    return d[-1] == s[-1] and s[0].startswith(d[-2])
