"""A phone user (390 px wide) reads the cost estimate's bill without scrolling sideways and reaches it from the top of
the long form; reads the IO-limit charts' titles apart; and reads an estate's licences with no word broken. A wide
window keeps its layout: the bill beside the form, the charts side by side, the placement column."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from advisor.estates import services as estate_services
from advisor.estates.engine.inventory import read_inventory
from tests.advisor.estates.conftest import inventory_csv
from tests.browser.test_accessibility import axe_violations, described
from tests.browser.test_layout import drawn_texts, overlapping, page_width

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 390, "height": 844}

# The drawn texts of a plotly chart, as test_layout's CHART_TEXTS, with the plots' own titles and the legend's entries.
CHART_TEXTS = """(el) => [...el.querySelectorAll(`.gtitle, .xtitle, .x2title, .ytitle, .y2title, .xtick text, .x2tick text,
    .ytick text, .y2tick text, .annotation-text, .legendtext`)]
  .map(t => { const r = t.getBoundingClientRect();
              return {text: t.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom}; })
  .filter(b => b.text && b.right > b.left)"""
PANEL_TITLES = ("Throughput (MiB/s)", "IOPS (IOs of that size per second)")


def box(page: Page, selector: str) -> dict[str, float]:
    return page.evaluate(f"() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect();"
                         " return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; }")  # fmt: skip


def fits_its_box(page: Page, selector: str) -> bool:
    return bool(page.evaluate(f"() => {{ const e = document.querySelector({selector!r});"
                              " return e.scrollWidth <= e.clientWidth; }"))  # fmt: skip


def test_on_a_phone_the_bills_amounts_fit_and_the_total_is_a_tap_from_the_top(
    live_server: Any, page: Page, artifacts: Path, prices: None
) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/estimate")
    glance = page.locator("#bill-glance")
    expect(glance).to_be_in_viewport()  # on the first screen, over the form
    assert box(page, "#bill-glance")["bottom"] <= PHONE["height"]
    total = page.locator("#total-monthly").inner_text()
    expect(page.locator("#glance-total")).to_have_text(total)
    page.screenshot(path=str(artifacts / "phone-estimate-top.png"))

    # every amount of the bill and its totals inside the screen, nothing to scroll sideways
    amounts = page.locator("#bill tbody td:last-child, #totals td.money")
    assert amounts.count() >= 6
    for i in range(amounts.count()):
        edge = amounts.nth(i).bounding_box()
        assert edge is not None and edge["x"] >= 0 and edge["x"] + edge["width"] <= PHONE["width"], i
    assert fits_its_box(page, "#bill") and fits_its_box(page, "#totals") and page_width(page) <= PHONE["width"]
    # the columns the phone has no room for are said under each line's name
    lines = page.locator("#bill tbody tr")
    expect(page.locator("#bill .line-qty")).to_have_count(lines.count())
    expect(page.locator("#bill .line-qty").first).to_be_visible()
    expect(page.locator("#bill .line-qty").first).to_contain_text(" × $")

    page.locator("#bill-glance a").click()
    expect(page.locator("#bill")).to_be_in_viewport()
    page.screenshot(path=str(artifacts / "phone-estimate-bill.png"))
    found = described("/estimate at 390 px", axe_violations(page))
    assert found == [], "\n".join(found)

    # a changed setting: the total at the foot of the form follows; a refused one says so there
    page.evaluate("window.scrollTo(0, 0)")
    page.fill("#est-storage_gib", "1000")
    page.press("#est-storage_gib", "Tab")
    expect(page.locator("#bill")).to_contain_text("1,000 GiB")
    assert page.locator("#total-monthly").inner_text() != total
    expect(page.locator("#glance-total")).to_have_text(page.locator("#total-monthly").inner_text())
    page.fill("#est-storage_gib", "10")
    page.press("#est-storage_gib", "Tab")
    expect(glance).to_contain_text("1 setting cannot be priced")
    expect(glance.get_by_role("link", name="See why")).to_be_visible()

    # a wide window: the bill beside the form as before, its quantity and unit price in their own columns
    page.set_viewport_size({"width": 1300, "height": 1000})
    page.goto(f"{live_server.url}/estimate")
    expect(glance).to_be_hidden()
    expect(page.locator("#bill .line-qty").first).to_be_hidden()
    expect(page.locator("#bill th", has_text="Unit price (USD)")).to_be_visible()
    assert box(page, "#estimate-result")["left"] > box(page, "#estimate-form")["right"]


def test_on_a_phone_the_io_charts_titles_sit_apart_over_their_own_plots(
    live_server: Any, page: Page, artifacts: Path
) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/iolimits")
    boxes = drawn_texts(page, "iolimits-figure", artifacts / "phone-iolimits-chart.png", CHART_TEXTS)
    titles = {b["text"]: b for b in boxes if b["text"] in PANEL_TITLES}
    assert set(titles) == set(PANEL_TITLES)
    assert overlapping(boxes) == []
    edge = box(page, '[data-plotly-figure="iolimits-figure"]')
    assert all(edge["left"] <= t["left"] and t["right"] <= edge["right"] for t in titles.values())
    # each over its own plot, one plot above the other: the IOPS title below the throughput plot's IO sizes
    sizes = next(b for b in boxes if b["text"] == "IO size (KiB)")
    assert titles[PANEL_TITLES[1]]["top"] > sizes["bottom"]

    # a wide window: side by side, on one line, as before
    page.set_viewport_size({"width": 1300, "height": 1000})
    page.goto(f"{live_server.url}/iolimits")
    drawn = drawn_texts(page, "iolimits-figure", artifacts / "wide-iolimits-chart.png", CHART_TEXTS)
    wide = {b["text"]: b for b in drawn if b["text"] in PANEL_TITLES}
    assert abs(wide[PANEL_TITLES[0]]["top"] - wide[PANEL_TITLES[1]]["top"]) < 2
    assert wide[PANEL_TITLES[0]]["right"] < wide[PANEL_TITLES[1]]["left"]


# Each word of the table's text whose letters lie on more than one line: a word broken inside itself.
BROKEN_WORDS = """(table) => {
  const broken = [], walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement.checkVisibility()) continue;
    for (const m of node.textContent.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (tops.size > 1) broken.push(m[0]);
    }
  }
  return broken;
}"""


def test_on_a_phone_the_estates_licences_fit_with_no_word_broken(
    live_server: Any, page: Page, user: Any, artifacts: Path, prices: None
) -> None:
    estate = estate_services.estate_from_inventory(inventory=read_inventory(inventory_csv(), "estate.csv"),
                                                   name="Datacentre exit", owner=user)  # fmt: skip
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/estates/{estate.public_id}/")
    table = page.locator("#estate-licences")
    table.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "phone-estate-licences.png"))
    assert table.evaluate(BROKEN_WORDS) == []
    assert fits_its_box(page, "#estate-licences") and page_width(page) <= PHONE["width"]
    # each placement named on a line of its own above its products, in place of the placement column
    heads = table.locator("tr.placement-row")
    expect(heads.first).to_be_visible()
    expect(heads).to_contain_text(["Amazon RDS for Oracle", "Amazon RDS Custom for Oracle",
                                   "Self-managed Oracle on EC2", "Oracle Database@AWS", "Best per database"])  # fmt: skip
    expect(table.locator("thead th", has_text="Placement")).to_be_hidden()

    page.set_viewport_size({"width": 1300, "height": 1000})
    expect(heads.first).to_be_hidden()
    expect(table.locator("thead th", has_text="Placement")).to_be_visible()
    assert table.evaluate(BROKEN_WORDS) == []


# The walk-through's estate (eu-west-1): RDS Custom and Oracle Database@AWS take no database, RDS and EC2 totals
# are partial, a RAC database is blocked everywhere, so the cost chart has "no database placed" and "≥ … partial"
# labels, the licence chart three placements' bars and the blockers table long rules.
WALK_THROUGH = (
    b"name,edition,licence_model,processor_licences_owned,region,peak_cpu,db_size_gib,multi_az,cross_region_dr,"
    b"dr_region,features\n"
    b"ERP-PROD,ee,byol,8,eu-west-1,6,1200,yes,no,,partitioning; diagnostics_pack; tuning_pack\n"
    b"CRM-PROD,ee,byol,0,eu-west-1,12,2500,yes,yes,eu-central-1,diagnostics_pack\n"
    b"HR-SE2,se2,li,0,eu-west-1,2,150,no,no,,\n"
    b"BILLING-RAC,ee,byol,16,eu-west-1,28,4096,yes,no,,rac; partitioning\n"
    b"DEV-01,ee,byol,0,eu-west-1,2,50,no,no,,\n"
)
# test_layout's chart texts, with the bars' own labels ("3 of 5", "no database placed") and the legend's entries
ESTATE_CHART_TEXTS = CHART_TEXTS.replace(".legendtext`", ".legendtext, .bartext`")
ESTATE_CHARTS = ("estate-cost-chart", "estate-option-chart", "estate-licence-chart")


def test_on_a_phone_the_estates_charts_keep_their_labels_apart_and_the_blockers_keep_their_words_whole(
    live_server: Any, page: Page, user: Any, artifacts: Path, prices: None
) -> None:
    estate = estate_services.estate_from_inventory(inventory=read_inventory(WALK_THROUGH, "estate.csv"),
                                                   name="Walk-through", owner=user)  # fmt: skip
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/estates/{estate.public_id}/")
    for figure in ESTATE_CHARTS:
        boxes = drawn_texts(page, figure, artifacts / f"phone-{figure}.png", ESTATE_CHART_TEXTS)
        assert overlapping(boxes) == [], figure
        edge = box(page, f'[data-plotly-figure="{figure}"]')
        cut = [b["text"] for b in boxes if b["left"] < edge["left"] - 1 or b["right"] > edge["right"] + 1]
        assert cut == [], figure  # every label and legend entry whole inside its chart
    labels = [b["text"] for b in page.locator('[data-plotly-figure="estate-cost-chart"]').evaluate(ESTATE_CHART_TEXTS)]
    assert "no databaseplaced" in labels and any(t.startswith("3 of 5") for t in labels)  # the cases drawn
    legend = page.locator('[data-plotly-figure="estate-licence-chart"]').evaluate(
        "(el) => [...el.querySelectorAll('.legendtext')].map(t => t.textContent)"
    )
    assert "Self-managed Oracle on EC2" in legend and "owned" in legend
    blockers = page.locator("#estate-blockers")
    blockers.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "phone-estate-blockers.png"))
    assert blockers.evaluate(BROKEN_WORDS) == []
    assert fits_its_box(page, "#estate-blockers") and page_width(page) <= PHONE["width"]
    expect(blockers.locator(".blocker-examples").first).to_contain_text("For example: ERP-PROD, CRM-PROD")

    # a wide window: the charts two by two, the bars upright, the examples in their own column
    page.set_viewport_size({"width": 1300, "height": 1000})
    page.goto(f"{live_server.url}/estates/{estate.public_id}/")
    drawn_texts(page, "estate-cost-chart", artifacts / "wide-estate-cost-chart.png", ESTATE_CHART_TEXTS)
    assert box(page, '[data-plotly-figure="estate-option-chart"]')["left"] > box(
        page, '[data-plotly-figure="estate-cost-chart"]')["right"]  # fmt: skip
    expect(blockers.locator("th.examples")).to_be_visible()
    expect(blockers.locator(".blocker-examples").first).to_be_hidden()
