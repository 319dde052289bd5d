"""An answer handed to a user names each source as people know it and says every note in customer words; the
engines' results it is made from keep their provenance."""

from __future__ import annotations

import copy

from pricing.engine.sources.json_words import customer_json

TERRACOST_ROW = (
    "AWS bulk offer file AmazonEC2 eu-west-1, version 20230223000000 (TC: cycloidio/terracost "
    "mysql/testdata/2023-02-23-pricing.sql.gz, re-serialised; fixtures/prices/eu-west-1/AmazonEC2.json)"
)
ANSWER = {
    "cost": {
        "total_monthly_usd": "1234.50",
        "price_sources": [
            f"{TERRACOST_ROW}, SKU UZ7N3QU3DRSU25FK (as of 2023-02-23)",
            f"{TERRACOST_ROW}, SKU 24MZZF8AAM4YBUKN (as of 2023-02-23)",
            "VI21: vantage-sh/ec2instances.info www/rds/instances.json @14ede5a5, engine code 5, "
            "SKU VI21-us-east-1-db.r5b.8xlarge-5-single-az (as of 2021-08-03)",
        ],
    },
    "lines": [
        {"name": "r6i.large", "monthly_usd": "92.71", "as_of": "2023-02-23",
         "price_source": f"{TERRACOST_ROW}, SKU UZ7N3QU3DRSU25FK"},
        {"name": "db.r5b.8xlarge", "monthly_usd": "2803.20", "as_of": "2021-08-03",
         "price_source": "VI21: vantage-sh/ec2instances.info www/rds/instances.json @14ede5a5, engine code 5, "
                         "SKU VI21-us-east-1-db.r5b.8xlarge-5-single-az"},
    ],
    "optimize_cpus": {
        "as_of": "2023-06-15",
        "source": "AWS EC2 User Guide 'CPU cores and threads per CPU core per instance type' "
                  "(https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/cpu-options-supported-instances-values.html; "
                  "awsdocs/amazon-ec2-user-guide at e3707c43, shared/data/aws-docs-2023-06/ec2/cpu-options.md)",
    },
    "notes": ["Licences at list price [TGPL-Y] cross-checked [TGPL-26]", "3 servers are licensed like the primary"],
    "hours": 730,
}  # fmt: skip


def test_cost_lines_name_the_price_list_and_keep_an_aws_sku_to_look_up() -> None:
    lines = customer_json(ANSWER)["lines"]
    assert lines[0]["price_source"] == "AWS Price List, eu-west-1, 2023-02-23 · SKU UZ7N3QU3DRSU25FK"
    # a key our importer made up for a third party's copy cannot be looked up: not shown
    assert lines[1]["price_source"] == "AWS Price List, us-east-1, 2021-08-03 (third-party copy)"


def test_price_sources_are_each_source_once_by_its_name() -> None:
    assert customer_json(ANSWER)["cost"]["price_sources"] == [
        "AWS Price List, eu-west-1, 2023-02-23",
        "AWS Price List, us-east-1, 2021-08-03 (third-party copy)",
    ]


def test_a_documents_source_keeps_its_address_and_date_not_our_copy_of_it() -> None:
    assert customer_json(ANSWER)["optimize_cpus"]["source"] == (
        "AWS EC2 User Guide 'CPU cores and threads per CPU core per instance type' "
        "(https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/cpu-options-supported-instances-values.html), 2023-06-15"
    )


def test_notes_lose_citation_keys_and_figures_pass_unchanged() -> None:
    shown = customer_json(ANSWER)
    assert shown["notes"] == ["Licences at list price cross-checked", "3 servers are licensed like the primary"]
    assert (shown["cost"]["total_monthly_usd"], shown["lines"][0]["monthly_usd"], shown["hours"]) == (
        "1234.50",
        "92.71",
        730,
    )


def test_the_answer_it_was_made_from_is_left_as_it_was() -> None:
    before = copy.deepcopy(ANSWER)
    customer_json(ANSWER)
    assert ANSWER == before


def test_a_lines_sku_is_kept_where_aws_publishes_it_and_null_where_we_made_one_up() -> None:
    lines = customer_json(
        {
            "lines": [
                {"price_source": TERRACOST_ROW, "as_of": "2023-02-23", "sku": "UZ7N3QU3DRSU25FK"},
                {
                    "price_source": "VI21: vantage-sh/ec2instances.info",
                    "as_of": "2021-08-03",
                    "sku": "VI21-us-east-1-db.r5b.8xlarge-5-single-az",
                },
            ]
        }  # fmt: skip
    )["lines"]
    assert [line["sku"] for line in lines] == ["UZ7N3QU3DRSU25FK", None]
