"""What every parser shares: collecting figures with provenance, per metric, degrading per metric.

Pure Python. A value that cannot be read adds a warning naming the section, row and printed text; the other
metrics of the file are still read.
"""

from __future__ import annotations

import math
import re

from advisor.awr.engine import metrics
from advisor.awr.engine.figures import Figure as Fig
from advisor.awr.engine.figures import FileExtraction, Identity, Provenance, Sample, Window, figure
from advisor.awr.engine.numbers import parse_number, parse_scaled, unreadable

MIB = 1024.0 * 1024.0
COUNTS = frozenset(
    {"host_cpus", "host_cores", "host_sockets", "pdb_count", "pdbs_counted", "instance_count", "multiblock_read_count"}
)
# facts that may be below zero: a database can shrink over the window; every other figure is a rate, a size or a count
MAY_BE_NEGATIVE = frozenset({"db_growth_gib"})


def refusal(metric: str, value: object) -> str | None:
    """Why a figure cannot be right (a rate, size or count below zero, or not finite), or None when it can."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if not math.isfinite(value):
        return "is not a finite number"
    if value < 0 and metric not in MAY_BE_NEGATIVE:
        return "is below zero, which a rate, size or count cannot be"
    return None


class Collector:
    def __init__(self, file: str, kind: str) -> None:
        self.file, self.kind = file, kind
        self.facts: dict[str, Fig] = {}
        self.rates: dict[str, Fig] = {}
        # a rate read again from another section (the Load Profile's DB CPU(s) after the Time Model's seconds): kept
        # aside, to stand in when the first is left out at a file's cut
        self.spares: dict[str, Fig] = {}
        self.warnings: list[str] = []
        self.samples: list[Sample] = []

    def number(self, section: str, row: str, printed: str | None, *, scaled: bool = False) -> float | None:
        if printed is None or not printed.strip():
            return None
        value = parse_scaled(printed, binary=True) if scaled else parse_number(printed)
        if value is None:
            why = unreadable(printed[:-1] if scaled and printed.strip()[-1:].isalpha() else printed)
            shown = printed.strip() if len(printed.strip()) <= 40 else printed.strip()[:40] + "…"
            self.warnings.append(f"{section} / {row}: printed '{shown}' {why}; left out")
        return value

    def refused(self, metric: str, value: object, section: str, row: str, printed: str) -> bool:
        """True (with a warning naming the figure) when ``value`` cannot be a figure of ``metric``."""
        why = refusal(metric, value)
        if why:
            shown = printed if len(printed) <= 40 else printed[:40] + "…"
            self.warnings.append(f"{section} / {row}: printed '{shown}' {why}; {metrics.label(metric)} left out")
        return why is not None

    def fact(
        self, metric: str, value: float | int | str | bool, section: str, row: str, printed: str, note: str = ""
    ) -> None:
        if metric in self.facts or self.refused(metric, value, section, row, printed):
            return
        if metric in COUNTS and isinstance(value, float) and value.is_integer():
            value = int(value)
        if metric not in self.facts:
            self.facts[metric] = figure(metric, value, metrics.unit(metric), self.file, section, row, printed, note)

    def rate(
        self,
        metric: str,
        value: float,
        section: str,
        row: str,
        printed: str,
        note: str = "",
        per_instance: dict[str, float] | None = None,
    ) -> None:
        spare = metric in self.rates
        if refusal(metric, value) if spare else self.refused(metric, value, section, row, printed):
            return
        made = figure(metric, value, metrics.unit(metric), self.file, section, row, printed, note)
        if per_instance:
            made = made.model_copy(update={"per_instance": per_instance})
        (self.spares if spare else self.rates).setdefault(metric, made)

    def read_fact(self, metric: str, section: str, row: str, printed: str | None, factor: float = 1.0) -> None:
        value = self.number(section, row, printed)
        if value is not None and printed is not None:
            self.fact(metric, round(value * factor, 6), section, row, printed.strip())

    def read_rate(self, metric: str, section: str, row: str, printed: str | None, factor: float = 1.0) -> None:
        value = self.number(section, row, printed)
        if value is not None and printed is not None:
            self.rate(metric, round(value * factor, 6), section, row, printed.strip())
        elif printed and set(printed.strip()) == {"#"} and f"{metric}_unreadable" in metrics.FACTS:
            self.fact(f"{metric}_unreadable", printed.strip(), section, row, printed.strip())

    def add_window_sample(self, window: Window | str, minutes: float, instance: str | None) -> None:
        """The rates collected so far become one sample (the report's window)."""
        self.check_contradictions()
        span = window if isinstance(window, Window) else Window(label=window)
        if self.rates:
            self.samples.append(
                Sample(
                    window=span.label,
                    minutes=minutes,
                    instance=instance,
                    figures=dict(self.rates),
                    snaps=span.snaps,
                    begin=span.begin,
                    end=span.end,
                )
            )
        self.rates, self.spares = {}, {}

    def truncated(self, tail: str) -> None:
        """The file stops without 'End of Report': say so, and leave out every figure printed as the last number
        before the cut (``tail`` is the file's end): "584.2" cut to "58" would read as 58. A figure worked out from
        it ("1,23 s / (60.25 min x 60)") is left out too; a rate read fully from another section stands in."""
        self.warnings.append("truncated: no 'End of Report' at the end of the file; figures after the cut are missing")
        last = _LAST_NUMBER.search(_TAG.sub(" ", tail[-4096:]).replace("&nbsp;", " "))
        if last is None:
            return
        cut = last.group(1)
        for figures in (self.rates, self.facts):
            for metric, fig in list(figures.items()):
                if isinstance(fig.value, bool) or not any(_printed(p, cut) for p in fig.provenance):
                    continue
                spare = self.spares.pop(metric, None) if figures is self.rates else None
                if spare is not None and any(_printed(p, cut) for p in spare.provenance):
                    spare = None
                self.warnings.append(
                    f"{_where(fig.provenance[0])}: the file is cut right after this figure, which may be cut short; "
                    + (f"{_where(spare.provenance[0])} used instead" if spare else f"{metrics.label(metric)} left out")
                )
                if spare is None:
                    del figures[metric]
                else:
                    figures[metric] = spare

    def check_peaks(self, figures: dict[str, Fig]) -> None:
        """A window's average above its own peak (AWR-Miner ``read_iops`` above ``read_iops_max``) cannot be right:
        that figure of that window is left out, with a warning naming both."""
        for metric, fig in list(figures.items()):
            if fig.peak is not None and float(fig.value) > fig.peak:
                self.warnings.append(
                    f"{_where(fig.provenance[0])}: the average {fig.value:g} is above the window's own peak "
                    f"{fig.peak:g}; {metrics.label(metric)} of this window left out"
                )
                del figures[metric]

    def check_contradictions(self) -> None:
        """IO requests without bytes (or bytes without requests) cannot both be right: drop both, say why; an
        average above its own peak neither (``check_peaks``).

        The smallest Oracle block is 2 KiB, so N requests per second move at least N x 2 KiB per second; when
        that would print as 0.1 MB/s or more and the report prints 0, the figures contradict each other."""
        self.check_peaks(self.rates)
        for kind in ("read", "write"):
            for suffix in ("", "_db"):
                iops, mib = self.rates.get(f"{kind}_iops{suffix}"), self.rates.get(f"{kind}_mib_s{suffix}")
                if iops is None or mib is None:
                    continue
                least_mib = float(iops.value) * 2 / 1024
                if (least_mib >= 0.05 and float(mib.value) == 0) or (float(mib.value) > 0 and float(iops.value) == 0):
                    self.warnings.append(
                        f"{kind} IO figures contradict each other: {iops.value:g} requests/s but {mib.value:g} MiB/s "
                        f"({_where(iops.provenance[0])}; {_where(mib.provenance[0])}); both left out"
                    )
                    del self.rates[f"{kind}_iops{suffix}"], self.rates[f"{kind}_mib_s{suffix}"]

    def result(self, identity: Identity) -> FileExtraction:
        return FileExtraction(
            file=self.file,
            kind=self.kind,
            identity=identity,
            samples=tuple(self.samples),
            facts=dict(self.facts),
            warnings=tuple(self.warnings),
        )


_TAG = re.compile(r"<[^>]*>?")
_LAST_NUMBER = re.compile(r"([+-]?[\d][\d.,]*)[^\d]*$")


def _printed(p: Provenance, cut: str) -> bool:
    """True when ``p`` printed ``cut``, alone or as the first figure of a sum ('1,23 s / (60.25 min x 60)')."""
    return p.printed == cut or p.printed.startswith(f"{cut} ")


def _where(p: Provenance) -> str:
    return f"{p.section} / {p.row} '{p.printed}'"
