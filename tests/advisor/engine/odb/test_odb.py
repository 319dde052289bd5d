"""Sizing and pricing Oracle Database@AWS (Exadata Database Service on Dedicated Infrastructure).

Expected money is worked out by hand from odb-prices.csv (shared/data/odb-and-cpu-options, as of 2026-01-05):
B110627 X11M database server 2.9032/h, B110629 X11M storage server 2.9032/h, B110632 ECPU BYOL 0.0807/h,
B93381/B93382 X9M servers 2.9032/h, B88592 OCPU License Included 1.3441/h; 730 hours a month. Sizing facts are
those of pricing/engine/data/odb_shapes.json: 760 ECPUs, 1,390 GB and at least 2 per X11M database server; 80 TB
usable (0.8 of it for database files) and at least 3 per storage server; ECPUs a multiple of 8, at least 8 per VM;
2 vCPUs per OCPU and 4 ECPUs per OCPU. GiB are turned into GB at 1.073741824.

BYOL totals include the Oracle licences, counted at 8 ECPUs per processor licence (Oracle's service description;
the stricter reading of 4 is priced beside it) and priced at Oracle's list (Enterprise Edition $47,500 a processor,
support 22 % a year) over 3 years with none owned: per licence 47,500 / 36 = 1,319.4444 a month to buy and
47,500 x 0.22 / 12 = 870.8333 a month of support. For 4 licences (32 ECPUs / 8): 5,277.78 + 3,483.33 = 8,761.11
a month.
"""

import json
from decimal import Decimal

from advisor.engine.odb.exadata import recommend_odb
from advisor.engine.rules.loader import RULES_DIR, evaluate_rules
from advisor.engine.workload import parse_workload
from pricing.engine.odb_prices import odb_regions, odb_shapes

TIB = 1024


def odb(**change):
    need = dict(vcpus_needed=16, memory_gib_needed=256, storage_gib_needed=5 * TIB, edition="ee",
                licence_model="byol", region="us-east-1", cross_region_dr=False, dr_region=None,
                hours_per_month=Decimal(730))  # fmt: skip
    return recommend_odb(**(need | change))


def line(result, part_number, copy="primary"):
    (found,) = [ln for ln in result.lines if ln.part_number == part_number and ln.copy == copy]
    return found


def test_byol_in_us_east_1_is_the_minimum_x11m_infrastructure_and_32_ecpus():
    result = odb()

    assert result.offered and not result.problems
    infra = result.infrastructure
    # 16 vCPUs / 2 per OCPU = 8 OCPUs x 4 = 32 ECPUs: a multiple of 8 and above 8 per VM x 2 VMs
    assert result.compute_needed == Decimal(32)
    assert (infra.shape, infra.database_servers, infra.storage_servers, infra.vms, infra.compute) == (
        "Exadata.X11M", 2, 3, 2, 32,
    )  # fmt: skip
    assert infra.compute_unit == "ECPU" and infra.storage_server_type == "X11M-HC"
    # 2 x 2.9032 x 730 = 4,238.672; 3 x 2.9032 x 730 = 6,358.008; 32 x 0.0807 x 730 = 1,885.152
    db, storage, byol = line(result, "B110627"), line(result, "B110629"), line(result, "B110632")
    assert (db.quantity, db.unit_price_usd, db.hours, db.monthly_usd) == (2, Decimal("2.9032"), 730, Decimal("4238.67"))
    assert (storage.quantity, storage.monthly_usd) == (3, Decimal("6358.01"))
    assert (byol.quantity, byol.unit_price_usd, byol.monthly_usd) == (32, Decimal("0.0807"), Decimal("1885.15"))
    assert (db.licence_model, byol.licence_model) == ("both", "byol")
    assert db.as_of == "2026-01-05" and "oci-pricing-mcp" in db.source
    # infrastructure and ECPUs 4,238.67 + 6,358.01 + 1,885.15 = 12,481.83, plus 4 Enterprise Edition licences
    # 8,761.11 (5,277.78 bought + 3,483.33 support) and 4 of RAC 4,242.23 (2,555.56 + 1,686.67): the database runs
    # RAC on the cluster's two VMs
    assert result.total_byol_usd == Decimal("25485.17") == result.monthly_usd
    # a single instance would have one VM's 16 of the 32 ECPUs needed: no total without RAC is offered
    assert result.runs_rac and result.byol_without_rac_usd is None
    assert result.byol_processor_licences == 4 and result.licences_in_total


def test_license_included_is_unpriced_because_the_ecpu_sku_is_missing():
    result = odb(licence_model="li")

    li = line(result, "B110631")
    assert li.unit_price_usd is None and li.monthly_usd is None and li.licence_model == "li"
    assert "602-product dump" in li.note
    assert result.total_li_usd is None and result.monthly_usd is None and not result.licences_in_total
    assert result.total_byol_usd == Decimal("25485.17")
    assert any("B110631" in text for text in result.unpriced)
    # the infrastructure alone: 4,238.67 + 6,358.01
    assert any("License Included is not priced" in r and "$10,596.68" in r for r in result.reasons)


