"""Price-book lookups against real eu-west-1 rows, decoys included."""

from datetime import date
from decimal import Decimal

import pytest

from pricing.engine.prices.book import PriceBook, PriceNotFound, usage_matches
from pricing.engine.rows import PriceRow
from tests.pricing.engine import eu_west_1_rows as eu

IO2_BOUNDS = (32000, 64000)


def test_usage_types_match_by_suffix_across_region_prefixes():
    assert usage_matches("EU-RDS:PIOPS", "RDS:PIOPS")
    assert usage_matches("RDS:PIOPS", "RDS:PIOPS")  # us-east-1 style, no prefix
    assert usage_matches("EU:PI_LTR:M5", "PI_LTR:M5")
    assert not usage_matches("EU-RDS:Multi-AZ-PIOPS", "RDS:PIOPS")
    assert not usage_matches("EU-RDS:GP3-PIOPS", "RDS:PIOPS")
    assert not usage_matches("EU-RDSCustom:ChargedBackupUsage", "RDS:ChargedBackupUsage")


class TestRdsInstance:
    def test_by_class_edition_licence_and_deployment(self, book):
        def sku(**kw):
            args = dict(
                region="eu-west-1",
                instance_class="db.m5.xlarge",
                edition="ee",
                licence_model="byol",
                deployment="single-az",
            )
            return book.rds_instance(**{**args, **kw}).hourly.sku

        assert sku() == "PCW2HZETS7KBUAWU"  # 0.378
        assert sku(deployment="multi-az") == "JW8E8NB4DR9BDBWP"  # 0.756
        assert sku(edition="se2") == "RZQTAEF3AZC855U9"
        assert sku(edition="se2", licence_model="li") == "ED247C8ECA4JJ5A2"  # 0.982
        assert sku(edition="se2", licence_model="li", deployment="multi-az") == "S4CPZSVGEHMPARE5"  # 1.964

    def test_rds_custom_skus_are_kept_apart(self, book):
        # E7QCGG8G22JR9NBC is the same class, edition, licence and deployment at 0.454, with deploymentModel Custom
        rds = book.rds_instance(
            region="eu-west-1",
            instance_class="db.m5.xlarge",
            edition="ee",
            licence_model="byol",
            deployment="single-az",
        )
        custom = book.rds_instance(
            region="eu-west-1",
            instance_class="db.m5.xlarge",
            edition="ee",
            licence_model="byol",
            deployment="single-az",
            custom=True,
        )
        assert (rds.hourly.price_usd, custom.hourly.price_usd) == (Decimal("0.378"), Decimal("0.454"))
        assert custom.hourly.sku == "E7QCGG8G22JR9NBC"

    def test_unknown_class_names_the_field_and_the_priced_classes(self, book):
        with pytest.raises(PriceNotFound) as exc:
            book.rds_instance(
                region="eu-west-1",
                instance_class="db.m5.huge",
                edition="ee",
                licence_model="byol",
                deployment="single-az",
            )
        assert exc.value.field == "instance_class"
        assert str(exc.value).startswith(
            "instance_class: db.m5.huge has no RDS for Oracle EE BYOL Single-AZ price in eu-west-1 (prices as of 2023-02-23); "
            "priced classes: "
        )
        assert "db.m5.xlarge" in exc.value.message

    def test_a_combination_not_priced_names_its_field(self, book):
        with pytest.raises(PriceNotFound) as exc:
            book.rds_instance(
                region="eu-west-1",
                instance_class="db.m5.xlarge",
                edition="ee",
                licence_model="li",
                deployment="single-az",
            )
        assert exc.value.field == "licence_model"
        assert (
            "priced for db.m5.xlarge: ee byol multi-az, ee byol single-az, se2 byol single-az, se2 li multi-az, se2 li single-az"
            in exc.value.message
        )

    def test_unknown_region(self, book):
        with pytest.raises(
            PriceNotFound, match=r"^region: 'mars-1' has no prices in this price book; priced regions: eu-west-1$"
        ):
            book.rds_instance(
                region="mars-1",
                instance_class="db.m5.xlarge",
                edition="ee",
                licence_model="byol",
                deployment="single-az",
            )

    def test_on_demand_only_data_refuses_a_reserved_commitment(self, book):
        with pytest.raises(PriceNotFound) as exc:
            book.rds_instance(
                region="eu-west-1",
                instance_class="db.m5.xlarge",
                edition="ee",
                licence_model="byol",
                deployment="single-az",
                commitment="reserved-1yr-all-upfront",
            )
        assert exc.value.field == "commitment"
        assert exc.value.message.endswith("commitments priced: on-demand")


