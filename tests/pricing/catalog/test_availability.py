"""Where a catalog class can be ordered, from the AWS Price List as cfn-lint 1.58.0 holds it (2026-10-20)."""

from pricing.catalog.availability import offered


def test_an_rds_class_is_offered_per_region_edition_and_licence_model():
    # rds-oracle-priced-db-classes-by-region.csv: "us-east-1,oracle-se2,license-included,db.r8i.large" is a row
    answer = offered("db.r8i.large", platform="rds", region="us-east-1", edition="se2", licence_model="li")
    assert answer is not None and answer.offered and answer.as_of == "2026-10-20"
    assert "cfn-lint 1.58.0" in answer.source


def test_not_offered_says_where_it_is_instead():
    # db.t3.micro SE2 License Included: cn-north-1 and cn-northwest-1 only
    answer = offered("db.t3.micro", platform="rds", region="eu-west-1", edition="se2", licence_model="li")
    assert answer is not None and not answer.offered
    assert "not offered in eu-west-1 (priced in 2 other Regions" in answer.words


def test_a_family_the_source_does_not_cover_is_unknown_not_absent():
    assert offered("m4.xlarge", platform="ec2", region="eu-west-1") is None  # m4 is not in the Oracle-relevant list
    assert offered("r8i.large", platform="ec2", region="us-east-1").offered  # type: ignore[union-attr]
