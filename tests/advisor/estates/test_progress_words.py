"""An estate's page while it waits or runs speaks to whoever uploaded it, not to the site's operator."""

from typing import Any

from django.test import Client

from advisor.estates import services
from advisor.estates.engine.inventory import read_inventory
from tests.advisor.estates.conftest import inventory_csv


def test_an_estate_still_queued_says_so_in_users_words_not_an_operators_command(
    client: Client, user: Any, prices: None
) -> None:
    # no worker runs (the tasks are queued on commit, which a test never reaches): every database stays queued
    estate = services.estate_from_inventory(inventory=read_inventory(inventory_csv(), "e.csv"), owner=user)
    page = client.get(estate.get_absolute_url()).content.decode()
    assert "waiting to start. If it stays queued" in page and "ask your administrator" in page
    assert "manage.py" not in page and "make run" not in page
