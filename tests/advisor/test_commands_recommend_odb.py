"""The recommend command's text names the configuration and price of every option it prices, Oracle Database@AWS
included."""

import io
import json
import re

import pytest
from django.core.management import call_command

from advisor.engine.scenarios import SCENARIO_DIR


@pytest.mark.django_db
def test_the_text_prints_oracle_database_at_aws_configuration_and_price(prices: None) -> None:
    out = io.StringIO()
    # an Enterprise Edition warehouse in us-east-1, a Region Oracle Database@AWS is offered in
    call_command("recommend", "--workload", str(SCENARIO_DIR / "large-ee-warehouse.json"), stdout=out)
    said = out.getvalue()
    odb = said.split("Oracle Database@AWS: ")[1].split("\nRecommendation:")[0]
    # the Exadata shape, its database and storage servers, the VM cluster's ECPUs, then the month's price
    assert re.search(r"\n  Exadata\.\S+: \d+ database \+ \d+ storage servers .*ECPUs.*: \$[\d,]+\.\d\d a month", odb)
    for label in ("Amazon RDS for Oracle", "Self-managed Oracle on EC2"):
        block = said.split(f"{label}: ")[1]
        assert re.match(
            r"[^\n]*\n  \S+ \(\d+ vCPUs, [\d,.]+ GiB\), [a-z-]+, \d+ x \w+ [\d,]+ GiB.*: \$[\d,]+\.\d\d a month", block
        ), label


@pytest.mark.django_db
def test_the_text_marks_the_oracle_database_at_aws_total_partial_and_lists_what_it_does_not_price(
    prices: None,
) -> None:
    out = io.StringIO()
    call_command("recommend", "--workload", str(SCENARIO_DIR / "large-ee-warehouse.json"), stdout=out)
    odb = out.getvalue().split("Oracle Database@AWS: ")[1].split("\nRecommendation:")[0]
    # as RDS and EC2 say theirs: its total leaves out its backups and the AWS-side networking (no price held)
    assert re.search(r"ECPUs.*: \$[\d,]+\.\d\d a month \(partial: some costs are not priced\)\n", odb)
    assert "\n  not priced: backup storage (Autonomous Recovery Service or Amazon S3)\n" in odb
    assert "\n  not priced: AWS-side networking (redo shipped to a standby, traffic to the applications)\n" in odb


@pytest.mark.django_db
def test_the_json_flags_the_oracle_database_at_aws_total_partial_and_its_basis_is_oracles_list(prices: None) -> None:
    out = io.StringIO()
    call_command("recommend", "--workload", str(SCENARIO_DIR / "rac-dependent.json"), "--json", stdout=out)
    said = json.loads(out.getvalue())
    odb = next(o for o in said["options"] if o["option"] == "odb")["odb"]
    assert odb["partial"] is True and odb["not_priced"]
    # the RAC system: every other option blocked, Oracle Database@AWS recommended alone on Oracle's list prices
    assert said["ranking"]["recommended"] == "odb"
    assert "AWS on-demand" not in said["ranking"]["basis"]
    assert said["ranking"]["basis"].startswith("monthly run-rate at Oracle's OCI list prices")