class TestRdsStorage:
    @pytest.mark.parametrize(
        ("volume_type", "deployment", "sku", "price"),
        [
            (
                "gp2",
                "single-az",
                "44XYABTC5T7AV62N",
                "0.127",
            ),  # the Oracle row, not the 'Any' duplicate R8WRAJ8WCVQ3X8YM
            ("gp2", "multi-az", "JCQMCZJZRA9JY7RF", "0.253"),  # not the SQL Server Mirror row AHQXUUQVM5CB92SB
            ("gp3", "single-az", "72J7NWYHFCW885UC", "0.127"),
            ("gp3", "multi-az", "644A8H9YHCFM45EQ", "0.254"),
            ("io1", "single-az", "3FFG435ESYJ72AQN", "0.138"),
            ("io1", "multi-az", "2VU35RHMA4NZ2V8F", "0.276"),
            ("magnetic", "single-az", "5274HDR5QS8QHM5W", "0.11"),
            ("magnetic", "multi-az", "5VDXCZ6YCRS5HZ6F", "0.22"),
        ],
    )
    def test_storage_per_type_and_deployment(self, book, volume_type, deployment, sku, price):
        row = book.rds_storage(region="eu-west-1", volume_type=volume_type, deployment=deployment)
        assert (row.sku, row.price_usd) == (sku, Decimal(price))

    def test_io2_is_not_in_the_2023_data_so_it_is_priced_at_io1_and_marked_estimated(self, book):
        # AWS Database Blog (2024-03): io2 Block Express "at the same price as io1"; the 2023 file has no io2 row
        row = book.rds_storage(region="eu-west-1", volume_type="io2", deployment="single-az")
        assert (row.sku, row.price_usd, row.estimated) == ("3FFG435ESYJ72AQN", Decimal("0.138"), True)
        assert row.estimate_note.startswith("io2 Block Express is priced as io1, AWS Database Blog, 2024-03")

    def test_a_snapshot_s_own_io2_row_wins_over_the_io1_stand_in(self):
        own = eu.row("AmazonRDS", "IO2-OWN", "Database Storage", "GB-Mo", "0.125", databaseEngine="Oracle",
                     deploymentOption="Single-AZ", usagetype="EU-RDS:IO2-Storage", volumeType="Provisioned IOPS-IO2")  # fmt: skip
        row = PriceBook([*eu.ALL, own]).rds_storage(region="eu-west-1", volume_type="io2", deployment="single-az")
        assert (row.sku, row.price_usd, row.estimated, row.estimate_note) == ("IO2-OWN", Decimal("0.125"), False, "")

    def test_a_type_no_rule_prices_as_another_stays_unpriced(self, book):
        with pytest.raises(PriceNotFound) as exc:
            book.rds_storage(region="eu-west-1", volume_type="io9", deployment="single-az")
        assert exc.value.field == "storage.type"
        assert exc.value.message.endswith("priced storage types: gp2, gp3, io1, magnetic")

    @pytest.mark.parametrize(
        ("volume_type", "deployment", "sku"),
        [
            ("io1", "single-az", "7TWXZRXJ3E5K3P45"),  # 'Provisioned IOPS' family, not the legacy storage-family row
            ("io1", "multi-az", "24MZZF8AAM4YBUKN"),
            ("gp3", "single-az", "3YSPUSJ55YWCC9FJ"),
            ("gp3", "multi-az", "782PYWM62BCJ32Y9"),  # not Mirror-GP3-PIOPS MK92A2YK9EEQVE7R
        ],
    )
    def test_provisioned_iops(self, book, volume_type, deployment, sku):
        assert book.rds_iops(region="eu-west-1", volume_type=volume_type, deployment=deployment).sku == sku

    def test_gp3_throughput_matches_usage_type_and_deployment_together(self, book):
        assert book.rds_throughput(region="eu-west-1", deployment="single-az").sku == "5HFDNZ8VT2CMHTUJ"  # 0.088
        assert book.rds_throughput(region="eu-west-1", deployment="multi-az").sku == "677ENGCB9N29GP8S"  # 0.177
        # In the 2023 data the Mirror row says Multi-AZ and the Multi-AZ usage type says Mirror: neither alone will do.
        swapped = PriceBook(
            [eu.RDS_GP3_THROUGHPUT_SWAPPED_MIRROR_USAGE, eu.RDS_GP3_THROUGHPUT_SWAPPED_MIRROR_DEPLOYMENT]
        )
        with pytest.raises(PriceNotFound):
            swapped.rds_throughput(region="eu-west-1", deployment="multi-az")

    def test_backup_magnetic_io_and_performance_insights(self, book):
        assert book.rds_backup(region="eu-west-1").sku == "BR8GBYX842X7FH8N"
        assert (
            book.rds_backup(region="eu-west-1", custom=True).sku == "37DF3HUADWNPUQ55"
        )  # EU-RDSCustom:ChargedBackupUsage
        assert book.rds_magnetic_io(region="eu-west-1").price_usd == Decimal("0.00000011")
        assert (
            book.rds_performance_insights(region="eu-west-1", instance_class="db.m5.xlarge").sku == "EX6VB536PM2SE235"
        )
        with pytest.raises(PriceNotFound, match="priced families: M5, R5"):
            book.rds_performance_insights(region="eu-west-1", instance_class="db.r6i.xlarge")


