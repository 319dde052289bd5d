"""Counted nouns: one is singular, every other number plural."""

from config.counting import counted


def test_one_database_two_databases_no_database() -> None:
    assert counted(1, "database") == "1 database"
    assert counted(2, "database") == "2 databases"
    assert counted(0, "database") == "0 databases"


def test_an_irregular_plural_and_thousands() -> None:
    assert counted(1, "batch", "batches") == "1 batch"
    assert counted(3, "batch", "batches") == "3 batches"
    assert counted(1200, "row") == "1,200 rows"
