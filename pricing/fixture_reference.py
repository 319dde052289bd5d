"""us-east-1 prices read from the tables of pricing-notes §4 (§4c EBS, §4d RDS storage and more, §4a instance
classes VI21 lacks, BYOL only), each row citing the table and the keys and dates of its sources. The cells are
matched against patterns, so a changed cell stops the build rather than being misread. Pure Python: no Django.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from pricing.engine.rows import PriceRow
from pricing.fixture_vi21 import ORACLE_ENGINE_CODES
from pricing.price_fixtures import BuildReport, FixtureSourceError, multi_az_estimate

NOTES_FILE = "reference/pricing-notes.md"


def _section(notes: str, heading: str) -> str:
    start = notes.find(heading)
    if start < 0:
        raise FixtureSourceError(f"pricing-notes: no heading {heading!r}")
    end = min((i for i in (notes.find("\n### ", start + 1), notes.find("\n---", start + 1)) if i > 0), default=None)
    return notes[start:end]


def _table(text: str) -> list[list[str]]:
    rows = []
    for line in text.splitlines():
        if line.startswith("|") and not re.fullmatch(r"\|[\s|:-]+\|", line.strip()):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


def _cells(notes: str, heading: str, column: str) -> dict[str, str]:
    """First column -> the cell under ``column`` of the table under ``heading``."""
    table = _table(_section(notes, heading))
    header = table[0]
    if column not in header:
        raise FixtureSourceError(f"pricing-notes {heading!r}: no column {column!r} in {header}")
    index = header.index(column)
    return {row[0]: row[index] for row in table[1:]}


@dataclass(frozen=True)
class SourceDates:
    """The as-of text of each source key (pricing-notes §4's key table)."""

    text: dict[str, str]
    notes: str

    @classmethod
    def parse(cls, notes: str) -> SourceDates:
        table = _table(_section(notes, "## 4. Price list"))
        keys = {row[0].strip("*"): row[-1] for row in table if row[0].startswith("**")}
        return cls(keys, notes)

    def notes_date(self) -> str:
        found = re.search(r"Research note, (\d{4}-\d{2}-\d{2})", self.notes)
        if not found:
            raise FixtureSourceError("pricing-notes: no 'Research note, YYYY-MM-DD' date")
        return found.group(1)

    def date_text(self, key: str, service: str) -> str:
        text = self.text.get(key)
        if text is None:  # a key cited without a row of its own, e.g. "(C1, 2026-07)" in §4a
            found = re.search(rf"\({re.escape(key)}, (\d{{4}}-\d{{2}}(?:-\d{{2}})?)\)", self.notes)
            if not found:
                raise FixtureSourceError(f"pricing-notes: no date for source key {key}")
            return found.group(1)
        if ";" in text:  # IC: "DB 2026-05-03; EBS/EC2 2024-07-01"
            wanted = "DB" if service == "AmazonRDS" else "EBS"
            part = next((p for p in text.split(";") if p.strip().startswith(wanted)), None)
            if part is None:
                raise FixtureSourceError(f"pricing-notes: no {wanted} date for {key} in {text!r}")
            text = part
        found = re.search(r"\d{4}-\d{2}(?:-\d{2})?", text)
        if not found:
            raise FixtureSourceError(f"pricing-notes: no date for {key} in {text!r}")
        return found.group(0)


def _as_date(text: str) -> date:
    return date.fromisoformat(text if len(text) == 10 else f"{text}-01")  # a month-only date: its first day


def _cite(dates: SourceDates, section: str, sources: str, service: str) -> tuple[str, date]:
    """'IC; LIVE26' -> ('pricing-notes §4d (IC 2026-05-03; LIVE26 2026-07-28)', the latest date).

    Keys are separated by ';' or ','; 'from C1' names C1; a year after a key ('IC 2026') is the key's own."""
    keys: list[str] = []
    for part in re.split(r"[;,]", sources):
        token = re.sub(r"^from ", "", part.strip())
        if token and not re.fullmatch(r"\d{4}(-\d{2}){0,2}", token):  # '(C1, 2026-07)': the date is C1's
            keys.append(token.split()[0])
    if not keys:
        raise FixtureSourceError(f"pricing-notes §{section}: no source key in {sources!r}")
    cited = [(key, dates.date_text(key, service)) for key in keys]
    text = "; ".join(f"{key} {when}" for key, when in cited)
    return f"pricing-notes §{section} ({text})", max(_as_date(when) for _, when in cited)


@dataclass(frozen=True)
class Line:
    """One row a table cell yields: the named price in the cell's pattern, and what AWS calls the product."""

    name: str
    slug: str
    family: str
    unit: str
    attributes: dict[str, str]
    scale: Decimal = Decimal(1)  # e.g. $ per 1M I/O -> $ per I/O
    double_of: str | None = None  # derived: 2 x another line of the cell (estimated)
    inferred: str = ""  # the notes mark this figure as inferred (estimated)


@dataclass(frozen=True)
class Cell:
    section: str
    item: str
    pattern: str
    lines: tuple[Line, ...]


def _rds(usagetype: str, deployment: str | None, **more: str) -> dict[str, str]:
    attributes = {"databaseEngine": "Any", "regionCode": "us-east-1", "usagetype": usagetype, **more}
    if deployment:
        attributes["deploymentOption"] = deployment
    return attributes


def _ebs(usagetype: str, api_name: str, **more: str) -> dict[str, str]:
    return {"regionCode": "us-east-1", "usagetype": usagetype, "volumeApiName": api_name, **more}


P = r"(?P<{}>\d+(?:\.\d+)?)"
SRC = r" \((?P<src>[^)]*)\)"
SA, MA = "Single-AZ", "Multi-AZ"
DERIVED = "derived here: 2 x Single-AZ, as every other RDS storage price in the notes (e.g. eu-west-1 io1 0.138/0.276)"

EBS_CELLS = (
    Cell("4c", "gp2 $/GB-mo", P.format("p") + SRC, (Line("p", "gp2-storage", "Storage", "GB-Mo", _ebs("EBS:VolumeUsage.gp2", "gp2", volumeType="General Purpose")),)),
    Cell("4c", "gp3 $/GB-mo", P.format("p") + SRC, (Line("p", "gp3-storage", "Storage", "GB-Mo", _ebs("EBS:VolumeUsage.gp3", "gp3", volumeType="General Purpose")),)),
    Cell("4c", "gp3 IOPS above 3000, $/IOPS-mo", P.format("p") + SRC, (Line("p", "gp3-iops", "System Operation", "IOPS-Mo", _ebs("EBS:VolumeP-IOPS.gp3", "gp3", group="EBS IOPS")),)),
    Cell("4c", "gp3 throughput above 125 MiB/s", r"\$" + P.format("mib") + r"/MiBps-mo = \$" + P.format("p") + "/GiBps-mo" + SRC, (Line("p", "gp3-throughput", "Provisioned Throughput", "GiBps-mo", _ebs("EBS:VolumeP-Throughput.gp3", "gp3", group="EBS Throughput")),)),
    Cell("4c", "io1 $/GB-mo ; $/IOPS-mo", P.format("gb") + " ; " + P.format("iops") + SRC, (
        Line("gb", "io1-storage", "Storage", "GB-Mo", _ebs("EBS:VolumeUsage.piops", "io1", volumeType="Provisioned IOPS")),
        Line("iops", "io1-iops", "System Operation", "IOPS-Mo", _ebs("EBS:VolumeP-IOPS.piops", "io1", group="EBS IOPS")),
    )),
    Cell("4c", "io2 $/GB-mo", P.format("p") + SRC, (Line("p", "io2-storage", "Storage", "GB-month", _ebs("EBS:VolumeUsage.io2", "io2", volumeType="Provisioned IOPS")),)),
    Cell("4c", "io2 $/IOPS-mo, three tiers", P.format("t1") + " / " + P.format("t2") + " / " + P.format("t3") + SRC, (
        Line("t1", "io2-iops-tier1", "System Operation", "IOPS-Mo", _ebs("EBS:VolumeP-IOPS.io2", "io2", group="EBS IOPS")),
        Line("t2", "io2-iops-tier2", "System Operation", "IOPS-Mo", _ebs("EBS:VolumeP-IOPS.io2.tier2", "io2", group="EBS IOPS Tier 2")),
        Line("t3", "io2-iops-tier3", "System Operation", "IOPS-Mo", _ebs("EBS:VolumeP-IOPS.io2.tier3", "io2", group="EBS IOPS Tier 3")),
    )),
    Cell("4c", "st1 ; sc1 $/GB-mo", P.format("st1") + " ; " + P.format("sc1") + SRC, (
        Line("st1", "st1-storage", "Storage", "GB-Mo", _ebs("EBS:VolumeUsage.st1", "st1", volumeType="Throughput Optimized HDD")),
        Line("sc1", "sc1-storage", "Storage", "GB-Mo", _ebs("EBS:VolumeUsage.sc1", "sc1", volumeType="Cold HDD")),
    )),
    Cell("4c", "standard $/GB-mo ; $ per 1M I/O", P.format("gb") + " ; " + P.format("io") + SRC, (
        Line("gb", "standard-storage", "Storage", "GB-Mo", _ebs("EBS:VolumeUsage", "standard", volumeType="Magnetic")),
        Line("io", "standard-io", "System Operation", "IOs", _ebs("EBS:VolumeIOUsage", "standard", group="EBS I/O Requests"), scale=Decimal("0.000001")),
    )),
)  # fmt: skip

RDS_CELLS = (
    Cell("4d", "gp2 $/GB-mo", P.format("s") + " / " + P.format("m") + SRC, (
        Line("s", "gp2-storage-single-az", "Database Storage", "GB-Mo", _rds("RDS:GP2-Storage", SA, volumeType="General Purpose")),
        Line("m", "gp2-storage-multi-az", "Database Storage", "GB-Mo", _rds("RDS:Multi-AZ-GP2-Storage", MA, volumeType="General Purpose")),
    )),
    Cell("4d", "gp3 $/GB-mo", P.format("s") + " / " + P.format("m") + "; readable standbys " + P.format("r") + SRC, (
        Line("s", "gp3-storage-single-az", "Database Storage", "GB-Mo", _rds("RDS:GP3-Storage", SA, volumeType="General Purpose-GP3")),
        Line("m", "gp3-storage-multi-az", "Database Storage", "GB-Mo", _rds("RDS:Multi-AZ-GP3-Storage", MA, volumeType="General Purpose-GP3")),
        Line("r", "gp3-storage-readable-standbys", "Database Storage", "GB-Mo", _rds("RDS:Multi-AZCluster-GP3-Storage", "Multi-AZ (readable standbys)", volumeType="General Purpose-GP3")),
    )),
    Cell("4d", "gp3 IOPS above baseline, $/IOPS-mo", P.format("s") + " / " + P.format("m") + SRC, (
        Line("s", "gp3-iops-single-az", "Provisioned IOPS", "IOPS-Mo", _rds("RDS:GP3-PIOPS", SA, group="RDS-PIOPS")),
        Line("m", "gp3-iops-multi-az", "Provisioned IOPS", "IOPS-Mo", _rds("RDS:Multi-AZ-GP3-PIOPS", MA, group="RDS-PIOPS")),
    )),
    Cell("4d", "gp3 throughput above baseline, $/MiBps-mo", P.format("s") + SRC + r" / ~" + P.format("m") + r" \*\(inferred\)\*", (
        Line("s", "gp3-throughput-single-az", "Provisioned Throughput", "MBPS-Mo", _rds("RDS:GP3-Throughput", SA, group="RDS-Throughput")),
        Line("m", "gp3-throughput-multi-az", "Provisioned Throughput", "MBPS-Mo", _rds("RDS:Multi-AZ-GP3-Throughput", MA, group="RDS-Throughput"), inferred="pricing-notes §4d marks it '~0.16 (inferred)'"),
    )),
    Cell("4d", "io1 $/GB-mo ; $/IOPS-mo", P.format("gb") + " ; " + P.format("iops") + SRC + r", Multi-AZ ×2 \*\(inferred\)\*", (
        Line("gb", "io1-storage-single-az", "Database Storage", "GB-Mo", _rds("RDS:PIOPS-Storage", SA, volumeType="Provisioned IOPS")),
        Line("iops", "io1-iops-single-az", "Provisioned IOPS", "IOPS-Mo", _rds("RDS:PIOPS", SA, group="RDS-PIOPS")),
        Line("gb", "io1-storage-multi-az", "Database Storage", "GB-Mo", _rds("RDS:Multi-AZ-PIOPS-Storage", MA, volumeType="Provisioned IOPS"), double_of="gb", inferred="pricing-notes §4d: 'Multi-AZ ×2 (inferred)'"),
        Line("iops", "io1-iops-multi-az", "Provisioned IOPS", "IOPS-Mo", _rds("RDS:Multi-AZ-PIOPS", MA, group="RDS-PIOPS"), double_of="iops", inferred="pricing-notes §4d: 'Multi-AZ ×2 (inferred)'"),
    )),
    Cell("4d", "io2 $/GB-mo ; $/IOPS-mo", P.format("gb") + " ; " + P.format("iops") + ", flat" + SRC, (
        Line("gb", "io2-storage-single-az", "Database Storage", "GB-Mo", {"databaseEngine": "Any", "regionCode": "us-east-1", "deploymentOption": SA, "volumeType": "Provisioned IOPS-IO2"}),
        Line("iops", "io2-iops-single-az", "Provisioned IOPS", "IOPS-Mo", _rds("RDS:IO2-PIOPS", SA)),
        Line("gb", "io2-storage-multi-az", "Database Storage", "GB-Mo", {"databaseEngine": "Any", "regionCode": "us-east-1", "deploymentOption": MA, "volumeType": "Provisioned IOPS-IO2"}, double_of="gb", inferred=DERIVED),
        Line("iops", "io2-iops-multi-az", "Provisioned IOPS", "IOPS-Mo", _rds("RDS:Multi-AZ-IO2-PIOPS", MA), double_of="iops", inferred=DERIVED),
    )),
    Cell("4d", "magnetic $/GB-mo ; $ per 1M I/O", P.format("gb") + " ; " + P.format("io") + SRC, (
        Line("gb", "magnetic-storage-single-az", "Database Storage", "GB-Mo", _rds("RDS:StorageUsage", SA, volumeType="Magnetic")),
        Line("gb", "magnetic-storage-multi-az", "Database Storage", "GB-Mo", _rds("RDS:Multi-AZ-StorageUsage", MA, volumeType="Magnetic"), double_of="gb", inferred=DERIVED),
        Line("io", "magnetic-io", "System Operation", "IOs", _rds("RDS:StorageIOUsage", None, group="RDS I/O Operation", volumeType="Magnetic"), scale=Decimal("0.000001")),
    )),
    Cell("4d", "backup beyond the free 100% of storage, $/GB-mo", P.format("p") + SRC, (
        Line("p", "backup-storage", "Storage Snapshot", "GB-Mo", _rds("RDS:ChargedBackupUsage", SA)),
    )),
    Cell("4d", "Performance Insights LTR, per vCPU-mo", "m5 " + P.format("m5") + " ; t3 " + P.format("t3") + SRC, (
        Line("m5", "performance-insights-ltr-m5", "Performance Insights", "vCPU-Months", _rds("PI_LTR:M5", None)),
        Line("t3", "performance-insights-ltr-t3", "Performance Insights", "vCPU-Months", _rds("PI_LTR:T3", None)),
    )),
)  # fmt: skip

# Cells read but not turned into rows, and why (reported as not sourced).
NOT_PRICED = {
    ("4c", "snapshot $/GB-mo"): "EBS snapshot storage in us-east-1: the notes have no figure ('–')",
    ("4d", "Performance Insights API"): "Performance Insights API calls in us-east-1: $0.01 per 1000 calls (IC), "
    "but no AWS unit or usagetype for it in a stored source",
    ("4d", "Database Insights advanced"): "Database Insights advanced in us-east-1: $0.0125 per vCPU-h from C1b, "
    "a source with no date and no AWS family/unit in the notes",
}
INSTANCE_COLUMN = "us-east-1 BYOL (EE or SE2)"
INSTANCE_CELL = re.compile(
    r"\**" + P.format("p") + r"\**(?: / " + P.format("m") + r")?"
    r"(?: \((?P<src>[^)]*)\)| \*\(inferred: (?P<why>[^)]*)\)\*)"
)


def _cell_rows(cell: Cell, text: str, dates: SourceDates, service: str) -> list[PriceRow]:
    found = re.match(cell.pattern, text)
    if not found:
        raise FixtureSourceError(f"pricing-notes §{cell.section} {cell.item!r}: us-east-1 cell changed: {text!r}")
    source, as_of = _cite(dates, cell.section, found.group("src"), service)
    if "mib" in found.groupdict():  # the cell states both units; they must agree
        if Decimal(found.group("mib")) * 1024 != Decimal(found.group("p")):
            raise FixtureSourceError(f"pricing-notes §{cell.section} {cell.item!r}: MiBps and GiBps prices disagree")
    rows = []
    for line in cell.lines:
        price = Decimal(found.group(line.name)) * line.scale * (2 if line.double_of else 1)
        note = ""
        if line.inferred:
            note = f"{line.inferred}."
            if line.double_of:
                note = f"2 x the Single-AZ {found.group(line.double_of)}: {note}"
        rows.append(
            PriceRow(
                service=service,  # type: ignore[arg-type]
                region="us-east-1",
                sku=f"REF-{cell.section}-us-east-1-{line.slug}",
                product_family=line.family,
                attributes=line.attributes,
                unit=line.unit,
                price_usd=price.normalize(),
                description=f"pricing-notes §{cell.section} '{cell.item}', us-east-1: {text}",
                source=source,
                as_of=as_of,
                estimated=bool(line.inferred),
                estimate_note=note,
            )
        )
    return rows


def reference_rows(notes: str, *, vi21_us_east_1: set[tuple[str, str]], report: BuildReport) -> list[PriceRow]:
    """us-east-1 rows from pricing-notes §4c (EBS), §4d (RDS storage and more) and §4a (instance classes VI21
    lacks, BYOL only); ``vi21_us_east_1`` holds the (class, engine code) pairs VI21 already prices there."""
    dates = SourceDates.parse(notes)
    rows: list[PriceRow] = []
    for heading, cells, service in (
        ("### 4c. EBS", EBS_CELLS, "AmazonEC2"),
        ("### 4d. RDS storage", RDS_CELLS, "AmazonRDS"),
    ):
        table = _cells(notes, heading, "us-east-1")
        section = cells[0].section
        for cell in cells:
            if cell.item not in table:
                raise FixtureSourceError(f"pricing-notes §{section}: no row {cell.item!r}")
            rows += _cell_rows(cell, table[cell.item], dates, service)
        for item in table:
            if (section, item) in NOT_PRICED:
                report.unsourced.append(NOT_PRICED[(section, item)])
            elif not any(cell.item == item for cell in cells):
                raise FixtureSourceError(f"pricing-notes §{section}: a row the generator does not know: {item!r}")
    instances = _cells(notes, "### 4a. RDS for Oracle instance-hours", INSTANCE_COLUMN)
    licence_included = _cells(notes, "### 4a. RDS for Oracle instance-hours", "us-east-1 SE2 LI")
    for instance_type, text in instances.items():
        codes = [code for code in ("5", "19") if (instance_type, code) not in vi21_us_east_1]
        if not codes:
            continue
        found = INSTANCE_CELL.match(text)
        if not found:
            raise FixtureSourceError(f"pricing-notes §4a {instance_type}: us-east-1 BYOL cell changed: {text!r}")
        if found.group("src"):
            source, as_of = _cite(dates, "4a", found.group("src"), "AmazonRDS")
            note = ""
        else:
            source, as_of = "pricing-notes §4a (inferred)", _as_date(dates.notes_date())
            note = f"pricing-notes §4a infers it: {found.group('why')}."
        if (instance_type, "20") not in vi21_us_east_1:
            report.unsourced.append(
                f"RDS Oracle SE2 License Included {instance_type} in us-east-1: §4a says "
                f"{licence_included.get(instance_type, '?')!r}"
            )
        for code in codes:
            edition, licence = ORACLE_ENGINE_CODES[code]
            single = PriceRow(
                service="AmazonRDS",
                region="us-east-1",
                sku=f"REF-4a-us-east-1-{instance_type}-{code}-single-az",
                product_family="Database Instance",
                attributes={
                    "databaseEngine": "Oracle",
                    "databaseEdition": edition,
                    "licenseModel": licence,
                    "deploymentOption": "Single-AZ",
                    "instanceType": instance_type,
                    "engineCode": code,
                    "regionCode": "us-east-1",
                },
                unit="Hrs",
                price_usd=Decimal(found.group("p")),
                description=f"pricing-notes §4a {instance_type}, {INSTANCE_COLUMN}: {text}",
                source=source,
                as_of=as_of,
                estimated=bool(note),
                estimate_note=note,
            )
            double = multi_az_estimate(
                single, sku=f"REF-4a-us-east-1-{instance_type}-{code}-multi-az-estimated", source_key="§4a"
            )
            if note:
                double = double.model_copy(update={"estimate_note": f"{double.estimate_note}. Single-AZ: {note}"})
            rows += [single, double]
    return rows