class TestEc2AndEbs:
    def test_ec2_linux_instance(self, book):
        assert book.ec2_instance(region="eu-west-1", instance_type="r6i.2xlarge").hourly.sku == "H2NVRKQAFR9EX5NJ"
        with pytest.raises(PriceNotFound) as exc:
            book.ec2_instance(region="eu-west-1", instance_type="r6i.3xlarge")
        assert exc.value.field == "instance_class"
        assert exc.value.message.endswith("priced instance types: m5.xlarge, r5.2xlarge, r5.4xlarge, r6i.2xlarge")

    def test_a_long_list_of_classes_shows_the_same_family_and_the_count(self):
        sizes = ["large", "xlarge", "2xlarge", "4xlarge", "8xlarge", "12xlarge", "16xlarge", "24xlarge"]
        types = [f"{family}.{size}" for family in ("m5", "r5", "r6i") for size in sizes]
        book = PriceBook(
            eu.EC2_M5_XL.model_copy(update={"sku": t, "attributes": {**eu.EC2_M5_XL.attributes, "instanceType": t}})
            for t in types
        )
        with pytest.raises(PriceNotFound) as exc:
            book.ec2_instance(region="eu-west-1", instance_type="r6i.huge")
        assert exc.value.message.endswith(
            "priced instance types: r6i.12xlarge, r6i.16xlarge, r6i.24xlarge, r6i.2xlarge, r6i.4xlarge, r6i.8xlarge, "
            "r6i.large, r6i.xlarge ... (24 in all)"
        )

    @pytest.mark.parametrize(
        ("volume_type", "sku"),
        [
            ("gp2", "GDX844Q9TQAG2YZ2"),
            ("gp3", "TXACT7E3PV6ZX2NM"),
            ("io1", "6ZAY5SN4BUEX53BV"),
            ("io2", "TN2XFMNDXRZZ5CGK"),
            ("st1", "CRDDQ58VQ7DU7373"),
            ("sc1", "V3WN4ZRCVEMX7VPK"),
            ("standard", "FKSBP9HGX7W4MAMJ"),
        ],
    )
    def test_ebs_storage_by_volume_api_name(self, book, volume_type, sku):
        assert book.ebs_storage(region="eu-west-1", volume_type=volume_type).sku == sku

    def test_ebs_iops_throughput_io_requests_snapshots(self, book):
        assert book.ebs_iops(region="eu-west-1", volume_type="io1").sku == "M4WP2RF278FEGVQY"
        assert book.ebs_iops(region="eu-west-1", volume_type="gp3").sku == "RC6HKYUDYUP35XBV"
        assert book.ebs_throughput(region="eu-west-1").unit == "GiBps-mo"
        assert book.ebs_io_requests(region="eu-west-1").sku == "UBSZ5YRYQC5U7WG6"
        assert book.ebs_snapshot(region="eu-west-1").sku == "UZ7N3QU3DRSU25FK"

    def test_io2_tiers_from_tier_usage_types(self, book):
        tiers = book.ebs_io2_iops_tiers(region="eu-west-1", tier_upper_bounds=IO2_BOUNDS, bounds_source="reference")
        assert [(t.begin, t.end, t.row.sku) for t in tiers] == [
            (0, 32000, "85KRDVUN28TUQW7Y"),  # 0.072
            (32000, 64000, "FVSCZFYXY7RHFESB"),  # 0.0504
            (64000, None, "HRFNKS5RPSVR55PM"),  # 0.03528
        ]

    def test_io2_tiers_from_begin_end_ranges_when_the_rows_have_them(self):
        # one SKU with three price dimensions, as some offer files publish tiered prices (pricing-notes 3b)
        def dim(begin, end, price):
            return PriceRow(
                service="AmazonEC2",
                region="us-east-1",
                sku="TIERED",
                product_family="System Operation",
                attributes={"usagetype": "EBS:VolumeP-IOPS.io2", "volumeApiName": "io2"},
                unit="IOPS-Mo",
                price_usd=Decimal(price),
                begin_range=Decimal(begin),
                end_range=None if end is None else Decimal(end),
                source="test",
                as_of=date(2026, 8, 1),
            )

        rows = [dim(0, 32000, "0.065"), dim(32000, 64000, "0.0455"), dim(64000, None, "0.03185")]  # RULES26 prices
        tiers = PriceBook(rows).ebs_io2_iops_tiers(region="us-east-1", tier_upper_bounds=(1, 2), bounds_source="unused")
        assert [(t.begin, t.end, t.row.price_usd) for t in tiers] == [
            (0, 32000, Decimal("0.065")),
            (32000, 64000, Decimal("0.0455")),
            (64000, None, Decimal("0.03185")),
        ]


