"""One database's summary keeps what its cost rests on: the option licences its row says are owned."""

import pytest

from advisor.engine.workload import parse_workload
from advisor.estates.assessing.database import summary_of
from advisor.estates.engine.totals import Assessed, estate_totals

pytestmark = pytest.mark.django_db


def test_owned_option_licences_are_kept_and_counted_in_the_totals(prices: None) -> None:
    workload = parse_workload({
        "oracle": {"edition": "ee", "licence_model": "byol", "processor_licences_owned": 8,
                   "option_licences_owned": "partitioning=8, 2"},
        "sizing": {"peak_cpu": 4, "db_size_gib": 500}, "features": {"partitioning": True, "diagnostics_pack": True},
    })  # fmt: skip
    summary = summary_of(workload)
    assert (summary.options_owned, summary.options_owned_every) == ({"partitioning": 8}, 2)
    assert (summary.owned_of("ee"), summary.owned_of("partitioning"), summary.owned_of("diagnostics_pack")) == (8, 8, 2)
    assert summary.owned_of("se2") == 0
    ec2 = summary.option("ec2")
    assert ec2 is not None and ec2.licence_status == "counted"
    need = {n.key: n.required for n in ec2.licences}
    totals = {t.key: t for t in estate_totals([Assessed("OPT", summary)]).placement("ec2").licences}
    # one database: owned as its row says (EE 8, partitioning 8, diagnostics pack 2), to buy its own shortfall
    assert totals["partitioning"].owned == 8 and totals["partitioning"].to_buy == max(need["partitioning"] - 8, 0)
    assert totals["diagnostics_pack"].owned == 2
    assert totals["diagnostics_pack"].to_buy == max(need["diagnostics_pack"] - 2, 0)
