"""The seed talk's "IO COST" slide (shared/seeds/000, 2017), reproduced to the cent from the 2023 eu-west-1 rows.

The slide shows three AWS Simple Monthly Calculator bills, region "Europe (Ireland)", each for one RDS instance
"Oracle (BYOL: EE)", db.t1.micro, Standard (Single-AZ), "100 % Utilized/h" (730 hours), no backup:

* P-IOPS:  120 GB Provisioned IOPS (io1) storage with 1,200 IOPS  ->  $148.56
* GP-SSD:  400 GB General Purpose (gp2) storage, 0 IOPS           ->  $48.26
* Magnetic: 120 GB magnetic storage, 0 IOPS (and 0 I/O requests)   ->  $11.00

What that calculator assumed, worked out from the numbers: the AWS Free Tier box was ticked. The 750 free micro
instance-hours cover the 730 hours, so the instance costs nothing, and 20 GB of database storage are free on gp2 and
magnetic but not on io1:

* 120 GB x $0.138 + 1,200 IOPS x $0.11      = 16.56 + 132.00 = 148.56  (no free io1 storage)
* (400 - 20) GB x $0.127                    = 48.26
* (120 - 20) GB x $0.11 + 0 I/Os x $0.00000011 = 11.00

Only this reading fits all three: without the Free Tier the same rows give 161.70, 63.94 and 26.34 (the instance
adds 730 x $0.018 = 13.14 and the 20 GB come back), and crediting 20 GB on io1 too would give 145.80.

The 2023-02-23 rows carry exactly the 2017 unit prices for these dimensions (io1 0.138/GB-Mo and 0.11/IOPS-Mo,
gp2 0.127, magnetic 0.11), so all three totals are reproduced exactly. The one thing that cannot be priced from
2023 data is db.t1.micro itself: it is gone from the price list. Its successor db.t2.micro (EE BYOL $0.018/h)
stands in; under the Free Tier its hours net to zero, so the choice of micro class does not move the totals.
"""

from decimal import Decimal

import pytest

from pricing.engine.calculator import estimate

SEED = {
    "platform": "rds",
    "region": "eu-west-1",
    "instance_class": "db.t2.micro",  # db.t1.micro is not in the 2023 price list
    "edition": "ee",
    "licence_model": "byol",
    "deployment": "single-az",
    "free_tier": True,
    "licences": {"include": False},  # the 2017 calculator priced no Oracle licence
}


@pytest.mark.parametrize(
    ("storage", "total"),
    [
        ({"type": "io1", "size_gib": 120, "iops": 1200}, "148.56"),
        ({"type": "gp2", "size_gib": 400}, "48.26"),
        ({"type": "magnetic", "size_gib": 120, "io_requests_per_month": 0}, "11.00"),
    ],
    ids=["P-IOPS", "GP-SSD", "Magnetic"],
)
def test_the_three_io_cost_totals_to_the_cent(book, storage, total):
    result = estimate({**SEED, "storage": storage}, book)
    assert result.aws_monthly_usd == Decimal(total)
    assert result.total_monthly_usd == Decimal(total)


def test_p_iops_lines(book):
    lines = estimate({**SEED, "storage": {"type": "io1", "size_gib": 120, "iops": 1200}}, book).lines
    assert [(line.sku, line.monthly_usd) for line in lines] == [
        ("8Q5VQERM4BBWWVMU", Decimal("13.14")),  # 730 h x 0.018
        ("8Q5VQERM4BBWWVMU", Decimal("-13.14")),  # Free Tier: 730 of the 750 micro hours
        ("3FFG435ESYJ72AQN", Decimal("16.56")),  # 120 GB x 0.138, io1 gets no free storage
        ("7TWXZRXJ3E5K3P45", Decimal("132.00")),  # 1,200 IOPS x 0.11
    ]


def test_gp_ssd_and_magnetic_get_20_free_gb(book):
    gp2 = estimate({**SEED, "storage": {"type": "gp2", "size_gib": 400}}, book).lines
    assert [line.monthly_usd for line in gp2[2:]] == [Decimal("50.80"), Decimal("-2.54")]  # 400 x 0.127; 20 x 0.127
    magnetic = estimate({**SEED, "storage": {"type": "magnetic", "size_gib": 120, "io_requests_per_month": 0}}, book)
    assert [line.monthly_usd for line in magnetic.lines[2:]] == [Decimal("13.20"), Decimal("-2.20")]  # 120 / 20 x 0.11


@pytest.mark.parametrize(
    ("storage", "total"),
    [
        ({"type": "io1", "size_gib": 120, "iops": 1200}, "161.70"),  # 148.56 + 13.14
        ({"type": "gp2", "size_gib": 400}, "63.94"),  # 50.80 + 13.14
        ({"type": "magnetic", "size_gib": 120, "io_requests_per_month": 0}, "26.34"),  # 13.20 + 13.14
    ],
)
def test_without_the_free_tier_no_total_matches(book, storage, total):
    result = estimate({**SEED, "free_tier": False, "storage": storage}, book)
    assert result.total_monthly_usd == Decimal(total)
