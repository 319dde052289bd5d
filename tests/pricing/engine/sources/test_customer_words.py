"""A source or a note as a customer reads it: our notes' keys, files, commits and research wording go, the document's
name and what it says stay."""

from __future__ import annotations

import pytest

from pricing.engine.sources.customer_words import customer_words


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("[F] RDS User Guide, RDS for Oracle features", "RDS User Guide, RDS for Oracle features"),
        ("[C] AWS RDS User Guide CHAP_Storage.md (awsdocs/amazon-rds-user-guide@50e7617a); reference §2.1, §2.2",
         "AWS RDS User Guide"),
        ("[C] AWS EC2 User Guide general-purpose.md, ebs-io-characteristics.md (awsdocs/amazon-ec2-user-guide@e3707c43;"
         " gp2 formula text @c02d241); reference §0, §1, §1.3", "AWS EC2 User Guide"),
        ("the ECPUs need 1 at 760 each ([C] [ODB-GS] AWS, Oracle Database@AWS User Guide, Getting started, Step 2)",
         "the ECPUs need 1 at 760 each (AWS, Oracle Database@AWS User Guide, Getting started, Step 2)"),
        ("Oracle's OCI Go SDK database/update_cloud_vm_cluster_details.go @3637eb76 ('from 8 to 760 per X11M database "
         "server'), as of 2026", "Oracle's OCI Go SDK ('from 8 to 760 per X11M database server'), as of 2026"),
        ("'Minimum ECPUs per VM: 8', as transcribed in a third-party BOM reference file; consistent with the SDK",
         "'Minimum ECPUs per VM: 8'; consistent with the SDK"),
        ("Storage capacity depends on the Exadata shape (unconfirmed)",
         "Storage capacity depends on the Exadata shape (not published)"),
        ("Multi-AZ = 2 x Single-AZ (VI21 has no Multi-AZ price); AWS rounds Multi-AZ on its own, e.g. 1.031 for "
         "2 x 0.516 (pricing-notes §4a)",
         "Multi-AZ = 2 x Single-AZ (the copied price list has no Multi-AZ price); AWS rounds Multi-AZ on its own, "
         "e.g. 1.031 for 2 x 0.516"),
        ("accepted: byol (source: [C] AWS RDS User Guide 'RDS for Oracle licensing options' [L]: License Included is "
         "SE2 only (shared/reference/oracle-on-aws-features.md, three facts and matrix row 'Editions / licence models'))",
         "accepted: byol (source: AWS RDS User Guide 'RDS for Oracle licensing options': License Included is SE2 only)"),
    ],
)  # fmt: skip
def test_our_notes_give_way_to_the_documents_name(raw: str, shown: str) -> None:
    assert customer_words(raw) == shown


@pytest.mark.parametrize(
    "text",
    ["AWS Price List, eu-west-1, 2023-02-23", "https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/README.md",
     "db.r5b.4xlarge: 16 vCPUs (2 x 8)", "the standby (not readable); see the guide", ""],
)  # fmt: skip
def test_customer_words_are_left_as_they_are(text: str) -> None:
    assert customer_words(text) is text


def test_a_text_with_nothing_to_clean_is_handed_back_itself_even_when_an_equal_one_was_cleaned_before():
    first = "".join(["https://docs.aws.amazon.com/", "AmazonRDS/latest/UserGuide/README.md"])
    again = "".join(["https://docs.aws.amazon.com/AmazonRDS/", "latest/UserGuide/README.md"])
    assert first == again and first is not again
    assert customer_words(first) is first
    assert customer_words(again) is again
