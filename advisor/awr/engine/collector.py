"""What every parser shares: collecting figures with provenance, per metric, degrading per metric.

Pure Python. A value that cannot be read adds a warning naming the section, row and printed text; the other
metrics of the file are still read.
"""

from __future__ import annotations

from advisor.awr.engine import metrics
from advisor.awr.engine.figures import Figure as Fig
from advisor.awr.engine.figures import FileExtraction, Identity, Provenance, Sample, figure
from advisor.awr.engine.numbers import parse_number, parse_scaled

MIB = 1024.0 * 1024.0
COUNTS = frozenset(
    {"host_cpus", "host_cores", "host_sockets", "pdb_count", "pdbs_counted", "instance_count", "multiblock_read_count"}
)


class Collector:
    def __init__(self, file: str, kind: str) -> None:
        self.file, self.kind = file, kind
        self.facts: dict[str, Fig] = {}
        self.rates: dict[str, Fig] = {}
        self.warnings: list[str] = []
        self.samples: list[Sample] = []

    def number(self, section: str, row: str, printed: str | None, *, scaled: bool = False) -> float | None:
        if printed is None or not printed.strip():
            return None
        value = parse_scaled(printed, binary=True) if scaled else parse_number(printed)
        if value is None:
            self.warnings.append(f"{section} / {row}: printed '{printed.strip()}' is not a number that can be read")
        return value

    def fact(
        self, metric: str, value: float | int | str | bool, section: str, row: str, printed: str, note: str = ""
    ) -> None:
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
        if metric not in self.rates:
            made = figure(metric, value, metrics.unit(metric), self.file, section, row, printed, note)
            if per_instance:
                made = made.model_copy(update={"per_instance": per_instance})
            self.rates[metric] = made

    def read_fact(self, metric: str, section: str, row: str, printed: str | None, factor: float = 1.0) -> None:
        value = self.number(section, row, printed)
        if value is not None and printed is not None:
            self.fact(metric, round(value * factor, 6), section, row, printed.strip())

    def read_rate(self, metric: str, section: str, row: str, printed: str | None, factor: float = 1.0) -> None:
        value = self.number(section, row, printed)
        if value is not None and printed is not None:
            self.rate(metric, round(value * factor, 6), section, row, printed.strip())

    def add_window_sample(self, window: str, minutes: float, instance: str | None) -> None:
        """The rates collected so far become one sample (the report's window)."""
        self.check_contradictions()
        if self.rates:
            self.samples.append(Sample(window=window, minutes=minutes, instance=instance, figures=dict(self.rates)))
        self.rates = {}

    def check_contradictions(self) -> None:
        """IO requests without bytes (or bytes without requests) cannot both be right: drop both, say why.

        The smallest Oracle block is 2 KiB, so N requests per second move at least N x 2 KiB per second; when
        that would print as 0.1 MB/s or more and the report prints 0, the figures contradict each other."""
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


def _where(p: Provenance) -> str:
    return f"{p.section} / {p.row} '{p.printed}'"
