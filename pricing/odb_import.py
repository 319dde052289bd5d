"""Generate ``pricing/engine/data/odb_prices.json`` and ``odb_regions.json`` from ``../shared``.

Sources: ``shared/data/odb-and-cpu-options/{odb-prices.csv, odb-regions.csv, README.md}`` and, for the Regions
the CSV leaves out, ``shared/reference/oracle-on-aws-features.md``. The README's caveats travel with the data:
its bullets are copied (markdown emphasis removed) and the facts the engine acts on are read from them and
checked against the CSV (the License-Included ECPU SKU missing from the dump, the X11M prices that may have
risen in 2026). If a source no longer says what this module expects, nothing is written and
``OdbSourceError`` says what changed. The app reads only the committed JSON. Pure Python: no Django.
"""

from __future__ import annotations

import csv
import json
import os
import re
import tempfile
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from pricing.engine.odb_prices import DATA_DIR, OdbPriceList, OdbRegions
from pricing.fixture_sources import DEFAULT_SHARED_DIR

FOLDER = Path("data") / "odb-and-cpu-options"
PRICES_CSV = FOLDER / "odb-prices.csv"
REGIONS_CSV = FOLDER / "odb-regions.csv"
README = FOLDER / "README.md"
REFERENCE = Path("reference") / "oracle-on-aws-features.md"
PRICES_JSON = "odb_prices.json"
REGIONS_JSON = "odb_regions.json"
GENERATED_BY = "pricing/odb_import.py (python manage.py import_odb --shared ../shared)"

PRICE_COLUMNS = (
    "service,component,shape_generation,license_model,unit,usd_price,minimum_quantity,as_of,source,part_number,"
    "oracle_display_name,source_kind"
).split(",")
REGION_COLUMNS = "aws_region,aws_region_name,az_ids,oci_paired_region,status,date_added,date_source,az_source".split(
    ","
)
NOT_FOUND = "not found"
# The reference's own words for the Regions it dates only as "earlier"; the names map to these codes.
REFERENCE_EARLIER = re.compile(r"earlier ([^;\[]+?) \[ODB-HIST\]")
REFERENCE_REGION_NAMES = {
    "N. Virginia": ("us-east-1", "US East (N. Virginia)"),
    "Oregon": ("us-west-2", "US West (Oregon)"),
}


class OdbSourceError(ValueError):
    """The shared sources are missing or no longer say what the importer expects; nothing was written."""


@dataclass
class ImportReport:
    prices: int = 0
    regions: int = 0
    written: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def text(self) -> str:
        lines = [f"{self.prices} prices, {self.regions} Regions"]
        lines += [f"wrote {name}" for name in self.written]
        lines += [f"note: {note}" for note in self.notes]
        return "\n".join(lines)


def _read(path: Path) -> str:
    try:
        return path.read_text()
    except OSError as error:
        raise OdbSourceError(f"cannot read {path}: {error}") from None


def _squash(text: str) -> str:
    return " ".join(text.replace("**", "").split())


def _section(readme: str, top: str, sub: str) -> str:
    """The text under ``### sub`` inside ``## top``, up to the next heading or rule."""
    start = readme.find(f"\n## {top}")
    if start < 0:
        raise OdbSourceError(f"README.md has no section '## {top}'")
    part = readme[start + 1 :]
    end = part.find("\n## ", 1)
    part = part if end < 0 else part[:end]
    at = part.find(f"\n### {sub}\n")
    if at < 0:
        raise OdbSourceError(f"README.md '## {top}' has no '### {sub}'")
    body = part[at + len(sub) + 6 :]
    stop = re.search(r"\n(#{2,3} |---)", body)
    return body if stop is None else body[: stop.start()]


def _bullets(text: str) -> list[str]:
    items: list[str] = []
    for line in text.splitlines():
        if line.startswith("- "):
            items.append(line[2:])
        elif line.startswith("  ") and items:
            items[-1] += " " + line.strip()
    return [_squash(item) for item in items]


def _one(bullets: list[str], pattern: str, what: str) -> tuple[str, re.Match[str]]:
    found = [(b, m) for b in bullets if (m := re.search(pattern, b))]
    if len(found) != 1:
        raise OdbSourceError(f"README.md: expected one bullet on {what} (/{pattern}/), found {len(found)}")
    return found[0]


