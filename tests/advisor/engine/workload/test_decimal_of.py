"""An answer's number becomes the Decimal it reads as, for every money and percentage figure taken from it."""

from decimal import Decimal

from advisor.engine.workload import decimal_of


def test_an_answer_reads_as_written_not_as_its_binary_expansion():
    assert decimal_of(0.1) == Decimal("0.1") != Decimal(0.1)
    assert decimal_of(12.5) == Decimal("12.5")
    assert decimal_of(40) == Decimal("40")


def test_an_answer_keeps_six_significant_digits_as_the_questionnaire_shows_it():
    assert decimal_of(33.3333333) == Decimal("33.3333")
    assert Decimal(0) < decimal_of(5e-324) < Decimal("1e-323")  # tiny stays tiny, never an error
