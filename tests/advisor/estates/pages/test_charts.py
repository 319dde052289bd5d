"""The estate's licence chart draws, on each placement's bar for a product, the licences owned that the licence table
beside it counts for that placement and product: not the estate's licences owned, which also count databases the
placement leaves out (a chart at 24 beside a table saying 8)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from advisor.estates.engine.summary import DatabaseSummary
from advisor.estates.engine.totals import Assessed, estate_totals
from advisor.estates.models import Estate
from advisor.estates.pages.charts import licence_need
from tests.advisor.estates.conftest import inventory_csv
from tests.advisor.estates.engine.test_totals import option


def owned_marks(figure: dict[str, Any]) -> dict[tuple[str, str], int]:
    """(placement's label, product (metric)) -> the owned mark drawn on that placement's bar for the product."""
    labels = {t.get("offsetgroup"): t["name"] for t in figure["data"] if t["type"] == "bar"}
    marks = {}
    for t in (t for t in figure["data"] if t["type"] == "scatter"):
        names = [c[0] for c in t["customdata"]] if "customdata" in t else t["x"]  # the product's unwrapped name
        for name, height in zip(names, t["y"], strict=True):  # the mark's height, as drawn
            marks[(labels.get(t.get("offsetgroup"), "(one mark for every placement)"), name)] = height
    return marks


# A: EE BYOL owning 4 processor licences, placed on RDS (needs 8) and EC2 (needs 4, recommended).
A = DatabaseSummary(edition="ee", licence_model="byol", licences_owned=4, recommended="ec2", options=(
    option("rds", "viable", "1000.00", status="counted", needs=(("ee", 8),)),
    option("ec2", "viable", "900.00", status="counted", needs=(("ee", 4),)),
))  # fmt: skip
# RAC: EE BYOL owning 16, blocked everywhere: no placement takes it, so no placement counts its 16.
RAC = DatabaseSummary(edition="ee", licence_model="byol", licences_owned=16, recommended=None, options=(
    option("rds", "blocked", None, blockers=("rds-rac",)),
    option("ec2", "blocked", None, blockers=("ec2-rac",)),
))  # fmt: skip


def test_each_owned_mark_is_what_its_placement_counts_not_the_estates_licences_owned() -> None:
    totals = estate_totals([Assessed("A", A), Assessed("RAC", RAC)])
    assert totals.owned_words == "EE 20 (processor)"  # 4 + 16 in the estate
    figure = licence_need(totals)
    assert figure is not None
    # only A is placed, on every placement, owning 4: the RAC database's 16 are owned by no placement
    assert owned_marks(figure) == {("RDS", "ee (processor)"): 4, ("EC2", "ee (processor)"): 4,
                                   ("Best per database", "ee (processor)"): 4}  # fmt: skip
    needed = {
        (t["name"], x): y for t in figure["data"] if t["type"] == "bar" for x, y in zip(t["x"], t["y"], strict=True)
    }
    assert needed == {
        ("RDS", "ee (processor)"): 8,
        ("EC2", "ee (processor)"): 4,
        ("Best per database", "ee (processor)"): 4,
    }
    # each mark stands on its own placement's bar (grouped as the bars are), one "owned" in the legend
    assert figure["layout"]["scattermode"] == "group"
    assert [t.get("showlegend", True) for t in figure["data"] if t["type"] == "scatter"] == [True, False, False]


def _table(html: str) -> dict[tuple[str, str], int]:
    """(placement, product (metric)) -> owned, as the page's licence table says it."""
    table = html.split('id="estate-licences"', 1)[1].split("</table>", 1)[0]
    owned, placement = {}, ""
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S):
        if head := re.match(r'\s*<th colspan="5">(.*?)</th>', row):
            placement = head.group(1).strip()
            continue
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        if len(cells) == 6:  # placement, product (metric), needed, owned, to buy, freed
            product = " ".join(re.sub(r"<.*?>", "", cells[1]).split())
            owned[(placement, product)] = int(cells[3])
    return owned


@pytest.mark.django_db
def test_the_pages_licence_chart_owns_what_its_licence_table_says_placement_by_placement(
    client: Client, make_estate: Callable[..., Estate]
) -> None:
    # a RAC database owning 16 licences that RDS, RDS Custom and EC2 cannot take: counted by none of them
    estate = make_estate(inventory_csv(("ERP,ee,byol,4,us-east-1,4,300,yes,partitioning",
                                        "Billing,ee,byol,16,us-east-1,8,500,yes,rac")))  # fmt: skip
    html = client.get(estate.get_absolute_url()).content.decode()
    chart = json.loads(re.search(r'<script id="estate-licence-chart" type="application/json">(.*?)</script>', html,
                                 re.S).group(1))  # fmt: skip
    table = _table(html)
    assert table and any(n for (_, product), n in table.items() if product == "Database Enterprise Edition (processor)")
    assert owned_marks(chart) == table


def test_named_user_plus_and_processor_licences_of_one_product_are_drawn_at_two_places() -> None:
    # PROC: EE owning 24 processor licences, needs 4 on EC2; NUP: EE owning 50 Named User Plus, needs 25 on EC2.
    # One x label with both bars would put 4 processors and 25 named users side by side on one axis.
    proc = DatabaseSummary(edition="ee", licence_model="byol", licences_owned=24, recommended="ec2", options=(
        option("ec2", "viable", "900.00", status="counted", needs=(("ee", 4),)),))  # fmt: skip
    nup_ec2 = option("ec2", "viable", "700.00", status="counted", needs=(("ee", 25),))
    nup_ec2 = nup_ec2.model_copy(update={"licences": tuple(n.model_copy(update={"name": "ee", "metric": "nup"})
                                                           for n in nup_ec2.licences)})  # fmt: skip
    nup = DatabaseSummary(edition="ee", licence_model="byol", licences_owned=50, licence_metric="nup",
                          recommended="ec2", options=(nup_ec2,))  # fmt: skip
    figure = licence_need(estate_totals([Assessed("PROC", proc), Assessed("NUP", nup)]))
    assert figure is not None
    bars = {
        (t["name"], x): y for t in figure["data"] if t["type"] == "bar" for x, y in zip(t["x"], t["y"], strict=True)
    }
    # EC2 and best per database: 4 processor licences needed at one place, 25 Named User Plus at another
    assert bars == {("EC2", "ee (processor)"): 4, ("EC2", "ee (Named User<br>Plus)"): 25,
                    ("Best per database", "ee (processor)"): 4, ("Best per database", "ee (Named User<br>Plus)"): 25}  # fmt: skip
    assert owned_marks(figure) == {("EC2", "ee (processor)"): 24, ("EC2", "ee (Named User Plus)"): 50,
                                   ("Best per database", "ee (processor)"): 24,
                                   ("Best per database", "ee (Named User Plus)"): 50}  # fmt: skip
    assert figure["layout"]["yaxis"]["title"]["text"] == "licences, each product in its own metric"
