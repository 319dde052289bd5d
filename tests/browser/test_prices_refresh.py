"""An admin refreshing prices in a real browser with a file past the size the server accepts: told so on the file
field, with the limit, instead of nothing happening (htmx swaps only 2xx answers, and the server's refusal is a 413).
The limit is lowered to a few KiB here so that small files stand for a 600 MiB one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from pricing.jobs.models import Job

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIMIT = 4096  # bytes accepted on /prices/refresh in these tests
SHOTS = Path("/tmp")


@pytest.fixture
def user(db: None) -> Any:
    """The page's user: staff, who may refresh prices."""
    return get_user_model().objects.create_user("pricer", password="pricer-password-1", is_staff=True)


@pytest.fixture
def small_limit(settings: Any) -> None:
    settings.REQUEST_BODY_LIMITS = (("/prices/refresh", LIMIT), ("/", 2 * 1024 * 1024))


def posts_to_refresh(page: Page) -> list[int]:
    statuses: list[int] = []
    page.on("response", lambda r: statuses.append(r.status) if r.url.endswith("/prices/refresh") else None)
    return statuses


def test_a_file_past_the_limit_is_refused_on_the_field_before_it_is_sent(
    live_server: Any, page: Page, small_limit: None, tmp_path: Path
) -> None:
    big = tmp_path / "AmazonRDS.json"
    big.write_bytes(b" " * 10240)
    statuses = posts_to_refresh(page)
    page.goto(f"{live_server.url}/prices/")
    expect(page.locator("label[for=refresh-offer-file]")).to_contain_text("at most 4 KiB")

    page.fill("#refresh-region", "eu-west-1")
    page.set_input_files("#refresh-offer-file", str(big))
    page.click("#refresh-form button[type=submit]")

    error = page.locator("#err-refresh-offer-file")
    expect(error).to_have_text(
        "AmazonRDS.json is 10 KiB: at most 4 KiB can be uploaded here. Nothing was sent; choose the offer file of "
        "one Region and service."
    )
    expect(page.locator("#refresh-offer-file")).to_have_attribute("aria-invalid", "true")
    page.locator("#refresh-form").screenshot(path=str(SHOTS / "refresh-too-large-before-sending.png"))
    assert statuses == [] and not Job.objects.exists()


def test_the_server_s_refusal_of_a_body_past_the_limit_is_shown_on_the_field(
    live_server: Any, page: Page, small_limit: None, tmp_path: Path
) -> None:
    """A file just under the limit: with the form's other fields and the multipart framing the body is over it, so
    the server answers 413, which htmx does not show by itself."""
    near = tmp_path / "AmazonRDS.json"
    near.write_bytes(b" " * (LIMIT - 100))
    statuses = posts_to_refresh(page)
    page.goto(f"{live_server.url}/prices/")

    page.fill("#refresh-region", "eu-west-1")
    page.set_input_files("#refresh-offer-file", str(near))
    page.click("#refresh-form button[type=submit]")

    expect(page.locator("#err-refresh-offer-file")).to_have_text(
        "The upload (AmazonRDS.json, 3.9 KiB) is larger than the 4 KiB the server accepts: nothing was read and no "
        "refresh was started."
    )
    page.locator("#refresh-form").screenshot(path=str(SHOTS / "refresh-too-large-refused-by-server.png"))
    assert statuses == [413] and not Job.objects.exists()
