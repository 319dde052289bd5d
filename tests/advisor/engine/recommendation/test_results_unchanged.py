"""The engine's speed work changes no answer: every golden scenario and 200 generated workloads give the
recommendation JSON they gave before it (stored from the engine as it was, see ``comparison_set``). The stored set
is written again only after listing every difference and finding each intended: last on 2026-11-28, for texts of our
price lists and price rows said in customers' words, an RDS replica's inter-Region transfer marked estimated, and RAC no longer
licensed on EC2 servers that each run a single instance (51 RAC workloads: the EC2 option's licences and totals
only) nor on Oracle Database@AWS for a workload that does not need it (106 workloads: that option's licences and
totals only), and Oracle Database@AWS licences counted at the 8 ECPUs a licence of Oracle's service description
(119 workloads, that option only); no recommended option moved. Again later that day: Oracle Database@AWS licenses
RAC on BYOL wherever its VM cluster runs two or more VMs, as Oracle's tooling runs the database there (96 workloads'
licences and totals, that option only; every workload gains the option's two new fields); no ranking's order moved.
And once more: where no priced class has the vCPUs or memory needed but catalog classes without a price do, the
reason names them and the refresh that would price them (7 options' reasons, 6 workloads; no total moved). Then a
storage price missing said once, not once for every volume of every layout tried, and RDS's missing gp3 throughput
price without the config key (180 reasons of RDS and EC2, 90 workloads; nothing else moved). On 2026-11-28 again:
the Tuning Pack licensed with the Diagnostics Pack it needs, and Far Sync with the Active Data Guard it requires where
it runs (EC2, Oracle Database@AWS): 8 workloads' licences and totals; no ranking's order moved. Then an option that
does not build the standby, replicas or DR copy another ranked option builds is left out as partial: no workload of
the set moved; every one gains the ranking's two new fields (what no option compared builds). And Oracle Database@AWS
says an unpriced part and an edition in words (239 reasons; no total moved); options a platform lacks named with the
platform's name and AWS's guide (109 notes). Then sources said as people know them, without who copied or quoted them
for our notes (every workload: findings' sources such as the price list's transcription file; Oracle Database@AWS
notes and reasons quoting a website, the Japanese edition read, "unverified"); texts only, no figure, total or
ranking moved. RDS's full-scan finding titled as the condition it is, like EC2's (61 titles). On 2026-11-28 (twelfth session): a
total that waits for a figure the workload does not give (EC2's Data Guard traffic between AZs without a redo rate)
while another ranked total does not wait for it is left out as partial, not ranked cheapest (5 workloads: the
ranking only, EC2 left out and RDS recommended; no option's total moved). Then RDS's free backup allowance counted
as the Region's database storage, each read replica there adding its own (42 backup lines' words in 38 workloads;
no quantity or total of the set moved). Then Oracle Database@AWS says the read replicas asked for are not built
(a note in 50 workloads; every workload's Oracle Database@AWS result gains the field that lists it), and where it is
left out for unpriced costs and also lacks them, its reason says both and it is no longer called "already below"
(11 workloads' reasons); no total and no ranking's order moved. The RDS backup line says the transaction logs kept
for point-in-time restore are not counted (104 lines' notes in 97 workloads; nothing else moved). Then research
wording taken out of the rules', price rows' and catalog's texts at their source (every workload: findings' titles,
explanations and sources, notes, price sources; texts only, no figure, key or list length moved). Commitment
totals gain the field that says why a commitment's cash by year is not known (empty in all 115 workloads that
price commitments: no figure moved). Each option's cost gains the basis of its 1- and 3-year run-rate (which now
counts rising support as paid in those years, as /estimate does: no workload of the set has an uplift, no figure
moved). The io2 tier bounds' source says they are not confirmed (203 line notes in 44 workloads). A total left
out for waiting for more names only what the others do not wait for (5 reasons). Findings say a count of one in
the singular ("1 PDB", "1 core"; 211 explanations in 176 workloads; texts only); a class's shortfall says "24 vCPUs,
needs 29 vCPUs", not "vCPUs 24 vCPUs" (488 reasons in 91 workloads). A commitment without a price says "no price
held" to the customer, not "refresh to price it" (3,182 reasons in 115 workloads); a document page's internal id
and a note on a blog left out of two rules' texts (texts only). On 2026-11-28 (thirteenth session): where two
storage layouts of a class cost the same, the one that leaves more IO room is kept (RDS io2 at io1's price gives 4,000
MiB/s a volume against 500: 34 configurations in 10 workloads, io1 became io2 with its lines' price rows, notes and
capacity; no total and no ranking moved). A price looked for and not found says the Region's "prices as of" a date,
not a "snapshot" (366 reasons in 90 workloads; texts only). Where a class's NVMe disks serve the reads (an ASM
preferred-read mirror), EBS is bought for the writes alone, not for reads it never serves (found by a cost audit:
8 gp3 volumes provisioned to 12,000 IOPS each where their free 3,000 served the writes); and a latency-sensitive
workload is not placed on an EC2 class without Nitro, where io2 is neither sub-millisecond nor above 32,000 IOPS:
EC2's total fell in 38 workloads (its configuration, lines, commitments and cash with it; 4 margins of the ranking),
the words on the instance store say EBS is sized for the writes; no recommended option moved. The sizing policy
gains a storage headroom, 0 unless asked for (every workload's policy gains the field; nothing else moved). An
option without a price says "no ... instance price is held", not what "the price snapshots hold" and that a refresh
would price it (200 reasons in 192 workloads; texts only). Layouts are compared on their lines unrounded, so a
layout split over more volumes is no longer a cent cheaper by rounding each line (2 workloads: EC2's io2 on one
volume instead of two, its total a few cents more). On 2026-11-28 (fourteenth session), found by a cost audit: a
DR copy's class must be offered in the DR Region, and a class the DR Region holds no price for (priced there at the
primary's price, a guess) is compared after the classes priced in both Regions (1 workload's RDS moved from
db.m6i.8xlarge to db.m5.8xlarge, $163.52 more, with its ranking's margins; 10 workloads' alternatives gain the reason
they are put after). Then a readable standby asked for (Active Data Guard) where the only standby is the DR copy
opens the DR copy read-only and licenses it, not the primary alone (9 workloads' RDS or EC2 licences and totals, with
their commitments, cash and ranking margins; no recommended option moved), and where nothing is built to read the
option says so (20 workloads gain the note). EC2's Far Sync instance, a server of its own that no source sizes or
licenses, is named as a cost its total leaves out (10 workloads: EC2 partial; 1 has no option recommended, EC2 and
Oracle Database@AWS both partial). A recommended total that itself waits for a figure (the backups' daily change)
is "the cheapest of the options compared", not "of the options priced in full" (27 workloads' scope). SE2's backups
replicated to the DR Region are counted as the primary's (first full copy and each day's changes), with no free
allowance there, not as the allocated storage (2 workloads' RDS totals fell by a few dollars). Research wording
taken out of what users read (the 2017 talk's examples and sections, RAC on EC2 as House of Brick reads the policy,
RDS Custom Multi-AZ as AWS's User Guide lists it, Oracle Database@AWS's price basis and X11M caveat, "instance
classes" for "catalog classes": 4,481 texts in every workload), and a class's shortfall shows the need above its
capacity ("64 vCPUs, needs 64.4 vCPUs": 764 reasons in 119 workloads); no figure, key, list or ranking moved. On 2026-11-28 (fifteenth
session): an EC2 read replica beyond the readable standby is an Active Data Guard standby in another zone than the
primary's, sent the redo across zones like the standby: 29 workloads changed, EC2's total rose in 5 with a redo rate
(the transfer line counts each replica; their commitments, cash and 3 ranking totals with it), and without a redo
rate 9 more say that traffic waits for it; no recommended option moved. Then, found by a licence audit, on Oracle
Database@AWS a readable standby asked for with only a DR copy opens the DR copy and licenses Active Data Guard there,
and read replicas, which it does not build, license no Active Data Guard (56 workloads changed: Oracle Database@AWS's
licences and totals in 35, its reasons in 27, 17 recommended totals and 10 left-out totals with them; no recommended
option moved). Oracle Database@AWS's backups, left out, say the Recovery Service rate Oracle lists and why it does
not price them, and what it leaves out is "not priced (no source held says what they would bill here)", not "no price
is held" (135 workloads' reasons, 74 rankings' scope words, 24 left-out reasons; texts only). Where nothing meets
the need, the most any configuration gives is read over every layout tried, not each class's closest miss (RDS's
4,000 MiB/s where gp2's 1,000 was said: 9 unmet lines, 6 left-out reasons), and RDS past one 64 TiB allocation says so
(2 workloads' unpriced reason); no option, total or ranking moved. Then, found by a storage audit, each gp3 storage
line says what its price includes and that only what is provisioned above is charged (1,187 line notes in 71
workloads), every configuration's storage gains the field that says it (null but for gp3; 427 configurations), and a
note says why a price is estimated before what else it says (75 notes of io2 tiers and backups in 54 workloads);
texts and one field only, no figure, total or ranking moved. The licence metric (processor, the default, or Named
User Plus) and the named users join every workload's Oracle answers; the licence counts gain their metric-neutral
fields (licences per server and in all: 115 options) and Oracle Database@AWS's licences the named users (null: 119);
no figure moved. Then, found by a sizing audit, the search's bound counts the least licence of any class after the
one it stops at (a class dearer by the hour may allow fewer cores, so a licence fewer): 3 workloads' EC2 choice fell
($3,455 to $4,642 a month) and 57 workloads' alternatives now show the cheaper classes the walk used to stop before;
and what nothing meets says a need with the decimals that set it apart ("8 vCPUs, the need is 8.4"; 71 unmet lines);
no recommended option moved. On 2026-11-29, after audits of sizing, commitments, rules and Oracle Database@AWS: r5b, m5n
and r6id classes carry the CoreMark of a measured family on the same processor, said as borrowed (115 workloads gain
the two fields, 82 show the borrowed figures; no choice moved, as no workload of the set gives a source CPU); RDS
3-year No Upfront is not offered (97 reasons); the rules' like-for-like severities, HCC-decompressed storage limits,
RPO 0 across Regions and the AMM warning only under 14 GiB (138 workloads' findings); Oracle Database@AWS builds no
Multi-AZ standby where AWS lists one zone for it (20 Sydney workloads: that option's lines, licences and totals),
its ECPUs billed for the whole month, and the July 2026 price lead said beside its total and the ranking (every
workload gains the two fields); no ranking's order and no recommended option moved. Then, from audits of EC2 and RDS:
EC2's instance store no longer takes reads off EBS where no standby can take over when it is lost (21 EC2 choices
moved to EBS-only classes or pay for full EBS, $102 to $11,649 a month more; 40 more in words, alternatives or
margins), and SE2 backups replicated to another Region are priced as the snapshot copy they are (2 workloads' words
and inputs awaited); no recommended option moved. Then Oracle Database@AWS's server lines say the later list's price
in a few words, on the primary's lines only (135 line notes; nothing else moved). And EC2's Smart Flash Cache finding
allows the EBS-backed preferred-read mirror the sizing counts (9 workarounds; nothing else moved). On 2026-11-29
(seventeenth session): every option's answer and every option left out of the ranking say whether nothing is
deployable as sized, and each option its verdict as the results show it (820 options and 661 left out gain the
fields; none of the set is past a licence cap, so all say false; nothing else moved). Every workload gains the release
it runs today (blank in all 205, so no upgrade is said; no recommendation moved). A words audit: endoflife.date named as people
know it, with its date, not "generated" (227 findings' sources; texts only). Then, from a like-for-like audit: owned
licences beyond what an option needs keep their support counted on every option (41 workloads' totals rose, Oracle
Database@AWS's support among them, with their cash and commitments; the support lines say how many are beyond the
need); an Oracle option with no list price held (OLAP, Real Application Testing, GoldenGate) is listed among what a
total does not price, and totals that leave out the same options' licences stay ranked on the costs priced so far
(5 rankings say so; no recommended option and no ranked order moved); Oracle Database@AWS's totals say they are at
Oracle's list prices, not AWS on-demand (82 bases), and carry a partial flag; two or more ranked totals waiting for a
figure are "on the costs priced so far" (11 scopes). Then Oracle Database@AWS licenses an option with no list price held
the same way: listed as not priced, its other BYOL licences counted, where they were all dropped (16 workloads: that
option's licences and totals; 9 of its recommended-alone totals now count the licences; no recommended option moved).
A licence rule's or limit's source is cited with its date (242 licence notes and 8 of Oracle Database@AWS's in 118
workloads; texts only), and an option with no price no longer lists the price list's keys (3 notes)."""

