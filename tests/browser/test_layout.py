"""Long names and long sources wrap inside the page: nothing widens it past the window."""

from pathlib import Path

import pytest
from playwright.sync_api import Page

from advisor import services
from advisor.engine.workload import Workload

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# 120 characters without a space: the hardest name to fit (a sentence of words wraps by itself)
LONG_NAME = ("ORDERMGMT_BILLING_NORTHERN_EUROPE_RETAIL_SUBSIDIARIES_" * 3)[:120]


def page_width(page: Page) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth"))


def test_a_120_character_name_and_the_rules_sources_stay_inside_the_window(
    live_server: object, page: Page, artifacts: Path, prices: None
) -> None:
    base = live_server.url  # type: ignore[attr-defined]
    meta = services.AssessmentMeta(name=LONG_NAME, customer="CUSTOMER_WITHOUT_ANY_SPACE_" + "Y" * 60, project="P" * 90)
    assessment = services.assessment_create(meta=meta, workload=Workload())
    window = page.viewport_size["width"]  # type: ignore[index]
    pages = {
        "layout-assessment-list": "/",
        "layout-assessment-form": f"/a/{assessment.public_id}/",
        "layout-assessment-results": f"/a/{assessment.public_id}/results/",
        "layout-rules": "/rules",
    }
    for name, path in pages.items():
        page.goto(base + path)
        page.screenshot(path=str(artifacts / f"{name}.png"), full_page=False)
        assert page_width(page) <= window, f"{path} is {page_width(page)} px wide in a {window} px window"
    page.set_viewport_size({"width": 800, "height": 1000})
    page.goto(f"{base}/a/{assessment.public_id}/")
    assert page_width(page) <= 800