def _price(text: str, where: str) -> Decimal:
    try:
        value = Decimal(text)
    except InvalidOperation:
        raise OdbSourceError(f"{where}: price {text!r} is not a number") from None
    if not value.is_finite() or value < 0:
        raise OdbSourceError(f"{where}: price {text!r} is not a price")
    return value


def build_prices(prices_csv: str, readme: str) -> dict[str, Any]:
    rows = _csv_rows_text(prices_csv, PRICE_COLUMNS, PRICES_CSV.name)
    prices = []
    for number, row in enumerate(rows, 2):
        where = f"{PRICES_CSV.name}:{number} ({row['part_number']})"
        if row["minimum_quantity"]:
            raise OdbSourceError(f"{where}: minimum_quantity is now {row['minimum_quantity']!r}; the importer drops it")
        prices.append(
            {k: row[k] for k in PRICE_COLUMNS if k != "minimum_quantity"}
            | {"usd_price": str(_price(row["usd_price"], where))}
        )
    by_part = {p["part_number"]: p for p in prices}
    if len(by_part) != len(prices):
        raise OdbSourceError(f"{PRICES_CSV.name}: a part number appears twice")

    gathered = re.search(r"Gathered (\d{4}-\d{2}-\d{2})\.", readme)
    if gathered is None:
        raise OdbSourceError("README.md no longer says 'Gathered YYYY-MM-DD.'")
    about = _bullets(_section(readme, "1.", "How these relate to Oracle Database@AWS"))
    caveats = _bullets(_section(readme, "1.", "Caveats and gaps"))
    _, match = _one(about, r"Treat them as (list prices before any private-offer discount)", "the price basis")

    text, m = _one(
        caveats,
        r"SKU (B\d+)\) is not in the [\d,]+-product dump.*?Only its BYOL twin (B\d+) \(([\d.]+)\)",
        "the missing SKU",
    )
    missing_part, twin_part, twin_price = m.group(1), m.group(2), Decimal(m.group(3))
    twin = by_part.get(twin_part)
    if twin is None or Decimal(twin["usd_price"]) != twin_price or twin["license_model"] != "BYOL":
        raise OdbSourceError(
            f"README.md names {twin_part} at {twin_price} as the BYOL twin of {missing_part}; the CSV disagrees"
        )
    if missing_part in by_part:
        raise OdbSourceError(f"README.md says {missing_part} is missing but the CSV has it: re-read the README")
    missing = {
        "part_number": missing_part,
        "service": twin["service"],
        "component": twin["component"],
        "shape_generation": twin["shape_generation"],
        "license_model": "License Included",
        "unit": twin["unit"],
        "twin_part_number": twin_part,
        "reason": text,
    }

    text, _ = _one(caveats, r"prices may have changed in \d{4}", "prices that may have changed")
    leads = {pn: str(_price(v, "README.md")) for pn, v in re.findall(r"(B\d+) \([^)]*\) ([\d.]+)/h", text)}
    warned = sorted({pn for pn in re.findall(r"B\d+", text) if pn in by_part})
    if not warned or set(leads) - set(by_part):
        raise OdbSourceError(f"README.md's 2026 price caveat names {sorted(leads)}; the CSV has {warned}")
    warning = {"part_numbers": warned, "lead_usd_per_hour": leads, "text": text}

    data = {
        "schema_version": 1,
        "generated_by": GENERATED_BY,
        "source_files": [f"shared/{PRICES_CSV}", f"shared/{README}"],
        "gathered": gathered.group(1),
        "price_basis": f"Oracle's OCI {match.group(1)}",
        "about": about,
        "caveats": caveats,
        "missing": [missing],
        "price_warnings": [warning],
        "prices": prices,
    }
    OdbPriceList.model_validate(data)
    return data


def _csv_rows_text(text: str, columns: list[str], name: str) -> list[dict[str, str]]:
    reader = csv.DictReader(text.splitlines())
    if reader.fieldnames != columns:
        raise OdbSourceError(f"{name}: columns are {reader.fieldnames}, expected {columns}")
    rows = list(reader)
    if not rows:
        raise OdbSourceError(f"{name} has no rows")
    return rows