import json
import lzma
from typing import Any

import pytest

from advisor.engine.sizing import SizingPolicy
from advisor.engine.workload import parse_workload

from .comparison_set import GENERATED, STORED, cases, recommendation_data


def _stored() -> list[dict[str, Any]]:
    with lzma.open(STORED, "rt", encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


def first_difference(before: Any, after: Any, path: str = "") -> str | None:
    """Where two JSON documents first differ, as a path and the two values (JSON numbers compare by value: a
    policy read back from JSON holds 99.0 where its default was 99)."""
    numbers = all(isinstance(v, int | float) and not isinstance(v, bool) for v in (before, after))
    if numbers:
        return None if before == after else f"{path or '/'}: {before!r} became {after!r}"
    if type(before) is not type(after):
        return f"{path or '/'}: {before!r} became {after!r}"
    if isinstance(before, dict):
        for key in sorted(before.keys() | after.keys()):
            if key not in after or key not in before:
                return f"{path}/{key}: {'removed' if key not in after else 'added'}"
            found = first_difference(before[key], after[key], f"{path}/{key}")
            if found:
                return found
        return None
    if isinstance(before, list):
        if len(before) != len(after):
            return f"{path}: {len(before)} items became {len(after)}"
        for i, (b, a) in enumerate(zip(before, after, strict=True)):
            found = first_difference(b, a, f"{path}/{i}")
            if found:
                return found
        return None
    return None if before == after else f"{path or '/'}: {before!r} became {after!r}"


def test_the_comparison_set_holds_the_golden_scenarios_and_200_generated_workloads_of_the_generator():
    stored = _stored()
    generated = cases()
    assert len(stored) == len(generated) and sum("#" in case["name"] for case in stored) == GENERATED
    assert [case["name"] for case in stored] == [name for name, _, _ in generated]
    assert [case["workload"] for case in stored] == [w.model_dump(mode="json") for _, w, _ in generated]


def test_the_difference_finder_names_the_path_of_a_changed_value():
    before = {"options": [{"chosen": {"total_monthly_usd": "10.00"}}]}
    after = {"options": [{"chosen": {"total_monthly_usd": "10.01"}}]}
    assert first_difference(before, after) == "/options/0/chosen/total_monthly_usd: '10.00' became '10.01'"
    assert first_difference(before, before) is None


@pytest.mark.parametrize("case", _stored(), ids=lambda case: case["name"])
def test_the_recommendation_is_the_one_the_engine_gave_before_its_speed_work(case):
    workload = parse_workload(case["workload"])
    policy = SizingPolicy.model_validate(case["policy"])
    assert first_difference(case["recommendation"], recommendation_data(workload, policy)) is None
