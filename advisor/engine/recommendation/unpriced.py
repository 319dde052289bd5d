"""Why an option has no price, in words that name what the price snapshots hold instead.

Pure Python. Said when a search finds no instance price for the option's platform, edition, licence model and
deployment in the workload's Region: where such rows do exist, and what the snapshots lack; and when nothing priced
fits: the larger classes the snapshots do not price, the edition's licence cap that rules the larger ones out, or a
database larger than an RDS for Oracle storage allocation holds.
"""

from __future__ import annotations

from typing import Any

from advisor.engine.instances import catalog_rows
from advisor.engine.iolimits import storage_limits
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


GIB_PER_TIB = 1024


def beyond_rds_allocation(need: Need) -> str:
    """Why RDS for Oracle is not priced for a database larger than its largest storage allocation: the additional
    volumes AWS offers beyond it are not sized or priced here (and what the sources say, and do not say, of their IO);
    beyond those too, the most an instance holds. "" when the database fits one allocation."""
    rds = storage_limits().rds_oracle
    largest = max(rds.storage_types, key=lambda rule: (rule.max_size_gib, rule.as_of))
    if need.storage_gib <= largest.max_size_gib:
        return ""
    extra = rds.additional_volumes
    needs = f"the database needs {need.storage_gib:,.0f} GiB at the planning horizon"
    allocation = f"{largest.max_size_gib / GIB_PER_TIB:g} TiB"
    if need.storage_gib > extra.total_max_tib * GIB_PER_TIB:
        return (f"An RDS for Oracle instance holds at most {extra.total_max_tib:g} TiB, a {allocation} storage "
                f"allocation and up to {extra.max_count} additional volumes (AWS RDS User Guide, {extra.as_of}), and "
                f"{needs}")  # fmt: skip
    # the instance-level cap is the RDS User Guide's of the striping row's date (the same stored guide)
    return (f"An RDS for Oracle storage allocation holds at most {largest.max_size_gib:,.0f} GiB ({allocation}; AWS "
            f"RDS User Guide, {largest.as_of}) and {needs}. Up to {extra.max_count} additional "
            f"{' or '.join(extra.types)} volumes of at most {extra.max_size_gib / GIB_PER_TIB:g} TiB each take an "
            f"instance to {extra.total_max_tib:g} TiB (AWS RDS User Guide, {extra.as_of}). Each has its own IOPS and "
            "throughput, and the instance class's EBS limits cap the instance as a whole, as with one allocation "
            f"(AWS RDS User Guide, {rds.striping.as_of}); AWS does not document what several volumes deliver "
            "together beyond that, and this advisor does not size or price them yet, so this option is not priced "
            "for this size")  # fmt: skip
