import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from advisor.engine.ioquery import IoQueryInvalid, IoReport, parse_io_query, report_json, run_io_query

# CLI option -> query field, for options whose names differ from the field
RENAMED = {"throughput_mibps": "throughput_mib_s"}


class Command(BaseCommand):
    help = (
        "What an instance and its storage deliver to Oracle per IO size: baseline and burst IOPS and MiB/s, "
        "the binding limit in words, burst duration; optional full-scan and demand estimates."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--platform", required=True, choices=["rds", "ec2", "oci"])
        parser.add_argument("--instance", required=True, help="db.m5.large (rds), m5.large (ec2), OCI Flex shape")
        parser.add_argument("--volume", help="storage type: gp2, gp3, io1, io2, st1, sc1, standard")
        parser.add_argument("--size-gib", type=float, required=True, help="size of each volume in GiB")
        parser.add_argument("--iops", type=float, help="provisioned IOPS per volume (gp3, io1, io2)")
        parser.add_argument("--throughput-mibps", type=float, help="provisioned throughput per volume, MiB/s (gp3)")
        parser.add_argument("--volumes", type=int, help="identical volumes striped by ASM/LVM (ec2, oci)")
        parser.add_argument(
            "--io-size-kib", type=float, action="append", help="IO size to report (repeatable; default 8..1024)"
        )
        parser.add_argument("--sequential", action="store_true", help="let EBS merge small sequential IOs")
        store = parser.add_mutually_exclusive_group()
        store.add_argument(
            "--instance-store-cache",
            dest="instance_store",
            action="store_const",
            const="flash_cache",
            help="instance-store NVMe as Database Smart Flash Cache",
        )
        store.add_argument(
            "--instance-store", choices=["none", "flash_cache", "preferred_read"], help="how the NVMe disks are used"
        )
        parser.add_argument("--ocpus", type=float, help="OCI: OCPUs of the Flex shape")
        parser.add_argument("--vpus-per-gb", type=int, help="OCI: block volume performance level (VPUs/GB)")
        parser.add_argument("--limits-on", help="EBS limits in force on this date, YYYY-MM-DD (default: today)")
        parser.add_argument("--scan-gib", type=float, help="estimate a full scan of this many GiB")
        parser.add_argument("--scan-io-size-kib", type=float, help="multiblock read size of the scan (default 1024)")
        parser.add_argument("--demand-iops", type=float, help="estimate how long this IO rate can be served")
        parser.add_argument("--demand-io-size-kib", type=float, help="IO size of the demand (default 8)")
        parser.add_argument("--json", action="store_true", help="print JSON")

    def handle(self, *args: Any, **options: Any) -> None:
        fields = (
            "platform instance volume size_gib iops throughput_mibps volumes io_size_kib sequential instance_store "
            "limits_on ocpus vpus_per_gb scan_gib scan_io_size_kib demand_iops demand_io_size_kib"
        ).split()
        data = {RENAMED.get(f, f): options[f] for f in fields if options.get(f) not in (None, False)}
        try:
            query = parse_io_query(data)
        except IoQueryInvalid as invalid:
            option = {v: k for k, v in RENAMED.items()}
            lines = [f"  --{option.get(p.field, p.field).replace('_', '-')}: {p.message}" for p in invalid.problems]
            raise CommandError("invalid configuration:\n" + "\n".join(lines)) from None
        report = run_io_query(query)
        if options["json"]:
            self.stdout.write(json.dumps(report_json(report), indent=2))
        else:
            self.stdout.write(render_text(report))


def render_text(report: IoReport) -> str:
    lines = [f"{'IO KiB':>7}  {'baseline IOPS':>13} {'MiB/s':>9}  {'burst IOPS':>11} {'MiB/s':>9}  lasts   binding"]
    for row in report.rows:
        lasts = "-" if row.burst.lasts_seconds is None else f"{row.burst.lasts_seconds / 60:.0f} min"
        lines.append(
            f"{row.io_size_kib:>7g}  {row.baseline.iops:>13,.0f} {row.baseline.throughput_mib_s:>9,.1f}  "
            f"{row.burst.iops:>11,.0f} {row.burst.throughput_mib_s:>9,.1f}  {lasts:>6}  {row.baseline.reason}"
        )
        if row.burst.binding_limit != row.baseline.binding_limit or row.burst.iops != row.baseline.iops:
            lines.append(f"{'':>7}  burst: {row.burst.reason}")
        if row.local_read is not None:
            lines.append(f"{'':>7}  instance store reads: {row.local_read.iops:,.0f} IOPS ({row.local_read.reason})")
    if report.scan is not None:
        lines.append(f"\nfull scan: {report.scan.seconds / 60:,.1f} minutes: {report.scan.reason}")
    if report.demand is not None:
        lines.append(f"\ndemand {report.demand.demand_iops:,.0f} IOPS: {report.demand.reason}")
    lines.extend(f"\nnote: {note}" for note in report.notes)
    lines.append("\nsources:")
    lines.extend(f"  {what}: {source} (as of {as_of})" for what, source, as_of in report.sources)
    return "\n".join(lines)
