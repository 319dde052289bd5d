"""Benchmark: the streaming offer-file importer on the eu-west-1 offer files and on synthetic files of 500 MB+.

Goals: at least 50,000 price rows read per second, and peak memory under 200 MB whatever the file size. A "row"
is one price dimension of one product, the unit of AWS's CSV offer files. Each import runs in a fresh child
process, so ``ru_maxrss`` is that import's own peak (interpreter and libraries included), and again under
tracemalloc for the peak of Python allocations (tracemalloc slows the run, so speed comes from the first run).

The synthetic files are built in a temporary directory by repeating the real eu-west-1 rows under new SKUs, and
deleted afterwards (never committed):

- ``mixed`` (AmazonEC2): like a real multi-OS offer file, 9 copies in 10 differ in one filtered attribute
  (Windows, RHEL, dedicated tenancy, capacity reservation, SQL Server, another region...), the 10th is identical
  to a kept product, so it is kept and then dropped as a duplicate;
- ``all-kept`` (AmazonRDS): the worst case, every copy passes the filters (and is a duplicate): the only thing
  that grows with the file is the SKU -> product index of kept SKUs (about 100 bytes each).

Run: ``python bench/prices_bench.py [--size-mb 512] [--profile mixed|all-kept|both] [--no-trace]`` (about four
minutes, most of it under tracemalloc). Prints its figures; it asserts nothing, because speed and memory are goals
to watch, not tests to pass or fail.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pricing.offers.files import ImportReport, read_offer_file  # noqa: E402

OFFER_DIR = ROOT / "fixtures" / "prices" / "eu-west-1"
REGION = "eu-west-1"
GOAL_ROWS_PER_SECOND = 50_000
GOAL_PEAK_MB = 200
# One filtered attribute per copy (pricing-notes §3a's filters, the other way round).
EC2_INSTANCE_VARIANTS = (
    {"operatingSystem": "Windows"},
    {"operatingSystem": "RHEL"},
    {"operatingSystem": "SUSE"},
    {"tenancy": "Dedicated"},
    {"tenancy": "Host"},
    {"capacitystatus": "UnusedCapacityReservation"},
    {"capacitystatus": "AllocatedCapacityReservation"},
    {"preInstalledSw": "SQL Std"},
    {"regionCode": "us-east-1"},
)
OTHER_REGIONS = ("us-east-1", "us-west-2", "ap-northeast-1", "eu-central-1", "eu-west-2")


def _maxrss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kilobytes on Linux


# --- The child: one import, measured ----------------------------------------------------------------------


def child(path: Path, trace: bool) -> None:
    baseline = _maxrss_mb()
    report = ImportReport()
    if trace:
        tracemalloc.start()
    start = time.perf_counter()
    kept = sum(1 for _ in read_offer_file(path, region=REGION, report=report))
    seconds = time.perf_counter() - start
    traced = tracemalloc.get_traced_memory()[1] / 2**20 if trace else None
    result = {
        "seconds": seconds,
        "products": report.products_read,
        "products_kept": report.products_kept,
        "price_rows": report.price_dimensions_read,
        "rows_kept": kept,
        "duplicates": report.duplicates,
        "maxrss_mb": _maxrss_mb(),
        "baseline_mb": baseline,
        "traced_peak_mb": traced,
    }
    print(json.dumps(result))


def measure(path: Path, *, trace: bool) -> dict[str, Any]:
    command = [sys.executable, __file__, "--child", str(path)] + (["--trace"] if trace else [])
    done = subprocess.run(command, check=True, capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


# --- The synthetic files ----------------------------------------------------------------------------------


def _variant(service: str, product: dict[str, Any], copy: int, all_kept: bool) -> dict[str, Any]:
    if all_kept or copy % 10 == 0:
        return product["attributes"]
    attributes = dict(product["attributes"])
    if service == "AmazonEC2" and product["productFamily"] == "Compute Instance":
        attributes.update(EC2_INSTANCE_VARIANTS[copy % len(EC2_INSTANCE_VARIANTS)])
    elif service == "AmazonRDS" and product["productFamily"] == "Database Instance":
        attributes["databaseEngine"] = ("MySQL", "PostgreSQL", "SQL Server", "MariaDB")[copy % 4]
    else:
        attributes["regionCode"] = OTHER_REGIONS[copy % len(OTHER_REGIONS)]
    return attributes


def build_synthetic(source: Path, target: Path, *, size_mb: int, all_kept: bool) -> int:
    """Write an offer file of at least ``size_mb`` MB, streaming (never held in memory); returns the copies."""
    data = json.loads(source.read_text())
    service = data["offerCode"]
    products = list(data["products"].items())
    terms = data["terms"]["OnDemand"]
    one_copy = sum(len(json.dumps(p, indent=1)) + len(json.dumps(terms[s], indent=1)) + 60 for s, p in products)
    copies = max(1, -(-size_mb * 10**6 // one_copy))
    header = {k: data[k] for k in ("formatVersion", "disclaimer", "offerCode", "version", "publicationDate")}
    with target.open("w") as out:
        out.write(json.dumps(header, indent=1)[:-2] + ',\n "products": {\n')
        first = True
        for copy in range(copies):
            for sku, product in products:
                new = f"{sku}{copy:07d}"
                body = {**product, "sku": new, "attributes": _variant(service, product, copy, all_kept)}
                out.write(("" if first else ",\n") + f"  {json.dumps(new)}: {json.dumps(body, indent=1)}")
                first = False
        out.write('\n },\n "terms": {\n  "OnDemand": {\n')
        first = True
        for copy in range(copies):
            for sku, _ in products:
                new = f"{sku}{copy:07d}"
                text = json.dumps(terms[sku], indent=1).replace(sku, new)
                out.write(("" if first else ",\n") + f"   {json.dumps(new)}: {text}")
                first = False
        out.write("\n  }\n }\n}\n")
    return copies


# --- The report -------------------------------------------------------------------------------------------


def line(name: str, size: int, plain: dict[str, Any], traced: dict[str, Any] | None) -> str:
    rate = plain["price_rows"] / plain["seconds"]
    if size < 50 * 10**6:  # opening the file four times costs more than reading it: the rate says little
        ok_rate = "small file, start-up cost dominates"
    else:
        ok_rate = "ok" if rate >= GOAL_ROWS_PER_SECOND else "BELOW GOAL"
    ok_peak = "ok" if plain["maxrss_mb"] < GOAL_PEAK_MB else "ABOVE GOAL"
    traced_text = f"tracemalloc peak {traced['traced_peak_mb']:.1f} MB" if traced else "tracemalloc not run"
    return (
        f"{name:<28} {size / 1e6:>9.1f} MB  {plain['products']:>9,} products  {plain['price_rows']:>9,} price rows  "
        f"{plain['rows_kept']:>6,} kept ({plain['duplicates']:,} duplicates dropped)  {plain['seconds']:>6.2f} s  "
        f"{rate:>9,.0f} rows/s [{ok_rate}]  maxrss {plain['maxrss_mb']:.0f} MB "
        f"(interpreter and libraries {plain['baseline_mb']:.0f} MB) [{ok_peak}]  "
        f"{traced_text}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size-mb", type=int, default=512, help="size of each synthetic file (default 512)")
    parser.add_argument("--profile", choices=("mixed", "all-kept", "both"), default="both")
    parser.add_argument("--no-trace", action="store_true", help="skip the (about 12x slower) tracemalloc runs")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--trace", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.trace)
        return
    print(f"Goals: >= {GOAL_ROWS_PER_SECOND:,} price rows/s; peak memory < {GOAL_PEAK_MB} MB whatever the size.")
    for service in ("AmazonRDS", "AmazonEC2"):
        path = OFFER_DIR / f"{service}.json"
        traced = None if args.no_trace else measure(path, trace=True)
        print(line(f"eu-west-1 {service}", path.stat().st_size, measure(path, trace=False), traced))
    profiles = {"mixed": ("AmazonEC2", False), "all-kept": ("AmazonRDS", True)}
    chosen = list(profiles) if args.profile == "both" else [args.profile]
    with tempfile.TemporaryDirectory(prefix="prices-bench-") as tmp:
        for profile in chosen:
            service, all_kept = profiles[profile]
            target = Path(tmp) / f"{service}-{profile}.json"
            start = time.perf_counter()
            copies = build_synthetic(OFFER_DIR / f"{service}.json", target, size_mb=args.size_mb, all_kept=all_kept)
            built = time.perf_counter() - start
            size = target.stat().st_size
            print(f"(built {target.name}: {copies:,} copies of the real rows, {size / 1e6:.0f} MB in {built:.0f} s)")
            print(
                line(
                    f"synthetic {profile} {service}",
                    size,
                    measure(target, trace=False),
                    None if args.no_trace else measure(target, trace=True),
                )
            )
            os.remove(target)


if __name__ == "__main__":
    main()
