"""The cost lines of one Oracle Database@AWS infrastructure. On Exadata a stopped VM bills on ("the stop state has no
effect on the resources you consume. Billing continues for DB nodes that you stop": Oracle's OCI Database API,
DbNodeAction), so the VM cluster's ECPUs are billed for all 730 hours of a month whatever hours the workload runs;
the line says that scaling them down outside the working hours, to no fewer than 8 per VM (the X11M data sheet),
could lower it, and that this is not priced.

Worked by hand from Oracle's list of 2026-01-05: B110632 ECPU BYOL $0.0807 an hour. 20 vCPUs = 10 OCPUs = 40 ECPUs
(a multiple of 8, at least 8 on each of 2 VMs): 40 x 0.0807 x 730 = 2,356.44 a month (at the workload's 200 hours it
was 40 x 0.0807 x 200 = 645.60). 4 vCPUs = 8 ECPUs, raised to the least the 2-VM cluster allows, 16.
"""

from decimal import Decimal

from advisor.engine.odb.exadata import recommend_odb
from advisor.engine.odb.rates import OdbRates
from pricing.engine.odb_prices import odb_shapes


def odb(**change):
    need = dict(vcpus_needed=20, memory_gib_needed=256, storage_gib_needed=5120, edition="ee", licence_model="byol",
                region="us-east-1", cross_region_dr=False, dr_region=None, hours_per_month=Decimal(200))  # fmt: skip
    return recommend_odb(**(need | change))


def ecpus(result, model="byol"):
    (found,) = [ln for ln in result.lines if ln.kind == "compute" and ln.licence_model == model]
    return found


def test_a_part_time_workload_is_billed_its_ecpus_for_the_whole_month():
    line = ecpus(odb())
    assert (line.quantity, line.hours, line.unit_price_usd) == (40, 730, Decimal("0.0807"))
    assert line.monthly_usd == Decimal("2356.44")


def test_the_line_says_why_and_that_scaling_down_to_the_least_per_vm_could_lower_it_unpriced():
    note = ecpus(odb()).note
    assert note.startswith("Billed for all 730 hours of the month, not only the workload's 200: stopping the VMs does "
                           "not stop the billing on Exadata (Oracle Cloud Infrastructure Database API reference, "
                           "DbNodeAction, as of 2026-11-29).")  # fmt: skip
    assert note.endswith("Scaling the ECPUs down outside the working hours, to the least allowed (8 per VM: 16 on its "
                         "2 VMs), could lower it; that is not priced.")  # fmt: skip


def test_a_cluster_already_at_the_least_ecpus_is_said_not_to_be_lowered_by_scaling():
    line = ecpus(odb(vcpus_needed=4))
    assert line.quantity == 16 and line.monthly_usd == Decimal("942.58")  # 16 x 0.0807 x 730 = 942.576
    assert line.note.endswith("The VM cluster already has the least ECPUs allowed, 8 per VM on its 2 VMs, so scaling "
                              "down cannot lower it.")  # fmt: skip


def test_a_workload_that_runs_all_month_has_no_such_words():
    assert ecpus(odb(hours_per_month=Decimal(730))).note == ""


def test_a_quoted_license_included_rate_is_billed_all_month_too():
    # 40 x 0.30 x 730 = 8,760.00
    line = ecpus(odb(licence_model="li", rates=OdbRates(ecpu_usd_per_hour=Decimal("0.30"))), model="li")
    assert (line.hours, line.monthly_usd) == (730, Decimal("8760.00")) and "not priced" in line.note


def test_the_billing_facts_no_longer_say_the_ecpus_follow_the_workloads_hours():
    shapes = odb_shapes()
    assert "follow the workload's hours" not in shapes.infrastructure_billing.text
    stopped = shapes.stopped_vm_billing
    assert stopped.tag == "C" and stopped.document == "Oracle Cloud Infrastructure Database API reference, DbNodeAction"
    assert (
        "'Bare metal and Exadata systems - The stop state has no effect on the resources you consume. Billing "
        "continues for DB nodes that you stop" in stopped.source
    )
