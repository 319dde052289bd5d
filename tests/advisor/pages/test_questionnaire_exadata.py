"""The questionnaire asks about the Exadata features from the model and refuses HCC sizes without HCC."""

import pytest
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_the_questionnaire_asks_which_exadata_features_the_database_relies_on(client: Client) -> None:
    page = client.get(reverse("advisor:assessment-new")).content.decode()
    for name in ("exadata_smart_scan", "exadata_flash_cache", "hybrid_columnar_compression"):
        assert f'name="features.{name}"' in page, name
    for name in ("hcc_compressed_gib", "hcc_uncompressed_gib"):
        assert f'name="features.{name}"' in page, name
    assert "HCC segments, decompressed (optional)" in page


def test_hcc_sizes_without_hcc_ticked_are_marked_on_the_form(client: Client) -> None:
    response = client.post(reverse("advisor:assessment-new"), {"name": "x", "features.hcc_compressed_gib": "10"})
    assert response.status_code != 302
    assert "Hybrid Columnar Compression ticked" in response.content.decode()
