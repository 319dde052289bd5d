import pytest

from pricing.engine.prices.book import PriceBook
from tests.pricing.engine import eu_west_1_rows as eu


@pytest.fixture(scope="session")
def book() -> PriceBook:
    """Every copied eu-west-1 row, decoys included."""
    return PriceBook(eu.ALL)
