"""Every download's name: ``<customer>-<name>-<kind>.<ext>``, lowercase ASCII, hyphen-joined, the kind said once."""

import pytest

from config.file_names import attachment, export_filename


@pytest.mark.parametrize(
    ("customer", "name", "kind", "extension", "expected"),
    [
        ("Acme Corp", "Datacentre exit", "estate", "xlsx", "acme-corp-datacentre-exit-estate.xlsx"),
        ("Société Générale", "Migration été 2026", "estate", "pdf", "societe-generale-migration-ete-2026-estate.pdf"),
        ("", "Datacentre exit", "estate", "csv", "datacentre-exit-estate.csv"),  # no customer: left out
        ("   ", "Billing", "comparison", "pdf", "billing-comparison.pdf"),
        ("ACME / EMEA", "ERP\\prod: 19c", "workload", "json", "acme-emea-erp-prod-19c-workload.json"),
        ("../../etc", "passwd", "estate", "csv", "etc-passwd-estate.csv"),
        ("Acme", "", "estate", "pdf", "acme-untitled-estate.pdf"),  # no name: said so, not an empty part
        ("", "東京", "estate", "pdf", "untitled-estate.pdf"),  # a script with no ASCII letters at all
        ("Ünïcödé GmbH", "Ça va", "comparison", "PDF", "unicode-gmbh-ca-va-comparison.pdf"),
        ('Say "hi"; rm', "x", "estate", "csv", "say-hi-rm-x-estate.csv"),  # nothing that breaks the header
        # a name that says its kind already is not followed by it again; a word that only starts with it is
        ("", "Northwind production estate", "estate", "pdf", "northwind-production-estate.pdf"),
        ("Acme", "Estate of 2026-11-28", "estate", "csv", "acme-estate-of-2026-11-28.csv"),
        ("", "Vendor comparison", "comparison", "pdf", "vendor-comparison.pdf"),
        ("", "Real estates", "estate", "pdf", "real-estates-estate.pdf"),
        ("", "Estatefund", "estate", "xlsx", "estatefund-estate.xlsx"),
    ],
)
def test_the_file_name_is_customer_name_kind_in_plain_ascii(
    customer: str, name: str, kind: str, extension: str, expected: str
) -> None:
    assert export_filename(customer=customer, name=name, kind=kind, extension=extension) == expected


def test_a_long_customer_or_name_is_cut_without_a_trailing_hyphen() -> None:
    filename = export_filename(customer="a" * 59 + " b", name="n " * 100, kind="estate", extension="pdf")
    customer, _, rest = filename.partition("-n-")
    assert customer == "a" * 59 and filename.endswith("-n-estate.pdf") and "--" not in filename
    assert len(filename) < 140


def test_the_header_downloads_the_file_under_that_name() -> None:
    assert attachment("acme-billing-comparison.pdf") == 'attachment; filename="acme-billing-comparison.pdf"'
