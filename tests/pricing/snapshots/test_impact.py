"""pricing.snapshots.impact: the registry the snapshot pages ask which saved work a switch reprices (no advisor import: the
advisor registers itself; here fake providers stand in for it)."""

from __future__ import annotations

import ast
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from pricing.models import PriceSnapshot
from pricing.snapshots import impact
from pricing.snapshots.impact import Failure, Impact, ImpactReport, OptionChange

ROOT = Path(__file__).resolve().parents[3]
RDS = PriceSnapshot(pk=7, region="eu-west-1", service="AmazonRDS")
EARLIER = PriceSnapshot(pk=3, region="eu-west-1", service="AmazonRDS")


@pytest.fixture(autouse=True)
def no_providers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(impact, "_PROVIDERS", [])


def change(name: str, before: str, after: str, *options: OptionChange) -> Impact:
    return Impact(name, f"/a/{name}/", Decimal(before), Decimal(after), options, "RDS", "RDS")


def test_without_a_provider_the_report_says_so() -> None:
    report = impact.impact_of("eu-west-1", "AmazonRDS", RDS)
    assert report.providers == 0 and report.impacts == () and report.considered == 0


def test_every_provider_is_asked_with_the_snapshots_and_the_cap_and_the_largest_change_comes_first() -> None:
    calls: list[dict[str, Any]] = []

    def first(**kwargs: Any) -> ImpactReport:
        calls.append(kwargs)
        return ImpactReport((change("small", "100", "101"), change("tie", "100", "140")), unchanged=2, not_computed=1)

    def second(**kwargs: Any) -> ImpactReport:
        option = OptionChange("EC2", Decimal("50"), Decimal("90"))
        same_total = change("option only", "100", "100", option)
        return ImpactReport((change("big", "1000", "900"), same_total), failures=(Failure("old", "/a/old/", "why"),))

    impact.register_impact_provider(first)
    impact.register_impact_provider(first)  # registered once
    impact.register_impact_provider(second)

    report = impact.impact_of("eu-west-1", "AmazonRDS", RDS, base=EARLIER, limit=5)

    assert calls == [
        {"region": "eu-west-1", "service": "AmazonRDS", "candidate": RDS, "base": EARLIER, "limit": 5, "seconds": 20.0}
    ]
    assert [i.name for i in report.impacts] == ["big", "tie", "option only", "small"]  # 100, 40, 40 (an option's), 1
    assert (report.unchanged, report.not_computed, len(report.failures), report.providers) == (2, 1, 1, 2)
    assert report.considered == 8


def test_a_provider_that_breaks_is_reported_in_words_and_the_others_still_answer() -> None:
    def broken(**kwargs: Any) -> ImpactReport:
        raise RuntimeError("database gone")

    impact.register_impact_provider(broken)
    impact.register_impact_provider(lambda **kwargs: ImpactReport((change("kept", "1", "2"),)))

    report = impact.impact_of("eu-west-1", "AmazonRDS", RDS)

    assert [i.name for i in report.impacts] == ["kept"]
    (problem,) = report.problems
    assert "could not compute the impact (RuntimeError: database gone)" in problem


def test_a_snapshot_of_another_region_or_service_is_refused() -> None:
    with pytest.raises(ValueError, match="prices AmazonRDS eu-west-1, not AmazonEC2 eu-west-1"):
        impact.impact_of("eu-west-1", "AmazonEC2", RDS)
    with pytest.raises(ValueError, match="#9 prices AmazonRDS us-east-1"):
        impact.impact_of(
            "eu-west-1", "AmazonRDS", RDS, base=PriceSnapshot(pk=9, region="us-east-1", service="AmazonRDS")
        )


@pytest.mark.parametrize(
    ("before", "after", "difference", "percent"),
    [("1488.08", "1415.08", "−$73.00", "−4.9 %"), ("100", "112.5", "+$12.50", "+12.5 %"), ("5", "5", "no change", "")],
)
def test_changes_are_signed_in_dollars_and_percent(before: str, after: str, difference: str, percent: str) -> None:
    option = OptionChange("RDS", Decimal(before), Decimal(after))
    assert (option.difference_text, option.change_text) == (difference, percent)


def test_an_option_priced_on_one_side_only_has_no_difference() -> None:
    option = OptionChange("EC2", None, Decimal("10"))
    assert option.difference_usd is None and option.difference_text == "" and option.change_text == ""


@pytest.mark.parametrize("name", ["snapshots/impact.py", "pages/impact.py", "views.py"])
def test_the_registry_and_its_pages_import_nothing_from_the_advisor(name: str) -> None:
    tree = ast.parse((ROOT / "pricing" / name).read_text())
    imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    imported |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    assert not {m for m in imported if m.split(".")[0] == "advisor"}