def test_a_region_without_the_service_is_not_offered_and_not_priced():
    result = odb(region="eu-west-1")

    assert not result.offered
    assert "not offered in eu-west-1" in result.problems[0] and "us-west-2" in result.problems[0]
    assert result.lines == () and result.infrastructure is None and result.total_byol_usd is None


def test_every_price_is_called_a_list_price_before_any_private_offer_discount():
    result = odb()
    assert "list prices before any private-offer discount" in result.price_basis
    assert "list prices before any private-offer discount" in result.reasons[0]


def test_the_x11m_server_lines_carry_the_2026_price_lead_as_a_warning_not_a_price():
    result = odb()
    assert "6.3014" in line(result, "B110627").note and "5.4795" in line(result, "B110629").note
    assert line(result, "B110627").unit_price_usd == Decimal("2.9032")
    assert any(r.startswith("Caveat: X11M infrastructure prices may have changed in 2026") for r in result.reasons)


def test_byol_licences_are_not_counted_without_a_ratio_and_say_so():
    shapes = odb_shapes()
    gone = shapes.conversions.ecpus_per_processor_licence.model_copy(update={"value": None})
    changed = shapes.model_copy(update={"conversions": shapes.conversions.model_copy(update={"ecpus_per_processor_licence": gone})})  # fmt: skip
    result = odb(shapes=changed, options_byol=("rac", "partitioning"))
    assert result.byol_processor_licences is None and not result.licences_in_total
    assert "32 ECPUs" in result.byol_licence_note and "count is not given" in result.byol_licence_note
    assert result.byol_options == ("rac", "partitioning")
    assert result.total_byol_usd == Decimal("12481.83")  # infrastructure and ECPUs only


def test_every_vm_cluster_is_licensed_primary_and_standbys():
    # 32 ECPUs / 4 per licence = 8 per VM cluster; a standby's VM cluster is licensed like the primary
    assert odb().byol_processor_licences == 4
    assert odb(cross_region_dr=True, dr_region="us-west-2").byol_processor_licences == 8
    assert odb(multi_az=True).byol_processor_licences == 8
    assert odb(multi_az=True, cross_region_dr=True, dr_region="us-west-2").byol_processor_licences == 12


def test_when_one_vm_holds_the_need_the_total_without_rac_is_priced_beside():
    # 4 vCPUs = 2 OCPUs = 8 ECPUs: the cluster's minimum is 8 per VM x 2 VMs = 16, so one VM holds the whole need and
    # a single-instance database there would need no RAC: 16 ECPUs / 8 per licence = 2 licences of each
    result = odb(vcpus_needed=4)
    assert (result.compute_needed, result.infrastructure.compute, result.infrastructure.vms) == (8, 16, 2)
    # 4,238.67 + 6,358.01 + 16 x 0.0807 x 730 (942.58) + EE 2 x (1,319.4444 + 870.8333) (2,638.89 + 1,741.67)
    assert result.byol_without_rac_usd == Decimal("15919.82")
    # RAC: 2 x 638.8889 = 1,277.78 and 2 x 421.6667 = 843.33
    assert result.total_byol_usd == Decimal("15919.82") + Decimal("1277.78") + Decimal("843.33") == Decimal("18040.93")
    # a workload that needs RAC gets no total without it
    assert odb(vcpus_needed=4, options_byol=("rac",)).byol_without_rac_usd is None


def test_cross_region_dr_adds_an_identical_standby_in_the_dr_region():
    result = odb(cross_region_dr=True, dr_region="us-west-2")

    assert result.standby.region == "us-west-2" and result.standby.compute == 32
    assert line(result, "B110627", copy="standby").monthly_usd == Decimal("4238.67")
    assert len(result.lines) == 8 + 4  # and the Enterprise Edition and RAC licences to buy and their support
    # 2 x 12,481.83 = 24,963.66; 8 licences: 8 x 1,319.4444 = 10,555.56 and 8 x 870.8333 = 6,966.67; 8 of RAC:
    # 8 x 638.8889 = 5,111.11 and 8 x 421.6667 = 3,373.33
    assert result.total_byol_usd == Decimal("50970.33")


def test_a_dr_region_without_the_service_or_without_a_name_is_a_problem():
    assert "not offered in the DR Region eu-west-1" in odb(cross_region_dr=True, dr_region="eu-west-1").problems[0]
    assert "none was given" in odb(cross_region_dr=True, dr_region=None).problems[0]
    assert odb(cross_region_dr=True, dr_region="eu-west-1").lines == ()