def test_a_row_read_from_the_price_list_wins_over_an_estimated_one():
    derived = eu.RDS_M5_XL_EE_BYOL_MAZ.model_copy(
        update={"sku": "DERIVED", "price_usd": Decimal("0.75"), "estimated": True}
    )
    book = PriceBook([derived, eu.RDS_M5_XL_EE_BYOL_MAZ])
    row = book.rds_instance(
        region="eu-west-1", instance_class="db.m5.xlarge", edition="ee", licence_model="byol", deployment="multi-az"
    ).hourly
    assert row.sku == "JW8E8NB4DR9BDBWP"


def test_reserved_terms_when_rows_have_them():
    """Hypothetical reserved rows in the shape pricing-notes 3b describes (All Upfront = $0/h + a 'Quantity' fee)."""
    term = {"LeaseContractLength": "1yr", "PurchaseOption": "All Upfront", "OfferingClass": "standard"}
    base = eu.RDS_M5_XL_EE_BYOL_SAZ
    hourly = base.model_copy(update={"term": "Reserved", "term_attributes": term, "price_usd": Decimal("0")})
    upfront = base.model_copy(
        update={"term": "Reserved", "term_attributes": term, "unit": "Quantity", "price_usd": Decimal("2000")}
    )
    book = PriceBook([base, hourly, upfront])
    price = book.rds_instance(
        region="eu-west-1",
        instance_class="db.m5.xlarge",
        edition="ee",
        licence_model="byol",
        deployment="single-az",
        commitment="reserved-1yr-all-upfront",
    )
    assert (price.label, price.hourly.price_usd, price.upfront.price_usd, price.term_months) == (
        "Reserved 1yr All Upfront",
        0,
        2000,
        12,
    )
    with pytest.raises(PriceNotFound, match="commitments priced: on-demand, reserved-1yr-all-upfront"):
        book.rds_instance(
            region="eu-west-1",
            instance_class="db.m5.xlarge",
            edition="ee",
            licence_model="byol",
            deployment="single-az",
            commitment="reserved-3yr-all-upfront",
        )


