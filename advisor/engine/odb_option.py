"""Oracle Database@AWS in a recommendation: its verdict, sizing and list prices (``odb``)."""

from __future__ import annotations

ODB_NOT_PRICED = (
    "Oracle Database@AWS is bought through an AWS Marketplace offer for Exadata infrastructure and VM clusters; "
    "its prices are not in the AWS Price List data this advisor holds, so it is neither sized nor priced here."
)


def odb_recommendation(workload, need, label, verdict):
    from advisor.engine.recommender import OptionRecommendation

    return OptionRecommendation("odb", label, verdict, None, (), (), (), (ODB_NOT_PRICED,), ODB_NOT_PRICED)