def test_fewer_hours_lower_nothing_the_infrastructure_and_the_ecpus_are_billed_all_month():
    # a stopped VM bills on (Oracle's OCI Database API, DbNodeAction): 32 x 0.0807 x 730 = 1,885.152, not x 365
    result = odb(hours_per_month=Decimal(365))
    assert line(result, "B110627").hours == 730 and line(result, "B110627").monthly_usd == Decimal("4238.67")
    assert line(result, "B110632").hours == 730 and line(result, "B110632").monthly_usd == Decimal("1885.15")
    assert any("minimum term of 48 hours" in r for r in result.reasons)
    assert any("Billing continues for DB nodes that you stop" in r for r in result.reasons)


def test_memory_and_data_add_servers():
    # 400 vCPUs = 800 ECPUs: 2 servers at 760; 3,000 GiB = 3,221.2 GB: 3 servers at 1,390 GB
    # 200 TiB = 219.9 TB: 4 storage servers at 80 x 0.8 = 64 TB
    result = odb(vcpus_needed=400, memory_gib_needed=3000, storage_gib_needed=200 * TIB)
    infra = result.infrastructure
    assert (infra.database_servers, infra.vms, infra.compute, infra.storage_servers) == (3, 3, 800, 4)
    assert line(result, "B110629").monthly_usd == Decimal("8477.34")  # 4 x 2.9032 x 730 = 8,477.344


def test_a_small_need_still_gets_8_ecpus_per_vm():
    result = odb(vcpus_needed=1, memory_gib_needed=8, storage_gib_needed=100)
    assert result.compute_needed == Decimal(2) and result.infrastructure.compute == 16


def test_more_storage_than_64_servers_hold_is_a_problem():
    result = odb(storage_gib_needed=5_000_000 / 1.073741824)  # 5,000,000 GB = 5,000 TB > 64 x 64 TB
    assert result.infrastructure is None
    assert any("Needs 79 storage servers" in p and "at most 64" in p for p in result.problems)


def test_byol_needs_enterprise_edition_and_known_options():
    assert "Enterprise Edition" in odb(edition="se2").problems[0]
    assert not odb(edition="se2", licence_model="li").problems
    assert "Unknown option 'warp_drive'" in odb(options_byol=("warp_drive",)).problems[0]


def test_x9m_is_priced_in_ocpus_with_license_included_but_memory_unchecked():
    result = odb(shape="Exadata.X9M", licence_model="li")

    assert result.infrastructure.compute == 8 and result.infrastructure.compute_unit == "OCPU"  # 16 vCPUs / 2
    assert line(result, "B88592").monthly_usd == Decimal("7849.54")  # 8 x 1.3441 x 730 = 7,849.544
    assert result.total_li_usd == Decimal("18446.22")  # 4,238.67 + 6,358.01 + 7,849.54
    assert any(r.startswith("Memory not checked") for r in result.reasons)


def test_an_unsourced_fact_stops_the_sizing_and_says_which():
    shapes = odb_shapes()
    x11m = shapes.shape("Exadata.X11M")
    gone = x11m.compute_per_database_server.model_copy(update={"value": None})
    changed = shapes.model_copy(update={"shapes": (x11m.model_copy(update={"compute_per_database_server": gone}),)})
    result = odb(shapes=changed)
    assert result.infrastructure is None and "compute per database server" in result.problems[0]


def test_the_shape_facts_are_the_sourced_ones():
    x11m = odb_shapes().shape("Exadata.X11M")
    facts = [x11m.compute_per_database_server, x11m.memory_gb_per_database_server, x11m.usable_tb_per_storage_server,
             x11m.min_database_servers, x11m.max_database_servers, x11m.min_storage_servers, x11m.max_storage_servers,
             x11m.min_compute_per_vm, x11m.compute_step]  # fmt: skip
    assert [f.value for f in facts] == [760, 1390, 80, 2, 32, 3, 64, 8, 8]
    assert all(f.source and f.as_of for f in facts)
    conv = odb_shapes().conversions
    assert (conv.ocpus_per_processor_licence.value, conv.ecpus_per_processor_licence.value,
            conv.ecpus_per_processor_licence_other_reading.value) == (2, 8, 4)  # fmt: skip
    assert "you may activate up to 8 ECPUs" in conv.ecpus_per_processor_licence.source
    assert "one Oracle Processor License maps to two OCPUs" in conv.ocpus_per_processor_licence.source


def odb_rule(rule_id):
    rules = json.loads((RULES_DIR / "odb.json").read_text())["rules"]
    (rule,) = [r for r in rules if r["id"] == rule_id]
    return rule


