import pytest

from advisor.awr.engine.numbers import parse_number, parse_scaled, unreadable


@pytest.mark.parametrize(
    ("printed", "value"),
    [
        ("1,399,224.8", 1399224.8),  # AWR_DBS.html Load Profile, Redo size
        ("1.399.224,8", 1399224.8),  # the same with a decimal comma and dot groups
        ("1 399 224,8", 1399224.8),  # grouped with spaces
        ("0,3", 0.3),
        (".021", 0.021),  # AWR-Miner prints no leading zero
        ("38,912", 38912.0),  # three digits after the comma: thousands
        ("-4.5", -4.5),
    ],
)
def test_printed_numbers_in_either_convention(printed: str, value: float) -> None:
    assert parse_number(printed) == pytest.approx(value)


@pytest.mark.parametrize("printed", ["############", "", "n/a", "1,2,3", "1.2.3,4,5"])
def test_unreadable_or_ambiguous_numbers_are_none(printed: str) -> None:
    assert parse_number(printed) is None


def test_iostat_data_suffixes_are_binary() -> None:
    # AWR_DBS.html IOStat by Function, Smart Scan "Data per sec" 117.637M = 117.637 x 1024^2 bytes
    assert parse_scaled("117.637M", binary=True) == pytest.approx(117.637 * 1024 * 1024)
    assert parse_scaled("1.5K", binary=False) == 1500


def test_a_number_too_large_to_hold_is_none_with_the_reason() -> None:
    # 400 nines overflow a float to infinity, which no JSON column stores
    assert parse_number("9" * 400) is None
    assert "too large" in unreadable("9" * 400)
    assert parse_scaled("9" * 300 + "T", binary=True) is None  # finite, but infinite once scaled by 1024^4
    assert unreadable("n/a") == "is not a number that can be read"
