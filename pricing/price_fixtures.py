"""The committed price fixtures as files, and what every fixture builder shares.

Where the fixtures live (``fixtures/prices/``) and the shared sources they are built from (``../shared``); the error
and report of a build; the row helpers the builders share (a source's price, a memory size, the Multi-AZ estimate);
writing rows as sorted JSON lines, atomically; and reading every committed file back, grouped by region and service
(offer files through the same streaming importer an admin uses). Pure Python: no Django.
"""

from __future__ import annotations

import os
import tempfile
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

from pricing.engine.rows import PriceRow
from pricing.offers.reader import read_offer_file, read_offer_header

REPO_ROOT = Path(__file__).resolve().parent.parent
PRICE_FIXTURE_DIR = REPO_ROOT / "fixtures" / "prices"
DEFAULT_SHARED_DIR = REPO_ROOT.parent / "shared"

OFFER_REGION = "eu-west-1"
OFFER_DIR = "eu-west-1-2023-02-23"  # under shared/data/pricing/
OFFER_FILES = ("AmazonRDS.json", "AmazonEC2.json")
OFFER_SOURCE = (
    "AWS bulk offer file {service} eu-west-1, version {version} "
    "(TC: cycloidio/terracost mysql/testdata/2023-02-23-pricing.sql.gz, re-serialised; "
    "fixtures/prices/eu-west-1/{service}.json)"
)
VI21_JSONL = "rds-oracle-vi21.jsonl"
OZ_JSONL = "ec2-linux-oz.jsonl"
REFERENCE_JSONL = "reference-us-east-1.jsonl"
KARPENTER_JSONL = "ec2-linux-karpenter-2026-07-20.jsonl"
RESERVED_JSONL = "ec2-reserved-instances.jsonl"
DATABASE_PLANS_JSONL = "rds-database-savings-plans.jsonl"
JSONL_FILES = (VI21_JSONL, OZ_JSONL, REFERENCE_JSONL, KARPENTER_JSONL, RESERVED_JSONL, DATABASE_PLANS_JSONL)
MULTI_AZ_NOTE = (
    "Multi-AZ = 2 x Single-AZ ({source} has no Multi-AZ price); AWS rounds Multi-AZ on its own, e.g. 1.031 for "
    "2 x 0.516 (pricing-notes §4a)"
)


class FixtureSourceError(ValueError):
    """The shared sources are missing or no longer say what the generator expects; nothing was written."""


@dataclass
class BuildReport:
    files: dict[str, int] = field(default_factory=dict)
    unsourced: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)

    def text(self) -> str:
        lines = [f"{name}: {count} rows" for name, count in self.files.items()]
        lines += [f"skipped: {item}" for item in self.skipped]
        lines += [f"not sourced: {item}" for item in self.unsourced]
        return "\n".join(lines)


# --- Row helpers the builders share ------------------------------------------------------------------


def source_price(value: Any, where: str) -> Decimal:
    """A price as the source wrote it (a float by its repr, so 0.1 stays 0.1); anything else stops the build."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise FixtureSourceError(f"{where}: price {value!r} is not a number")
    return Decimal(repr(value) if isinstance(value, float) else str(value))


def multi_az_estimate(single: PriceRow, *, sku: str, source_key: str) -> PriceRow:
    """The Multi-AZ row a source without Multi-AZ prices implies: 2 x Single-AZ, marked estimated."""
    attributes = {**single.attributes, "deploymentOption": "Multi-AZ"}
    return single.model_copy(
        update={
            "sku": sku,
            "attributes": attributes,
            "price_usd": single.price_usd * 2,
            "description": f"2 x Single-AZ {single.price_usd}",
            "estimated": True,
            "estimate_note": MULTI_AZ_NOTE.format(source=source_key),
        }
    )


def memory_text(value: Any) -> str:
    return f"{Decimal(str(value)).normalize():f} GiB"


# --- Writing -----------------------------------------------------------------------------------------


def _sort_key(row: PriceRow) -> tuple[Any, ...]:
    return (row.region, row.service, row.product_family, row.sku, row.term, row.unit, row.begin_range)


def dump_rows(rows: Iterable[PriceRow]) -> str:
    return "".join(row.model_dump_json(exclude_defaults=True) + "\n" for row in sorted(rows, key=_sort_key))


def write_atomically(path: Path, write: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    os.close(handle)
    try:
        write(Path(tmp))
        os.chmod(tmp, 0o644)  # mkstemp makes it private; the fixture is an ordinary committed file
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_text(path: Path, text: str) -> None:
    write_atomically(path, lambda tmp: tmp.write_text(text))


# --- Reading the committed fixtures back -------------------------------------------------------------


def read_rows(path: Path) -> list[PriceRow]:
    rows = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if line.strip():
            try:
                rows.append(PriceRow.model_validate_json(line))
            except ValueError as error:
                raise FixtureSourceError(f"{path}:{number}: {error}") from None
    return rows


@dataclass(frozen=True)
class FixtureGroup:
    """The fixture rows of one region and service: one snapshot."""

    region: str
    service: str
    files: tuple[str, ...]
    rows: list[PriceRow]

    @property
    def source(self) -> str:
        return "fixtures/prices: " + ", ".join(self.files)

    @property
    def as_of(self) -> date:
        """The oldest row's date: a snapshot is no newer than its oldest price."""
        return min(row.as_of for row in self.rows)


def fixture_groups(fixture_dir: Path = PRICE_FIXTURE_DIR) -> list[FixtureGroup]:
    """Every committed fixture row, grouped by region and service (offer files through the offer-file importer)."""
    rows: dict[tuple[str, str], list[PriceRow]] = defaultdict(list)
    files: dict[tuple[str, str], list[str]] = defaultdict(list)
    for region_dir in sorted(p for p in fixture_dir.iterdir() if p.is_dir()):
        for path in sorted(region_dir.glob("*.json")):
            service, version = path.stem, read_offer_header(path).version
            source = OFFER_SOURCE.format(service=service, version=version)
            key = (region_dir.name, service)
            rows[key] += read_offer_file(path, region=region_dir.name, service=service, source=source)
            files[key].append(f"{region_dir.name}/{path.name}")
    for name in JSONL_FILES:
        path = fixture_dir / name
        if not path.exists():
            continue
        for row in read_rows(path):
            key = (row.region, row.service)
            rows[key].append(row)
            if name not in files[key]:
                files[key].append(name)
    return [
        FixtureGroup(region=region, service=service, files=tuple(files[(region, service)]), rows=group)
        for (region, service), group in sorted(rows.items())
    ]