def build_regions(regions_csv: str, readme: str, reference: str) -> dict[str, Any]:
    rows = _csv_rows_text(regions_csv, REGION_COLUMNS, REGIONS_CSV.name)
    regions = []
    for row in rows:
        regions.append(
            {
                "aws_region": row["aws_region"],
                "aws_region_name": row["aws_region_name"],
                "az_ids": row["az_ids"].split(),
                "oci_paired_region": row["oci_paired_region"] or None,
                "status": row["status"] or None,
                "date_added": None if row["date_added"] == NOT_FOUND else row["date_added"],
                "date_source": row["date_source"],
                "az_source": None if row["az_source"] == NOT_FOUND else row["az_source"],
                "basis": "odb-regions.csv",
                "note": "",
            }
        )
    gaps = _bullets(_section(readme, "2.", "Gaps"))
    _, oregon = _one(gaps, r"US West \(Oregon\) is commonly named as a launch region[^.]*\.", "US West (Oregon)")
    flat = " ".join(reference.split())
    earlier = REFERENCE_EARLIER.search(flat)
    if earlier is None:
        raise OdbSourceError(
            f"{REFERENCE.name} no longer says 'earlier ... [ODB-HIST]' about Oracle Database@AWS Regions"
        )
    sentence = flat[flat.rfind("Regions added:", 0, earlier.start()) : earlier.end()]
    codes = {r["aws_region"] for r in regions}
    for name in (n.strip() for n in earlier.group(1).split("&")):
        if name not in REFERENCE_REGION_NAMES:
            raise OdbSourceError(f"{REFERENCE.name} names a Region {name!r} this importer cannot map to a code")
        code, long_name = REFERENCE_REGION_NAMES[name]
        if code in codes:
            continue
        regions.append(
            {
                "aws_region": code,
                "aws_region_name": long_name,
                "az_ids": [],
                "oci_paired_region": None,
                "status": None,
                "date_added": None,
                "date_source": f"[ODB-HIST] AWS Oracle Database@AWS User Guide, Document history, as cited by "
                f"shared/{REFERENCE}: '{sentence}'",
                "az_source": None,
                "basis": "reference",
                "note": f"Not in odb-regions.csv, whose README says: '{oregon.group(0)}' Kept because the project's reference "
                "cites the ODB document history for it; its launch date was not found.",
            }
        )
    dates = [r["date_added"] for r in regions if r["date_added"]]
    data = {
        "schema_version": 1,
        "generated_by": GENERATED_BY,
        "source_files": [f"shared/{REGIONS_CSV}", f"shared/{README}", f"shared/{REFERENCE}"],
        "as_of": max(dates),
        "caveats": gaps,
        "regions": regions,
    }
    OdbRegions.model_validate(data)
    return data


def _write_text(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    os.close(handle)
    try:
        Path(tmp).write_text(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _dump(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def build(shared_dir: Path = DEFAULT_SHARED_DIR) -> dict[str, str]:
    """The two files' text, by name, from ``shared_dir``."""
    readme = _read(shared_dir / README)
    prices = build_prices(_read(shared_dir / PRICES_CSV), readme)
    regions = build_regions(_read(shared_dir / REGIONS_CSV), readme, _read(shared_dir / REFERENCE))
    return {PRICES_JSON: _dump(prices), REGIONS_JSON: _dump(regions)}


def import_odb(*, shared_dir: Path = DEFAULT_SHARED_DIR, out_dir: Path = DATA_DIR) -> ImportReport:
    """Regenerate both files; each is replaced only once both are built."""
    if not (shared_dir / FOLDER).is_dir():
        raise OdbSourceError(f"no shared data at {shared_dir / FOLDER}")
    built = build(shared_dir)
    report = ImportReport()
    report.prices = len(json.loads(built[PRICES_JSON])["prices"])
    regions = json.loads(built[REGIONS_JSON])["regions"]
    report.regions = len(regions)
    report.notes += [
        f"{r['aws_region']} kept from the reference: {r['note']}" for r in regions if r["basis"] == "reference"
    ]
    for name, text in built.items():
        _write_text(out_dir / name, text)
        report.written.append(str(out_dir / name))
    return report
