"""On paper (the comparison PDF and the estate PDF, read through their HTML twins as Chromium prints them), a column of
figures has its heading over the figures: right-aligned like them, not at the left of the column."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from advisor import services
from advisor.engine.scenarios import load_scenarios
from advisor.estates import services as estate_services
from advisor.estates.engine.inventory import read_inventory
from advisor.reports.printer import MARGIN_MM, MM_TO_PX, PAPERS
from tests.advisor.estates.conftest import inventory_csv

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Each heading cell of a one-column heading, with the body cells drawn exactly under it (same left and right edge):
# how many of them hold something, how many of those are set right-aligned, and how the heading is set.
COLUMNS = """() => [...document.querySelectorAll('table')].flatMap((table, t) => {
  const body = [...table.querySelectorAll('tbody td')].filter(td => td.colSpan === 1 && td.textContent.trim());
  return [...table.querySelectorAll('thead th')].filter(th => th.colSpan === 1).map(th => {
    const h = th.getBoundingClientRect();
    const under = body.filter(td => { const r = td.getBoundingClientRect();
      return h.width > 0 && Math.abs(r.left - h.left) < 1 && Math.abs(r.right - h.right) < 1; });
    return {table: (table.id || table.className || 'table ' + t), heading: th.textContent.trim().replace(/\\s+/g, ' '),
            cells: under.length, right: under.filter(td => getComputedStyle(td).textAlign === 'right').length,
            align: getComputedStyle(th).textAlign};
  });
})"""


def misaligned(page: Page) -> tuple[list[str], int]:
    """The headings set otherwise than the figures under them, and how many columns of figures there are."""
    columns = page.evaluate(COLUMNS)
    figures = [c for c in columns if c["cells"] and c["right"] == c["cells"]]
    return [f"{c['table']}: {c['heading']!r} is {c['align']}" for c in figures if c["align"] != "right"], len(figures)


def as_printed(page: Page, url: str) -> None:
    _, width_mm, _ = PAPERS["a4"]
    page.set_viewport_size({"width": round((width_mm - MARGIN_MM["left"] - MARGIN_MM["right"]) * MM_TO_PX),
                            "height": 1000})  # fmt: skip
    page.emulate_media(media="print")
    page.goto(url)
    page.wait_for_function("document.readyState === 'complete'")


def test_the_comparisons_figures_have_their_headings_over_them(
    live_server: Any, page: Page, artifacts: Path, prices: None
) -> None:
    scenario = next(s for s in load_scenarios() if "cross-region DR" in s.name)  # commitments, a topology, charts
    assessment = services.assessment_create(meta=services.AssessmentMeta(name=scenario.name),
                                            workload=scenario.workload)  # fmt: skip
    as_printed(page, f"{live_server.url}/a/{assessment.public_id}/report.pdf?format=html")
    page.locator("table.commitments").first.screenshot(path=str(artifacts / "document-commitments-headings.png"))
    wrong, figures = misaligned(page)
    assert figures >= 15  # the cash table's months, the topology's, capacity's, cost's and commitments' figures
    assert wrong == []


def test_the_estates_figures_have_their_headings_over_them(
    live_server: Any, page: Page, user: Any, artifacts: Path, prices: None
) -> None:
    estate = estate_services.estate_from_inventory(inventory=read_inventory(inventory_csv(), "estate.csv"),
                                                   name="Datacentre exit", owner=user)  # fmt: skip
    as_printed(page, f"{live_server.url}/estates/{estate.public_id}/report.pdf?format=html")
    page.locator("#estate-licences").screenshot(path=str(artifacts / "document-estate-licences-headings.png"))
    wrong, figures = misaligned(page)
    assert figures >= 10  # the totals' five sums and placed count, the licences' four counts, the blockers' count
    assert wrong == []
