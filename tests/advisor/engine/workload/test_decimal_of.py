"""An answer's number becomes the Decimal it reads as, for every money and percentage figure taken from it."""

from decimal import Decimal

from advisor.engine.workload import decimal_of


def test_an_answer_reads_as_written_not_as_its_binary_expansion():
    assert decimal_of(0.1) == Decimal("0.1") != Decimal(0.1)
    assert decimal_of(12.5) == Decimal("12.5")
    assert decimal_of(40) == Decimal("40")


def test_a_tiny_answer_stays_tiny_rather_than_failing():
    assert decimal_of(5e-324) == Decimal("5e-324")
