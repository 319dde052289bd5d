"""Reading an uploaded file as a table: a web page or an image saved under a .csv (or .xlsx) name is said to be what it
is, with what is accepted, not read as a CSV whose first line is a header with no database under it."""

from __future__ import annotations

import pytest

from advisor.estates.engine.tables import InventoryRefused, read_table

PAGE = b"<!doctype html><html><body><h1>Hello</h1><table><tr><td>x</td></tr></table></body></html>"
SVG = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32"/></svg>'


@pytest.mark.parametrize(
    ("data", "name", "says"),
    [
        (PAGE, "estate.csv", "the file is a web page (HTML), not a CSV file the app can read"),
        (b"\xef\xbb\xbf\n  " + PAGE.upper(), "estate.csv", "is a web page (HTML), not a CSV file"),
        (SVG, "image.csv", "the file is an SVG image, not a CSV file the app can read"),
        (b'<?xml version="1.0"?>\n' + SVG, "image.csv", "is an SVG image, not a CSV file"),
        (b"<table><tr><td>name</td></tr></table>", "x.csv", "is an HTML or XML file, not a CSV file"),
        (PAGE, "estate.xlsx", "the file is a web page (HTML), not an Excel workbook the app can read"),
    ],
    ids=[
        "web page",
        "web page after a BOM, in capitals",
        "SVG",
        "SVG after an XML declaration",
        "HTML fragment",
        "web page named .xlsx",
    ],
)
def test_markup_saved_as_a_table_is_refused_as_what_it_is_with_what_is_accepted(
    data: bytes, name: str, says: str
) -> None:
    with pytest.raises(InventoryRefused) as refused:
        read_table(data, name)
    (said,) = refused.value.problems
    assert says in said
    assert "give a CSV file (UTF-8, comma-, semicolon- or tab-separated) or an Excel workbook (.xlsx)" in said
    assert "header but no databases" not in said


def test_a_csv_whose_header_cell_looks_like_a_tag_is_still_a_csv() -> None:
    table = read_table(b"<name>,edition\nERP,ee\n", "x.csv")
    assert (table.kind, table.header, table.rows) == ("csv", ("<name>", "edition"), ((2, ("ERP", "ee")),))


def test_a_cell_past_the_csv_readers_limit_is_refused_in_words_with_the_inventorys_own_limit() -> None:
    # a quote opened and never closed: the rest of a 1 MB file is one cell
    with pytest.raises(InventoryRefused) as refused:
        read_table(b'name,edition\nERP,"ee\n' + b"x" * 1_000_000 + b"\n", "estate.csv")
    assert refused.value.problems == [
        "the CSV cannot be read at line 2: a cell there holds more than 131,072 characters, and at most 1,000 are "
        "read in a cell (a quote opened and not closed makes the rest of the file one cell)"
    ]