def test_the_region_rules_list_exactly_the_regions_data():
    regions = set(odb_regions().codes())
    assert len(odb_regions().codes()) == len(regions) == 7
    assert set(odb_rule("odb-region-not-listed")["when"]["value"]) == regions
    dr_tests = odb_rule("odb-dr-region-not-listed")["when"]["all"]
    assert set(next(t["value"] for t in dr_tests if t["fact"] == "availability.dr_region")) == regions


def test_a_region_without_the_service_blocks_oracle_database_at_aws():
    assert odb_rule("odb-region-not-listed")["severity"] == "blocker"
    verdicts = {v.option: v for v in evaluate_rules(parse_workload({"environment": {"region": "eu-west-1"}}))}
    assert verdicts["odb"].verdict == "blocked"
    assert "odb-region-not-listed" in [f.rule_id for f in verdicts["odb"].findings if f.severity == "blocker"]
    here = {v.option: v for v in evaluate_rules(parse_workload({"environment": {"region": "us-west-2"}}))}
    assert "odb-region-not-listed" not in [f.rule_id for f in here["odb"].findings]


def test_a_dr_region_without_the_service_blocks_oracle_database_at_aws_and_none_given_only_warns():
    # DR asked for in Ireland, where the service is not listed: the DR copy cannot be built, so the option is blocked
    far = {"region": "us-east-1"}
    ireland = parse_workload({"environment": far, "availability": {"cross_region_dr": True, "dr_region": "eu-west-1"}})
    odb = next(v for v in evaluate_rules(ireland) if v.option == "odb")
    assert odb.verdict == "blocked"
    (finding,) = [f for f in odb.findings if f.rule_id == "odb-dr-region-not-listed"]
    assert finding.severity == "blocker" and "eu-west-1" in finding.explanation
    # Ohio runs it: nothing to say; no DR Region given yet: a warning naming the Regions, not a blocker
    ohio = parse_workload({"environment": far, "availability": {"cross_region_dr": True, "dr_region": "us-east-2"}})
    odb = next(v for v in evaluate_rules(ohio) if v.option == "odb")
    assert not {"odb-dr-region-not-listed", "odb-dr-region-not-given"} & {f.rule_id for f in odb.findings}
    unnamed = parse_workload({"environment": far, "availability": {"cross_region_dr": True}})
    odb = next(v for v in evaluate_rules(unnamed) if v.option == "odb")
    assert [f.severity for f in odb.findings if f.rule_id.startswith("odb-dr-region-")] == ["warning"]
    assert "odb-dr-region-not-given" in {f.rule_id for f in odb.findings}


def test_storage_is_said_as_the_sized_capacity_never_as_an_unconfirmed_warning():
    workload = parse_workload({"environment": {"region": "us-east-1"}})
    odb = next(v for v in evaluate_rules(workload) if v.option == "odb")
    (finding,) = [f for f in odb.findings if f.rule_id == "odb-storage-capacity"]
    assert finding.severity == "info" and "80 TB usable" in finding.explanation
    assert not any("not confirmed" in f.title.lower() for f in odb.findings if "storage" in f.title.lower())


def test_multi_az_on_exadata_is_a_second_infrastructure_in_another_az():
    # An Exadata infrastructure sits in one AZ: a local standby is a second one of the same size with Data Guard,
    # so every infrastructure and ECPU line is there twice, and twice the licences are counted.
    from decimal import Decimal as D

    from advisor.engine.odb.exadata import recommend_odb

    args = dict(vcpus_needed=16, memory_gib_needed=256, storage_gib_needed=5120, edition="ee", licence_model="byol",
                region="us-east-1", cross_region_dr=False, dr_region=None, hours_per_month=D(730))  # fmt: skip
    single, multi = recommend_odb(**args), recommend_odb(**args, multi_az=True)
    assert single.local_standby is None and multi.local_standby == multi.infrastructure

    def copies(result):
        return [line for line in result.lines if line.kind != "licence"]

    assert len(copies(multi)) == 2 * len(copies(single))
    # 2 x 12,481.83 + 8 licences (10,555.56 + 6,966.67) + 8 of RAC (5,111.11 + 3,373.33) = 50,970.33
    assert multi.total_byol_usd == Decimal("50970.33") and multi.byol_processor_licences == 8
    assert any(line.name.startswith("Standby in a second AZ: ") for line in multi.lines)


def test_backups_are_left_out_saying_the_recovery_service_rate_held_and_why_it_does_not_price_them():
    # Oracle's list (2026-01-05) holds the Autonomous Recovery Service at 0.0306 USD per "Virtualized GB Per Month"
    # (part B95240); no source held says how many virtualized GB a database and its retention are billed
    (words,) = [r for r in odb().reasons if r.startswith("Not in these lines, and not priced")]
    assert (
        'Autonomous Recovery Service at $0.0306 per "Virtualized GB Per Month" (part B95240, as of 2026-01-05)' in words
    )
    assert "no source held says how many virtualized GB a database and its retention are billed" in words
