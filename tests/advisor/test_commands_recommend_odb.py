"""The recommend command's text names the configuration and price of every option it prices, Oracle Database@AWS
included."""

import io
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
