"""The comparison's cover says what was given and leaves out what was not: no line of a dash where a customer or an
author would be."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from advisor import services
from tests.advisor.reports.conftest import SMALL

pytestmark = pytest.mark.django_db


def cover_facts(client: Client, public_id: object, query: str = "") -> dict[str, str]:
    body = client.get(reverse("advisor:assessment-report", args=[public_id]) + "?format=html" + query).content
    facts = re.search(r'<dl class="cover-facts">(.*?)</dl>', body.decode(), re.S)
    assert facts is not None
    return {dt: re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", dd)).strip()
            for dt, dd in re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", facts.group(1), re.S)}  # fmt: skip


def test_a_cover_without_customer_project_or_author_leaves_their_lines_out(client: Client, prices: None) -> None:
    assessment = services.assessment_create(meta=services.AssessmentMeta(name="Billing"), workload=SMALL.workload)
    facts = cover_facts(client, assessment.public_id)
    assert not {"Customer", "Project", "Prepared by"} & set(facts)
    assert "—" not in facts.values() and {"Date", "Region", "Prices"} <= set(facts)


def test_what_was_given_is_on_the_cover(client: Client, prices: None) -> None:
    meta = services.AssessmentMeta(name="Billing", customer="Example Corp", project="Exit DC")
    assessment = services.assessment_create(meta=meta, workload=SMALL.workload)
    facts = cover_facts(client, assessment.public_id, "&prepared_by=Ann%20Architect")
    assert (facts["Customer"], facts["Project"], facts["Prepared by"]) == ("Example Corp", "Exit DC", "Ann Architect")
