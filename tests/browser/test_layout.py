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


# The texts of a drawn plotly chart that must not touch one another: its title, axis titles and tick labels.
CHART_TEXTS = """(el) => [...el.querySelectorAll(
    '.gtitle, .xtitle, .x2title, .ytitle, .y2title, .xtick text, .x2tick text, .ytick text, .y2tick text')]
  .map(t => { const r = t.getBoundingClientRect();
              return {text: t.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom}; })
  .filter(b => b.text && b.right > b.left)"""


def test_on_paper_the_capacity_charts_titles_and_tick_labels_do_not_overlap(
    live_server: object, page: Page, artifacts: Path, prices: None
) -> None:
    from advisor.engine.scenarios import load_scenarios
    from advisor.reports.printer import MARGIN_MM, MM_TO_PX, PAPERS

    scenario = next(s for s in load_scenarios() if "cross-region DR" in s.name)
    assessment = services.assessment_create(
        meta=services.AssessmentMeta(name=scenario.name), workload=scenario.workload
    )
    _, width_mm, _ = PAPERS["a4"]
    page.set_viewport_size({"width": round((width_mm - MARGIN_MM["left"] - MARGIN_MM["right"]) * MM_TO_PX),
                            "height": 1000})  # fmt: skip
    page.emulate_media(media="print")  # as the PDF is printed: the charts drawn at the paper's width and height
    page.goto(f"{live_server.url}/a/{assessment.public_id}/report.pdf?format=html")  # type: ignore[attr-defined]
    chart = page.locator('[data-plotly-figure="capacity-chart"]')
    chart.locator(".main-svg").first.wait_for()
    chart.screenshot(path=str(artifacts / "layout-capacity-chart-on-paper.png"))
    boxes = chart.evaluate(CHART_TEXTS)
    assert {b["text"] for b in boxes} >= {"IOPS (IOs per second)", "throughput (MiB/s)", "1,024"}
    assert overlapping(boxes) == []


def drawn_texts(page: Page, figure: str, shot: Path, texts: str = CHART_TEXTS) -> list[dict]:
    """The boxes of a drawn plotly chart's texts (``texts``: which), once it is drawn and in view; its picture saved."""
    chart = page.locator(f'[data-plotly-figure="{figure}"]')
    chart.locator(".main-svg").first.wait_for()
    chart.scroll_into_view_if_needed()
    chart.screenshot(path=str(shot))
    return chart.evaluate(texts)  # type: ignore[no-any-return]


def overlapping(boxes: list[dict]) -> list[tuple[str, str]]:
    return [
        (a["text"], b["text"])
        for i, a in enumerate(boxes)
        for b in boxes[i + 1 :]
        if a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]
    ]


def test_on_a_phone_no_page_scrolls_sideways_and_the_capacity_chart_stacks_its_plots(
    live_server: object, page: Page, artifacts: Path, prices: None
) -> None:
    from advisor.engine.scenarios import load_scenarios

    scenario = next(s for s in load_scenarios() if "cross-region DR" in s.name)
    assessment = services.assessment_create(meta=services.AssessmentMeta(name=scenario.name),
                                            workload=scenario.workload)  # fmt: skip
    base = live_server.url  # type: ignore[attr-defined]
    page.set_viewport_size({"width": 390, "height": 844})
    for path in ("/", "/assessments/new/", f"/a/{assessment.public_id}/results/", "/estimate", "/estates/",
                 "/iolimits", "/iolimits?platform=oci", "/rules", "/awr/"):  # fmt: skip
        page.goto(base + path)
        assert page_width(page) <= 390, f"{path} is {page_width(page)} px wide on a 390 px phone"
    page.goto(f"{base}/a/{assessment.public_id}/results/")
    boxes = drawn_texts(page, "capacity-chart", artifacts / "layout-capacity-chart-on-a-phone.png")
    assert {b["text"] for b in boxes} >= {"IOPS (IOs per second)", "throughput (MiB/s)", "1,024"}
    assert overlapping(boxes) == []
    throughput = next(b for b in boxes if b["text"] == "throughput (MiB/s)")
    iops = next(b for b in boxes if b["text"] == "IOPS (IOs per second)")
    assert iops["top"] > throughput["bottom"]  # one plot above the other, not squeezed side by side
