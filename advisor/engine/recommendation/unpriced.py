"""Why an option has no price, in words that name what the price snapshots hold instead.

Pure Python. Said when a search finds no instance price for the option's platform, edition, licence model and
deployment in the workload's Region: where such rows do exist, and what the snapshots lack.
"""

from __future__ import annotations

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
    refresh = "A price refresh from the AWS Price List for this Region would price it"
    if region not in book.regions():
        return f"No prices are loaded for {region}. {refresh}; the prices page lists the Regions priced now."
    what = (
        product
        if platform == "ec2"
        else f"{product} {EDITION_LABELS[edition]} {LICENCE_MODEL_LABELS[licence_model]} "
        f"{DEPLOYMENT_WORDS.get(deployment, deployment)}"
    )
    other = "multi-az" if deployment == "single-az" else "single-az"
    said = f"The price snapshots hold no {what} instance prices for {region}"
    if platform != "ec2" and _priced(book, region, platform, edition, licence_model, other):
        said += f"; they hold {DEPLOYMENT_WORDS.get(other, other)} prices there only"
    return f"{said}. {refresh}."
