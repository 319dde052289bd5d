"""One database as the estate's tables list it (the estate page and its document alike): the recommended option,
one cell per option in the tables' column order, and the blockers of every option counted together."""

from __future__ import annotations

from decimal import Decimal

from advisor.estates.engine.listing import TableRow, table_rows
from advisor.estates.engine.summary import Blocker, DatabaseSummary, OptionSummary


def option(key: str, verdict: str, monthly: str | None, *blockers: str) -> OptionSummary:
    return OptionSummary(option=key, label=key.upper(), verdict=verdict,
                         monthly_usd=None if monthly is None else Decimal(monthly),
                         blockers=tuple(Blocker(rule_id=f"r{i}", title=t) for i, t in enumerate(blockers)))  # fmt: skip


def summary(recommended: str | None, *options: OptionSummary) -> DatabaseSummary:
    return DatabaseSummary(edition="ee", licence_model="byol", licences_owned=0, recommended=recommended,
                           options=options)  # fmt: skip


def test_a_row_carries_its_recommended_option_its_cells_in_column_order_and_every_blocker() -> None:
    # the summary holds its options in another order than the tables' columns (RDS, RDS Custom, EC2, Oracle
    # Database@AWS) and lacks one of them
    ec2 = option("ec2", "caveats", "900.00")
    rds = option("rds", "blocked", "1200.00", "no Multi-AZ here")
    odb = option("odb", "blocked", None, "not offered in the Region", "Standard Edition 2 is not offered")
    (row,) = table_rows([("ERP", summary("ec2", odb, ec2, rds))])
    assert row == TableRow("ERP", summary("ec2", odb, ec2, rds), ec2, (rds, None, ec2, odb), 3)


def test_a_database_not_assessed_has_empty_cells_and_no_blockers() -> None:
    assert table_rows([("Broken", None)]) == [TableRow("Broken", None, None, (None, None, None, None), 0)]


def test_a_database_with_nothing_recommended_keeps_its_cells() -> None:
    rds = option("rds", "blocked", "1200.00", "no Multi-AZ here")
    (row,) = table_rows([("Old", summary(None, rds))])
    assert (row.best, row.cells, row.blockers) == (None, (rds, None, None, None), 1)


def test_rows_keep_the_order_given() -> None:
    assert [r.db for r in table_rows([(3, None), (1, None), (2, None)])] == [3, 1, 2]
