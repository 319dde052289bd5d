"""Every kind of page passes axe-core (vendored in static/vendor/) with no serious or critical violation, starts with a
"Skip to content" link to its main landmark, and keeps the menu on one line in a 1280 px window.

axe is added by the test as a script tag pointing at the static file, which the Content-Security-Policy allows like any
other static script ('self'), so no page loads it and the policy needs no change."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from advisor import services
from advisor.accounts.sharing import share_create
from advisor.accounts.teams import team_create
from advisor.engine.workload import parse_workload
from advisor.estates import services as estate_services
from advisor.estates.engine.inventory import read_inventory
from tests.advisor.awr import samples
from tests.advisor.estates.conftest import inventory_csv

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = "vendor/axe-core-4.14.1.min.js"
BLOCKING = ("serious", "critical")
RUN_AXE = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map(n => n.target.join(" ") + " :: " + n.failureSummary.replace(/\\s+/g, " "))}));
}"""


def axe_violations(page: Page) -> list[dict[str, Any]]:
    page.add_script_tag(url=f"{settings.STATIC_URL}{AXE}")
    return [v for v in page.evaluate(RUN_AXE) if v["impact"] in BLOCKING]


def described(url: str, violations: list[dict[str, Any]]) -> list[str]:
    return [f"{url}: [{v['impact']}] {v['id']}: {v['help']}\n    " + "\n    ".join(v["nodes"]) for v in violations]


# Loaded, and no htmx request in flight (htmx marks the element that asked with .htmx-request until it is answered):
# what "networkidle" waited for, without its half-second of quiet on every page.
SETTLED = "() => document.readyState === 'complete' && !document.querySelector('.htmx-request')"


def check(page: Page, url: str, found: list[str]) -> None:
    page.goto(url)
    page.wait_for_function(SETTLED)
    found.extend(described(url, axe_violations(page)))


def test_axe_is_vendored_with_its_version_and_licence() -> None:
    vendored = Path(settings.BASE_DIR) / "static" / AXE
    assert vendored.read_text(encoding="utf-8").startswith("/*! axe v4.14.1")
    assert "Mozilla Public" in (vendored.parent / "axe-core-4.14.1.LICENSE.txt").read_text(encoding="utf-8")


def test_axe_sees_a_violation_it_is_shown(live_server: Any, page: Page) -> None:
    """The check can fail: an image without alternative text is a critical violation."""
    page.goto(f"{live_server.url}/rules")
    page.evaluate("() => { const i = document.createElement('img'); i.src = '/static/img/favicon.svg';"
                  " document.querySelector('main').append(i); }")  # fmt: skip
    assert "image-alt" in {v["id"] for v in axe_violations(page)}


def test_every_page_kind_has_no_serious_or_critical_violation(
    live_server: Any, page: Page, anon_page: Page, user: Any, artifacts: Path, prices: None
) -> None:
    base = live_server.url
    user.is_staff = True  # the prices page and the staff menu too
    user.save()
    workload = parse_workload({"oracle": {"edition": "se2", "licence_model": "li"}, "sizing": {"db_size_gib": 321}})
    meta = services.AssessmentMeta(name="Order entry", customer="ACME", project="Exit")
    assessment = services.assessment_create(meta=meta, workload=workload, owner=user)
    link = share_create(assessment=assessment, user=user, days=1)
    team = team_create(user=user, name="DBA team")
    estate = estate_services.estate_from_inventory(
        inventory=read_inventory(inventory_csv(), "estate.csv"), name="Datacentre exit", owner=user
    )
    found: list[str] = []
    pages = [
        "/",
        "/assessments/new/",
        f"/a/{assessment.public_id}/",
        f"/a/{assessment.public_id}/results/",
        f"/s/{link.token}/",
        "/estimate",
        "/iolimits",
        "/rules",
        "/prices/",
        "/estates/",
        f"/estates/{estate.public_id}/",
        "/import/awr/",
        "/assessments/import/",
        "/estates/new/",
        "/account/teams/",
        f"/account/teams/{team.pk}/",
        "/account/tokens/",
        "/api/v1/docs",
    ]
    for path in pages:
        check(page, base + path, found)

    report = samples.JAS / "awrrpt_1_2668_2669.txt"
    if report.is_file():  # the review of an upload (the AWR samples live in ../shared)
        page.goto(f"{base}/import/awr/")
        page.set_input_files("#id_files", [str(report)])
        page.click("#awr-submit")
        page.wait_for_url("**/import/awr/*/")
        found.extend(described(page.url, axe_violations(page)))

    check(anon_page, f"{base}/accounts/login/", found)
    assert found == [], "\n".join(found)


def test_the_skip_link_comes_first_and_the_menu_fits_on_one_line_at_1280_px(
    live_server: Any, page: Page, user: Any, artifacts: Path, prices: None
) -> None:
    base = live_server.url
    user.is_staff = True  # the longest menu
    user.save()
    page.set_viewport_size({"width": 1280, "height": 900})
    for path in ("/", "/assessments/new/", "/iolimits", "/estates/"):
        page.goto(base + path)
        page.keyboard.press("Tab")
        skip = page.locator(".skip-link")
        expect(skip).to_be_focused()
        expect(skip).to_have_text("Skip to content")
        expect(skip).to_be_in_viewport()
        name = path.strip("/").replace("/", "-") or "home"
        page.screenshot(path=str(artifacts / f"a11y-{name}-1280.png"))
        page.keyboard.press("Enter")
        expect(page.locator("main#content")).to_be_focused()
        tops = page.evaluate("() => [...document.querySelectorAll('.topbar nav > a, .topbar nav > details > summary,"
                             " .topbar .brand')].map(e => Math.round(e.getBoundingClientRect().top))")  # fmt: skip
        assert max(tops) - min(tops) <= 4, f"{path}: the menu wraps at 1280 px (item tops {tops})"
        assert page.evaluate("document.documentElement.scrollWidth") <= 1280
        for landmark in ("header", "nav", "main", "footer"):
            expect(page.locator(landmark).first).to_be_attached()
        assert page.locator('link[rel="icon"]').get_attribute("href") == "/static/img/favicon.svg"
    assert page.request.get(f"{base}/static/img/favicon.svg").ok

    # The account's and staff's pages open from the user's name, by keyboard too.
    page.focus(".account-menu summary")
    page.keyboard.press("Enter")
    expect(page.locator(".account-items")).to_be_visible()
    expect(page.get_by_role("link", name="Prices")).to_be_visible()
    expect(page.get_by_role("link", name="Sign out (alice)")).to_be_visible()
    page.screenshot(path=str(artifacts / "a11y-account-menu-1280.png"))