def test_snapshot_date_and_sources(book):
    assert book.snapshot("eu-west-1") == "2023-02-23"
    assert book.sources("eu-west-1") == (
        ("AmazonEC2 offer file eu-west-1 2023-02-23 (terracost re-serialisation)", "2023-02-23"),
        ("AmazonRDS offer file eu-west-1 2023-02-23 (terracost re-serialisation)", "2023-02-23"),
    )


def test_a_missing_rds_price_names_the_date_of_the_rds_rows_not_a_newer_ec2_row():
    # eu-west-1 RDS rows are from the 2023-02-23 offer file; EC2 rows from a 2024-04-04 dataset may sit beside them
    rds = PriceRow(service="AmazonRDS", region="eu-west-1", sku="22AURN5QMXH9FTBB", product_family="Database Instance",
                   attributes={"databaseEngine": "Oracle", "databaseEdition": "Enterprise",
                               "licenseModel": "Bring your own license", "deploymentOption": "Single-AZ",
                               "instanceType": "db.m5.12xlarge"},
                   unit="Hrs", price_usd=Decimal("4.536"), source="offer file", as_of=date(2023, 2, 23))  # fmt: skip
    ec2 = PriceRow(service="AmazonEC2", region="eu-west-1", sku="OZ-m7i.large", product_family="Compute Instance",
                   attributes={"instanceType": "m7i.large"}, unit="Hrs", price_usd=Decimal("0.1"),
                   source="OZ dataset", as_of=date(2024, 4, 4))  # fmt: skip
    with pytest.raises(PriceNotFound) as caught:
        PriceBook([rds, ec2]).rds_instance(region="eu-west-1", instance_class="db.m5.huge", edition="ee",
                                           licence_model="byol", deployment="single-az")  # fmt: skip
    assert "eu-west-1 (prices as of 2023-02-23)" in caught.value.message


def test_a_missing_storage_price_names_the_service_s_on_demand_date_not_a_newer_reservation_s():
    # the audit's case: eu-west-1 RDS storage rows of 2023-02-23 beside EC2 Reserved rows of 2026-05-12
    reserved = PriceRow(service="AmazonEC2", region="eu-west-1", sku="RI-r6i.large", product_family="Compute Instance",
                        attributes={"instanceType": "r6i.large"}, term="Reserved",
                        term_attributes={"LeaseContractLength": "1yr", "OfferingClass": "standard",
                                         "PurchaseOption": "All Upfront", "RateBasis": "effective"},
                        unit="Hrs", price_usd=Decimal("0.1"), source="RI dataset", as_of=date(2026, 5, 12))  # fmt: skip
    rows = [*eu.ALL, reserved]
    with pytest.raises(PriceNotFound) as rds:
        PriceBook(rows).rds_storage(region="eu-west-1", volume_type="io9", deployment="multi-az")
    with pytest.raises(PriceNotFound) as ebs:
        PriceBook(rows).ebs_storage(region="eu-west-1", volume_type="io9")

    assert "in eu-west-1 (prices as of 2023-02-23)" in rds.value.message
    assert (
        "in eu-west-1 (prices as of 2023-02-23)" in ebs.value.message
    )  # EC2's on-demand rows, not the 2026 reservation
