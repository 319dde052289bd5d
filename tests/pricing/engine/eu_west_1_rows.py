"""Real price rows of eu-west-1 as of 2023-02-23, copied from shared/data/pricing/eu-west-1-2023-02-23/.

Each row keeps its SKU, product family, attributes, unit and USD price exactly as published (the comment above it
is the offer file's description), so no test reads /work/shared at run time. Location attributes are left out. Decoys (Mirror, cluster, legacy and Aurora rows) are
here on purpose: the price book must not pick them.
"""

from datetime import date
from decimal import Decimal

from pricing.engine.rows import PriceRow

AS_OF = date(2023, 2, 23)
REGION = "eu-west-1"


def row(service: str, sku: str, family: str, unit: str, price: str, **attributes: str) -> PriceRow:
    return PriceRow(
        service=service,  # type: ignore[arg-type]
        region=REGION,
        sku=sku,
        product_family=family,
        attributes=attributes,
        unit=unit,
        price_usd=Decimal(price),
        source=f"{service} offer file {REGION} 2023-02-23 (terracost re-serialisation)",
        as_of=AS_OF,
    )


# SKU PCW2HZETS7KBUAWU: USD 0.378 per Hrs
RDS_M5_XL_EE_BYOL_SAZ = row(
    "AmazonRDS",
    "PCW2HZETS7KBUAWU",
    "Database Instance",
    "Hrs",
    "0.378",
    databaseEdition="Enterprise",
    databaseEngine="Oracle",
    deploymentOption="Single-AZ",
    instanceType="db.m5.xlarge",
    licenseModel="Bring your own license",
    usagetype="EU-InstanceUsage:db.m5.xl",
)
# SKU JW8E8NB4DR9BDBWP: USD 0.756 per Hrs
RDS_M5_XL_EE_BYOL_MAZ = row(
    "AmazonRDS",
    "JW8E8NB4DR9BDBWP",
    "Database Instance",
    "Hrs",
    "0.756",
    databaseEdition="Enterprise",
    databaseEngine="Oracle",
    deploymentOption="Multi-AZ",
    instanceType="db.m5.xlarge",
    licenseModel="Bring your own license",
    usagetype="EU-Multi-AZUsage:db.m5.xl",
)
# SKU RZQTAEF3AZC855U9: USD 0.378 per Hrs
RDS_M5_XL_SE2_BYOL_SAZ = row(
    "AmazonRDS",
    "RZQTAEF3AZC855U9",
    "Database Instance",
    "Hrs",
    "0.378",
    databaseEdition="Standard Two",
    databaseEngine="Oracle",
    deploymentOption="Single-AZ",
    instanceType="db.m5.xlarge",
    licenseModel="Bring your own license",
    usagetype="EU-InstanceUsage:db.m5.xl",
)
# SKU ED247C8ECA4JJ5A2: USD 0.982 per Hrs
RDS_M5_XL_SE2_LI_SAZ = row(
    "AmazonRDS",
    "ED247C8ECA4JJ5A2",
    "Database Instance",
    "Hrs",
    "0.982",
    databaseEdition="Standard Two",
    databaseEngine="Oracle",
    deploymentOption="Single-AZ",
    instanceType="db.m5.xlarge",
    licenseModel="License included",
    usagetype="EU-InstanceUsage:db.m5.xl",
)
# SKU S4CPZSVGEHMPARE5: USD 1.964 per Hrs
RDS_M5_XL_SE2_LI_MAZ = row(
    "AmazonRDS",
    "S4CPZSVGEHMPARE5",
    "Database Instance",
    "Hrs",
    "1.964",
    databaseEdition="Standard Two",
    databaseEngine="Oracle",
    deploymentOption="Multi-AZ",
    instanceType="db.m5.xlarge",
    licenseModel="License included",
    usagetype="EU-Multi-AZUsage:db.m5.xl",
)
# SKU E7QCGG8G22JR9NBC: USD 0.454 per Hrs
RDS_CUSTOM_M5_XL_EE_BYOL_SAZ = row(
    "AmazonRDS",
    "E7QCGG8G22JR9NBC",
    "Database Instance",
    "Hrs",
    "0.454",
    databaseEdition="Enterprise",
    databaseEngine="Oracle",
    deploymentModel="Custom",
    deploymentOption="Single-AZ",
    instanceType="db.m5.xlarge",
    licenseModel="Bring your own license",
    usagetype="EU-InstanceUsage:db.m5.xl",
)
# SKU 9V3DKSDEWAKVAAFV: USD 0.516 per Hrs
RDS_R5_XL_EE_BYOL_SAZ = row(
    "AmazonRDS",
    "9V3DKSDEWAKVAAFV",
    "Database Instance",
    "Hrs",
    "0.516",
    databaseEdition="Enterprise",
    databaseEngine="Oracle",
    deploymentOption="Single-AZ",
    instanceType="db.r5.xlarge",
    licenseModel="Bring your own license",
    usagetype="EU-InstanceUsage:db.r5.xl",
)
# SKU UF9EQATG58SH8NZ2: USD 1.031 per Hrs
RDS_R5_XL_EE_BYOL_MAZ = row(
    "AmazonRDS",
    "UF9EQATG58SH8NZ2",
    "Database Instance",
    "Hrs",
    "1.031",
    databaseEdition="Enterprise",
    databaseEngine="Oracle",
    deploymentOption="Multi-AZ",
    instanceType="db.r5.xlarge",
    licenseModel="Bring your own license",
    usagetype="EU-Multi-AZUsage:db.r5.xl",
)
# SKU 2DV3WTJK6MPH2ZFQ: USD 1.031 per Hrs
RDS_R5_XL_SE2_BYOL_MAZ = row(
    "AmazonRDS",
    "2DV3WTJK6MPH2ZFQ",
    "Database Instance",
    "Hrs",
    "1.031",
    databaseEdition="Standard Two",
    databaseEngine="Oracle",
    deploymentOption="Multi-AZ",
    instanceType="db.r5.xlarge",
    licenseModel="Bring your own license",
    usagetype="EU-Multi-AZUsage:db.r5.xl",
)
# SKU GC46B7AEC3H5KG3M: USD 2.143 per Hrs
RDS_R5_XL_SE2_LI_MAZ = row(
    "AmazonRDS",
    "GC46B7AEC3H5KG3M",
    "Database Instance",
    "Hrs",
    "2.143",
    databaseEdition="Standard Two",
    databaseEngine="Oracle",
    deploymentOption="Multi-AZ",
    instanceType="db.r5.xlarge",
    licenseModel="License included",
    usagetype="EU-Multi-AZUsage:db.r5.xl",
)
# SKU 57MMQPDSSHCTGYSP: USD 0.619 per Hrs
RDS_CUSTOM_R5_XL_EE_BYOL_SAZ = row(
    "AmazonRDS",
    "57MMQPDSSHCTGYSP",
    "Database Instance",
    "Hrs",
    "0.619",
    databaseEdition="Enterprise",
    databaseEngine="Oracle",
    deploymentModel="Custom",
    deploymentOption="Single-AZ",
    instanceType="db.r5.xlarge",
    licenseModel="Bring your own license",
    usagetype="EU-InstanceUsage:db.r5.xl",
)
# SKU K4BCBWWX3K4H9YGU: USD 2.062 per Hrs
RDS_R5_4XL_EE_BYOL_SAZ = row(
    "AmazonRDS",
    "K4BCBWWX3K4H9YGU",
    "Database Instance",
    "Hrs",
    "2.062",
    databaseEdition="Enterprise",
    databaseEngine="Oracle",
    deploymentOption="Single-AZ",
    instanceType="db.r5.4xlarge",
    licenseModel="Bring your own license",
    usagetype="EU-InstanceUsage:db.r5.4xl",
)
# SKU 2WXJS74BAUM2FJNZ: USD 2.062 per Hrs
RDS_R5_4XL_SE2_BYOL_SAZ = row(
    "AmazonRDS",
    "2WXJS74BAUM2FJNZ",
    "Database Instance",
    "Hrs",
    "2.062",
    databaseEdition="Standard Two",
    databaseEngine="Oracle",
    deploymentOption="Single-AZ",
    instanceType="db.r5.4xlarge",
    licenseModel="Bring your own license",
    usagetype="EU-InstanceUsage:db.r5.4xl",
)
# SKU EAUH6RD8J7PNU8SD: USD 4.286 per Hrs
RDS_R5_4XL_SE2_LI_SAZ = row(
    "AmazonRDS",
    "EAUH6RD8J7PNU8SD",
    "Database Instance",
    "Hrs",
    "4.286",
    databaseEdition="Standard Two",
    databaseEngine="Oracle",
    deploymentOption="Single-AZ",
    instanceType="db.r5.4xlarge",
    licenseModel="License included",
    usagetype="EU-InstanceUsage:db.r5.4xl",
)
# SKU 8ATJAD4GHHESXFVT: USD 1.031 per Hrs
RDS_R5_2XL_SE2_BYOL_SAZ = row(
    "AmazonRDS",
    "8ATJAD4GHHESXFVT",
    "Database Instance",
    "Hrs",
    "1.031",
    databaseEdition="Standard Two",
    databaseEngine="Oracle",
    deploymentOption="Single-AZ",
    instanceType="db.r5.2xlarge",
    licenseModel="Bring your own license",
    usagetype="EU-InstanceUsage:db.r5.2xl",
)
# SKU 5DWFUZ42B25KQN3G: USD 2.143 per Hrs
RDS_R5_2XL_SE2_LI_SAZ = row(
    "AmazonRDS",
    "5DWFUZ42B25KQN3G",
    "Database Instance",
    "Hrs",
    "2.143",
    databaseEdition="Standard Two",
    databaseEngine="Oracle",
    deploymentOption="Single-AZ",
    instanceType="db.r5.2xlarge",
    licenseModel="License included",
    usagetype="EU-InstanceUsage:db.r5.2xl",
)
# SKU SR4PWEG9V6U4ZJ6H: USD 1.031 per Hrs
RDS_R5_XL_TPC2_MEM2X_EE_BYOL_SAZ = row(
    "AmazonRDS",
    "SR4PWEG9V6U4ZJ6H",
    "Database Instance",
    "Hrs",
    "1.031",
    databaseEdition="Enterprise",
    databaseEngine="Oracle",
    deploymentOption="Single-AZ",
    instanceType="db.r5.xlarge.tpc2.mem2x",
    licenseModel="Bring your own license",
    usagetype="EU-InstanceUsage:db.r5.xl.tpc2.mem2x",
)
# SKU 8Q5VQERM4BBWWVMU: USD 0.018 per Hrs
RDS_T2_MICRO_EE_BYOL_SAZ = row(
    "AmazonRDS",
    "8Q5VQERM4BBWWVMU",
    "Database Instance",
    "Hrs",
    "0.018",
    databaseEdition="Enterprise",
    databaseEngine="Oracle",
    deploymentOption="Single-AZ",
    instanceType="db.t2.micro",
    licenseModel="Bring your own license",
    usagetype="EU-InstanceUsage:db.t2.micro",
)
# SKU GAV4K9ZQAU8GMKYP: USD 0.144 per Hrs
RDS_T3_LARGE_EE_BYOL_SAZ = row(
    "AmazonRDS",
    "GAV4K9ZQAU8GMKYP",
    "Database Instance",
    "Hrs",
    "0.144",
    databaseEdition="Enterprise",
    databaseEngine="Oracle",
    deploymentOption="Single-AZ",
    instanceType="db.t3.large",
    licenseModel="Bring your own license",
    usagetype="EU-InstanceUsage:db.t3.large",
)
# SKU 44XYABTC5T7AV62N: USD 0.127 per GB-Mo
RDS_GP2_SAZ = row(
    "AmazonRDS",
    "44XYABTC5T7AV62N",
    "Database Storage",
    "GB-Mo",
    "0.127",
    databaseEngine="Oracle",
    deploymentOption="Single-AZ",
    usagetype="EU-RDS:GP2-Storage",
    volumeType="General Purpose",
)
# SKU R8WRAJ8WCVQ3X8YM: USD 0.127 per GB-Mo
RDS_GP2_SAZ_ANY = row(
    "AmazonRDS",
    "R8WRAJ8WCVQ3X8YM",
    "Database Storage",
    "GB-Mo",
    "0.127",
    databaseEngine="Any",
    deploymentOption="Single-AZ",
    usagetype="EU-RDS:GP2-Storage",
    volumeType="General Purpose",
)
# SKU JCQMCZJZRA9JY7RF: USD 0.253 per GB-Mo
RDS_GP2_MAZ = row(
    "AmazonRDS",
    "JCQMCZJZRA9JY7RF",
    "Database Storage",
    "GB-Mo",
    "0.253",
    databaseEngine="Oracle",
    deploymentOption="Multi-AZ",
    usagetype="EU-RDS:Multi-AZ-GP2-Storage",
    volumeType="General Purpose",
)
# SKU AHQXUUQVM5CB92SB: USD 0.253 per GB-Mo
RDS_GP2_MIRROR = row(
    "AmazonRDS",
    "AHQXUUQVM5CB92SB",
    "Database Storage",
    "GB-Mo",
    "0.253",
    databaseEngine="Any",
    deploymentOption="Multi-AZ (SQL Server Mirror)",
    usagetype="EU-RDS:Mirror-GP2-Storage",
    volumeType="General Purpose",
)
# SKU NCVHNSX8R2B8GFU7: USD 0.127 per GB-Mo
RDS_GP2_SSD_LEGACY = row(
    "AmazonRDS",
    "NCVHNSX8R2B8GFU7",
    "Database Storage",
    "GB-Mo",
    "0.127",
    databaseEdition="Enterprise",
    databaseEngine="Oracle",
    deploymentOption="Single-AZ",
    usagetype="EU-RDS:GP2-Storage",
    volumeType="General Purpose (SSD)",
)
# SKU 72J7NWYHFCW885UC: USD 0.127 per GB-Mo
RDS_GP3_SAZ = row(
    "AmazonRDS",
    "72J7NWYHFCW885UC",
    "Database Storage",
    "GB-Mo",
    "0.127",
    databaseEngine="Oracle",
    deploymentOption="Single-AZ",
    usagetype="EU-RDS:GP3-Storage",
    volumeType="General Purpose-GP3",
)
# SKU 644A8H9YHCFM45EQ: USD 0.254 per GB-Mo
RDS_GP3_MAZ = row(
    "AmazonRDS",
    "644A8H9YHCFM45EQ",
    "Database Storage",
    "GB-Mo",
    "0.254",
    databaseEngine="Oracle",
    deploymentOption="Multi-AZ",
    usagetype="EU-RDS:Multi-AZ-GP3-Storage",
    volumeType="General Purpose-GP3",
)
# SKU 3FFG435ESYJ72AQN: USD 0.138 per GB-Mo
RDS_IO1_SAZ = row(
    "AmazonRDS",
    "3FFG435ESYJ72AQN",
    "Database Storage",
    "GB-Mo",
    "0.138",
    databaseEngine="Oracle",
    deploymentOption="Single-AZ",
    usagetype="EU-RDS:PIOPS-Storage",
    volumeType="Provisioned IOPS",
)
# SKU 2VU35RHMA4NZ2V8F: USD 0.276 per GB-Mo
RDS_IO1_MAZ = row(
    "AmazonRDS",
    "2VU35RHMA4NZ2V8F",
    "Database Storage",
    "GB-Mo",
    "0.276",
    databaseEngine="Oracle",
    deploymentOption="Multi-AZ",
    usagetype="EU-RDS:Multi-AZ-PIOPS-Storage",
    volumeType="Provisioned IOPS",
)
# SKU 5274HDR5QS8QHM5W: USD 0.11 per GB-Mo
RDS_MAGNETIC_SAZ = row(
    "AmazonRDS",
    "5274HDR5QS8QHM5W",
    "Database Storage",
    "GB-Mo",
    "0.11",
    databaseEngine="Oracle",
    deploymentOption="Single-AZ",
    usagetype="EU-RDS:StorageUsage",
    volumeType="Magnetic",
)
# SKU 5VDXCZ6YCRS5HZ6F: USD 0.22 per GB-Mo
RDS_MAGNETIC_MAZ = row(
    "AmazonRDS",
    "5VDXCZ6YCRS5HZ6F",
    "Database Storage",
    "GB-Mo",
    "0.22",
    databaseEngine="Oracle",
    deploymentOption="Multi-AZ",
    usagetype="EU-RDS:Multi-AZ-StorageUsage",
    volumeType="Magnetic",
)
# SKU 7TWXZRXJ3E5K3P45: USD 0.11 per IOPS-Mo
RDS_IO1_IOPS_SAZ = row(
    "AmazonRDS",
    "7TWXZRXJ3E5K3P45",
    "Provisioned IOPS",
    "IOPS-Mo",
    "0.11",
    databaseEngine="Oracle",
    deploymentOption="Single-AZ",
    group="RDS-PIOPS",
    usagetype="EU-RDS:PIOPS",
)
# SKU 24MZZF8AAM4YBUKN: USD 0.22 per IOPS-Mo
RDS_IO1_IOPS_MAZ = row(
    "AmazonRDS",
    "24MZZF8AAM4YBUKN",
    "Provisioned IOPS",
    "IOPS-Mo",
    "0.22",
    databaseEngine="Oracle",
    deploymentOption="Multi-AZ",
    group="RDS-PIOPS",
    usagetype="EU-RDS:Multi-AZ-PIOPS",
)
# SKU SVXB6NDPVR6HWZ3R: USD 0.11 per IOPS-Mo
RDS_IO1_IOPS_LEGACY = row(
    "AmazonRDS",
    "SVXB6NDPVR6HWZ3R",
    "Database Storage",
    "IOPS-Mo",
    "0.11",
    databaseEdition="Enterprise",
    databaseEngine="Oracle",
    deploymentOption="Single-AZ",
    group="Provisioned IO/s",
    usagetype="EU-RDS:PIOPS",
    volumeType="Provisioned IOPS (SSD)",
)
# SKU 3YSPUSJ55YWCC9FJ: USD 0.022 per IOPS-Mo
RDS_GP3_IOPS_SAZ = row(
    "AmazonRDS",
    "3YSPUSJ55YWCC9FJ",
    "Provisioned IOPS",
    "IOPS-Mo",
    "0.022",
    databaseEngine="Oracle",
    deploymentOption="Single-AZ",
    group="RDS-PIOPS",
    usagetype="EU-RDS:GP3-PIOPS",
)
# SKU 782PYWM62BCJ32Y9: USD 0.044 per IOPS-Mo
RDS_GP3_IOPS_MAZ = row(
    "AmazonRDS",
    "782PYWM62BCJ32Y9",
    "Provisioned IOPS",
    "IOPS-Mo",
    "0.044",
    databaseEngine="Oracle",
    deploymentOption="Multi-AZ",
    group="RDS-PIOPS",
    usagetype="EU-RDS:Multi-AZ-GP3-PIOPS",
)
# SKU MK92A2YK9EEQVE7R: USD 0.044 per IOPS-Mo
RDS_GP3_IOPS_MIRROR = row(
    "AmazonRDS",
    "MK92A2YK9EEQVE7R",
    "Provisioned IOPS",
    "IOPS-Mo",
    "0.044",
    databaseEngine="Any",
    deploymentOption="Multi-AZ (SQL Server Mirror)",
    group="RDS-PIOPS",
    usagetype="EU-RDS:Mirror-GP3-PIOPS",
)
# SKU FAEWPBTC8KR226R4: USD 0.33 per IOPS-Mo
RDS_IOPS_CLUSTER = row(
    "AmazonRDS",
    "FAEWPBTC8KR226R4",
    "Provisioned IOPS",
    "IOPS-Mo",
    "0.33",
    databaseEngine="Any",
    deploymentOption="Multi-AZ (readable standbys)",
    group="RDS-PIOPS",
    usagetype="EU-RDS:Multi-AZCluster-PIOPS",
)
# SKU 5HFDNZ8VT2CMHTUJ: USD 0.088 per MBPS-Mo
RDS_GP3_THROUGHPUT_SAZ = row(
    "AmazonRDS",
    "5HFDNZ8VT2CMHTUJ",
    "Provisioned Throughput",
    "MBPS-Mo",
    "0.088",
    databaseEngine="Oracle",
    deploymentOption="Single-AZ",
    group="RDS-Throughput",
    usagetype="EU-RDS:GP3-Throughput",
)
# SKU 677ENGCB9N29GP8S: USD 0.177 per MBPS-Mo
RDS_GP3_THROUGHPUT_MAZ = row(
    "AmazonRDS",
    "677ENGCB9N29GP8S",
    "Provisioned Throughput",
    "MBPS-Mo",
    "0.177",
    databaseEngine="Oracle",
    deploymentOption="Multi-AZ",
    group="RDS-Throughput",
    usagetype="EU-RDS:Multi-AZ-GP3-Throughput",
)
# SKU 5M3QS8QF964APDMK: USD 0.177 per MBPS-Mo
RDS_GP3_THROUGHPUT_SWAPPED_MIRROR_USAGE = row(
    "AmazonRDS",
    "5M3QS8QF964APDMK",
    "Provisioned Throughput",
    "MBPS-Mo",
    "0.177",
    databaseEngine="Any",
    deploymentOption="Multi-AZ",
    group="RDS-Throughput",
    usagetype="EU-RDS:Mirror-GP3-Throughput",
)
# SKU H5V73T9NQNMJ5MCS: USD 0.177 per MBPS-Mo
RDS_GP3_THROUGHPUT_SWAPPED_MIRROR_DEPLOYMENT = row(
    "AmazonRDS",
    "H5V73T9NQNMJ5MCS",
    "Provisioned Throughput",
    "MBPS-Mo",
    "0.177",
    databaseEngine="Any",
    deploymentOption="Multi-AZ (SQL Server Mirror)",
    group="RDS-Throughput",
    usagetype="EU-RDS:Multi-AZ-GP3-Throughput",
)
# SKU BR8GBYX842X7FH8N: USD 0.095 per GB-Mo
RDS_BACKUP = row(
    "AmazonRDS",
    "BR8GBYX842X7FH8N",
    "Storage Snapshot",
    "GB-Mo",
    "0.095",
    databaseEngine="Oracle",
    deploymentOption="Single-AZ",
    usagetype="EU-RDS:ChargedBackupUsage",
)
# SKU 37DF3HUADWNPUQ55: USD 0.095 per GB-Mo
RDS_CUSTOM_BACKUP = row(
    "AmazonRDS",
    "37DF3HUADWNPUQ55",
    "Storage Snapshot",
    "GB-Mo",
    "0.095",
    databaseEdition="Any",
    databaseEngine="Any",
    usagetype="EU-RDSCustom:ChargedBackupUsage",
)
# SKU TQPCZ54PMZX9Z8N8: USD 0.00000011 per IOs
RDS_MAGNETIC_IO = row(
    "AmazonRDS",
    "TQPCZ54PMZX9Z8N8",
    "System Operation",
    "IOs",
    "0.00000011",
    databaseEngine="Any",
    group="RDS I/O Operation",
    usagetype="EU-RDS:StorageIOUsage",
    volumeType="Magnetic",
)
# SKU EX6VB536PM2SE235: USD 4.176 per vCPU-Months
RDS_PI_LTR_M5 = row(
    "AmazonRDS",
    "EX6VB536PM2SE235",
    "Performance Insights",
    "vCPU-Months",
    "4.176",
    databaseEngine="Any",
    usagetype="EU:PI_LTR:M5",
)
# SKU MJPMZH4V2JQNQPN4: USD 5.76 per vCPU-Months
RDS_PI_LTR_R5 = row(
    "AmazonRDS",
    "MJPMZH4V2JQNQPN4",
    "Performance Insights",
    "vCPU-Months",
    "5.76",
    databaseEngine="Any",
    usagetype="EU:PI_LTR:R5",
)
# SKU HNKY83Z77VRXC2UH: USD 0.214 per Hrs
EC2_M5_XL = row(
    "AmazonEC2",
    "HNKY83Z77VRXC2UH",
    "Compute Instance",
    "Hrs",
    "0.214",
    capacitystatus="Used",
    instanceType="m5.xlarge",
    licenseModel="No License required",
    operatingSystem="Linux",
    preInstalledSw="NA",
    tenancy="Shared",
    usagetype="EU-BoxUsage:m5.xlarge",
)
# SKU BZ4QR6ZNEKBJMWVA: USD 0.564 per Hrs
EC2_R5_2XL = row(
    "AmazonEC2",
    "BZ4QR6ZNEKBJMWVA",
    "Compute Instance",
    "Hrs",
    "0.564",
    capacitystatus="Used",
    instanceType="r5.2xlarge",
    licenseModel="No License required",
    operatingSystem="Linux",
    preInstalledSw="NA",
    tenancy="Shared",
    usagetype="EU-BoxUsage:r5.2xlarge",
)
# SKU H2NVRKQAFR9EX5NJ: USD 0.564 per Hrs
EC2_R6I_2XL = row(
    "AmazonEC2",
    "H2NVRKQAFR9EX5NJ",
    "Compute Instance",
    "Hrs",
    "0.564",
    capacitystatus="Used",
    instanceType="r6i.2xlarge",
    licenseModel="No License required",
    operatingSystem="Linux",
    preInstalledSw="NA",
    tenancy="Shared",
    usagetype="EU-BoxUsage:r6i.2xlarge",
)
# SKU DS72FUWG3NT9KG9M: USD 1.128 per Hrs
EC2_R5_4XL = row(
    "AmazonEC2",
    "DS72FUWG3NT9KG9M",
    "Compute Instance",
    "Hrs",
    "1.128",
    capacitystatus="Used",
    instanceType="r5.4xlarge",
    licenseModel="No License required",
    operatingSystem="Linux",
    preInstalledSw="NA",
    tenancy="Shared",
    usagetype="EU-BoxUsage:r5.4xlarge",
)
# SKU GDX844Q9TQAG2YZ2: USD 0.11 per GB-Mo
EBS_GP2 = row(
    "AmazonEC2",
    "GDX844Q9TQAG2YZ2",
    "Storage",
    "GB-Mo",
    "0.11",
    usagetype="EU-EBS:VolumeUsage.gp2",
    volumeApiName="gp2",
    volumeType="General Purpose",
)
# SKU TXACT7E3PV6ZX2NM: USD 0.088 per GB-Mo
EBS_GP3 = row(
    "AmazonEC2",
    "TXACT7E3PV6ZX2NM",
    "Storage",
    "GB-Mo",
    "0.088",
    usagetype="EU-EBS:VolumeUsage.gp3",
    volumeApiName="gp3",
    volumeType="General Purpose",
)
# SKU 6ZAY5SN4BUEX53BV: USD 0.138 per GB-Mo
EBS_IO1 = row(
    "AmazonEC2",
    "6ZAY5SN4BUEX53BV",
    "Storage",
    "GB-Mo",
    "0.138",
    usagetype="EU-EBS:VolumeUsage.piops",
    volumeApiName="io1",
    volumeType="Provisioned IOPS",
)
# SKU TN2XFMNDXRZZ5CGK: USD 0.138 per GB-month
EBS_IO2 = row(
    "AmazonEC2",
    "TN2XFMNDXRZZ5CGK",
    "Storage",
    "GB-month",
    "0.138",
    usagetype="EU-EBS:VolumeUsage.io2",
    volumeApiName="io2",
    volumeType="Provisioned IOPS",
)
# SKU CRDDQ58VQ7DU7373: USD 0.05 per GB-Mo
EBS_ST1 = row(
    "AmazonEC2",
    "CRDDQ58VQ7DU7373",
    "Storage",
    "GB-Mo",
    "0.05",
    usagetype="EU-EBS:VolumeUsage.st1",
    volumeApiName="st1",
    volumeType="Throughput Optimized HDD",
)
# SKU V3WN4ZRCVEMX7VPK: USD 0.0168 per GB-Mo
EBS_SC1 = row(
    "AmazonEC2",
    "V3WN4ZRCVEMX7VPK",
    "Storage",
    "GB-Mo",
    "0.0168",
    usagetype="EU-EBS:VolumeUsage.sc1",
    volumeApiName="sc1",
    volumeType="Cold HDD",
)
# SKU FKSBP9HGX7W4MAMJ: USD 0.055 per GB-Mo
EBS_STANDARD = row(
    "AmazonEC2",
    "FKSBP9HGX7W4MAMJ",
    "Storage",
    "GB-Mo",
    "0.055",
    usagetype="EU-EBS:VolumeUsage",
    volumeApiName="standard",
    volumeType="Magnetic",
)
# SKU RC6HKYUDYUP35XBV: USD 0.0055 per IOPS-Mo
EBS_GP3_IOPS = row(
    "AmazonEC2",
    "RC6HKYUDYUP35XBV",
    "System Operation",
    "IOPS-Mo",
    "0.0055",
    group="EBS IOPS",
    usagetype="EU-EBS:VolumeP-IOPS.gp3",
    volumeApiName="gp3",
)
# SKU M4WP2RF278FEGVQY: USD 0.072 per IOPS-Mo
EBS_IO1_IOPS = row(
    "AmazonEC2",
    "M4WP2RF278FEGVQY",
    "System Operation",
    "IOPS-Mo",
    "0.072",
    group="EBS IOPS",
    usagetype="EU-EBS:VolumeP-IOPS.piops",
    volumeApiName="io1",
)
# SKU 85KRDVUN28TUQW7Y: USD 0.072 per IOPS-Mo
EBS_IO2_IOPS_TIER1 = row(
    "AmazonEC2",
    "85KRDVUN28TUQW7Y",
    "System Operation",
    "IOPS-Mo",
    "0.072",
    group="EBS IOPS",
    usagetype="EU-EBS:VolumeP-IOPS.io2",
    volumeApiName="io2",
)
# SKU FVSCZFYXY7RHFESB: USD 0.0504 per IOPS-Mo
EBS_IO2_IOPS_TIER2 = row(
    "AmazonEC2",
    "FVSCZFYXY7RHFESB",
    "System Operation",
    "IOPS-Mo",
    "0.0504",
    group="EBS IOPS Tier 2",
    usagetype="EU-EBS:VolumeP-IOPS.io2.tier2",
    volumeApiName="io2",
)
# SKU HRFNKS5RPSVR55PM: USD 0.03528 per IOPS-Mo
EBS_IO2_IOPS_TIER3 = row(
    "AmazonEC2",
    "HRFNKS5RPSVR55PM",
    "System Operation",
    "IOPS-Mo",
    "0.03528",
    group="EBS IOPS Tier 3",
    usagetype="EU-EBS:VolumeP-IOPS.io2.tier3",
    volumeApiName="io2",
)
# SKU RCDVGPFWPEZE4D4N: USD 45.056 per GiBps-mo
EBS_GP3_THROUGHPUT = row(
    "AmazonEC2",
    "RCDVGPFWPEZE4D4N",
    "Provisioned Throughput",
    "GiBps-mo",
    "45.056",
    group="EBS Throughput",
    usagetype="EU-EBS:VolumeP-Throughput.gp3",
    volumeApiName="gp3",
)
# SKU UBSZ5YRYQC5U7WG6: USD 0.000000055 per IOs
EBS_STANDARD_IO = row(
    "AmazonEC2",
    "UBSZ5YRYQC5U7WG6",
    "System Operation",
    "IOs",
    "0.000000055",
    group="EBS I/O Requests",
    usagetype="EU-EBS:VolumeIOUsage",
    volumeApiName="standard",
)
# SKU UZ7N3QU3DRSU25FK: USD 0.05 per GB-Mo
EBS_SNAPSHOT = row(
    "AmazonEC2", "UZ7N3QU3DRSU25FK", "Storage Snapshot", "GB-Mo", "0.05", usagetype="EU-EBS:SnapshotUsage"
)

ALL: tuple[PriceRow, ...] = tuple(v for k, v in dict(globals()).items() if k.isupper() and isinstance(v, PriceRow))
