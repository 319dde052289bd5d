"""Why an option has no price, in words that name what the price snapshots hold instead.

Pure Python. Said when a search finds no instance price for the option's platform, edition, licence model and
deployment in the workload's Region: where such rows do exist, and what the snapshots lack; and when nothing priced
fits: the larger classes the snapshots do not price, or the edition's licence cap that rules the larger ones out.
"""

from __future__ import annotations

from typing import Any

from advisor.engine.instances import catalog_rows
from advisor.engine.sizing import Need
from pricing.engine.licences.prices import licence_price_list
from pricing.engine.prices.book import EDITION_LABELS, LICENCE_MODEL_LABELS, PriceBook
from pricing.engine.prices.terms import PLATFORM_LABELS

DEPLOYMENT_WORDS = {"single-az": "Single-AZ", "multi-az": "Multi-AZ"}


def _priced(book: PriceBook, region: str, platform: str, edition: str, licence_model: str, deployment: str) -> bool:
    return bool(
        book.on_demand_hourly(
            region=region, platform=platform, edition=edition, licence_model=licence_model, deployment=deployment
        )
    )


def unpriced_reason(book: PriceBook, workload, platform: str, licence_model: str, deployment: str) -> str:
    """What the snapshots hold for this platform in the workload's Region, so the reader knows what is missing rather
    than guessing. Only the Region itself is spoken of: the book holds the Regions this recommendation reads, not
    every Region priced (the prices page lists those)."""
    region, edition = workload.environment.region, workload.oracle.edition.value
    product = PLATFORM_LABELS[platform]
    if region not in book.regions():
        return f"No price is held for {region}, so this option is not priced there."
    what = (
        product
        if platform == "ec2"
        else f"{product} {EDITION_LABELS[edition]} {LICENCE_MODEL_LABELS[licence_model]} "
        f"{DEPLOYMENT_WORDS.get(deployment, deployment)}"
    )
    other = "multi-az" if deployment == "single-az" else "single-az"
    said = f"No {what} instance price is held for {region}"
    if platform != "ec2" and _priced(book, region, platform, edition, licence_model, other):
        said += f" ({DEPLOYMENT_WORDS.get(other, other)} prices only)"
    return f"{said}, so this option is not priced there."


def larger_unpriced(classes: list[str], home: dict[str, Any], need: Need, region: str, edition: str) -> str:
    """When no priced class meets the need: the catalog classes with the vCPUs and memory it needs that the price
    snapshots do not price in the Region, so the reader learns a refresh may find one ("" when there are none)."""
    if edition == "se2":  # SE2's 8-vCPU cap, not a missing price, is what stops it: the shortfall says so
        return ""
    rows = catalog_rows()
    larger = sorted((name for name in classes if name not in home and rows[name]["vcpus"] >= need.vcpus
                     and rows[name]["memory_gib"] >= need.memory_gib),
                    key=lambda name: (rows[name]["vcpus"], rows[name]["memory_gib"], name))  # fmt: skip
    if not larger:
        return ""
    shown = ", ".join(larger[:3]) + (f" and {len(larger) - 3} more" if len(larger) > 3 else "")
    return (f"nothing priced in {region} meets the need; {len(larger)} instance classes with the vCPUs and memory it "
            f"needs ({shown}) have no price held there, so they were not considered")  # fmt: skip


def beyond_licence_cap(need: Need, edition: str, licence_model: str) -> str:
    """Why nothing fits when the classes big enough cannot be licensed for the edition: SE2's vCPU cap, with its
    source, said as the cause ("" when the need is within the cap: the shortfall is then the catalog's)."""
    rule = licence_price_list().socket_rule
    if edition != "se2" or licence_model != "byol" or need.vcpus <= rule.max_vcpus:
        return ""
    return (f"Standard Edition 2 may be licensed on instances of at most {rule.max_vcpus} vCPUs, and the need is "
            f"{need.vcpus:g} vCPUs (Oracle, Licensing Oracle Software in the Cloud Computing Environment, "
            f"{rule.as_of}): Enterprise Edition, or a smaller need, would fit")  # fmt: skip
