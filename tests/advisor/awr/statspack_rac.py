"""Statspack reports of the instances of one RAC database, made by hand from the real 12.1 Statspack sample
(instance clinprd1, snaps 70371-70372): RAC YES, the instance, its number, its snapshot ids and times and, for the
second instance, a few figures. Shared by the tests of how such reports are grouped into windows and summed."""

from __future__ import annotations

from tests.advisor.awr.samples import JAS

SP = JAS / "sp_70371_70372.txt"

# Instance 2's figures, as its report prints them (instance 1's are the sample's, in the comments)
CLINPRD2 = (
    # Time Model System Stats "DB CPU" seconds (938.5 in the sample) and the summary lines that say the same
    (
        "DB CPU                                             938.5",
        "DB CPU                                           1,800.6",
    ),
    ("DB CPU:      15.64 (mins)", "DB CPU:      30.01 (mins)"),
    ("       DB CPU(s):                0.3", "       DB CPU(s):                0.5"),
    # Instance Activity Stats: read and write requests per second (79.7 and 5.9 in the sample)
    (
        "physical read total IO requests              286,861           79.7        181.8",
        "physical read total IO requests              432,144          120.0        273.9",
    ),
    (
        "physical write total IO requests              21,193            5.9         13.4",
        "physical write total IO requests              44,295           12.3         28.0",
    ),
    # Load Profile and Instance Activity Stats redo size, bytes per second (66,701.6 in the sample)
    ("       Redo size:           66,701.6", "       Redo size:          133,403.2"),
    (
        "redo size                                240,192,332       66,701.6",
        "redo size                                480,384,664      133,403.2",
    ),
    ("     cgm-szara.root.d Linux", "     cgm-szarb.root.d Linux"),
)


def report(
    instance: str,
    number: int,
    snaps: tuple[int, int],
    times: tuple[str, str],
    *,
    elapsed: str = "60.02",
    changes: tuple[tuple[str, str], ...] = (),
) -> bytes:
    """The sample as instance ``instance`` (Inst Num ``number``) of a RAC database, between its snapshots ``snaps``
    taken at ``times`` ('00:37:42', on 14-Jan-24), over ``elapsed`` minutes, with ``changes`` made."""
    text = SP.read_text()
    begin, end = snaps
    edits = (
        (
            "clinprd1            1 11-Jan-24 08:45 12.1.0.2.0  NO",
            f"{instance:<12} {number:>8} 11-Jan-24 08:45 12.1.0.2.0  YES",
        ),
        ("Begin Snap:      70371 14-Jan-24 00:37:42", f"Begin Snap:      {begin} 14-Jan-24 {times[0]}"),
        ("  End Snap:      70372 14-Jan-24 01:37:43", f"  End Snap:      {end} 14-Jan-24 {times[1]}"),
        ("   Elapsed:      60.02 (mins)", f"   Elapsed:      {elapsed} (mins)"),
        # OS Statistics - detail: the same two snapshots
        (" 70371 Sun 14 00:37:42", f" {begin} Sun 14 {times[0]}"),
        (" 70372 Sun 14 01:37:43", f" {end} Sun 14 {times[1]}"),
        *changes,
    )
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    for old, new in (
        ("DB/Inst: CLINPRD/clinprd1", f"DB/Inst: CLINPRD/{instance}"),
        ("Snaps: 70371-70372", f"Snaps: {begin}-{end}"),
        ("End Snap: 70372", f"End Snap: {end}"),
    ):
        assert old in text, old
        text = text.replace(old, new)
    return text.encode()


def clinprd1(snaps: tuple[int, int] = (70371, 70373), times: tuple[str, str] = ("00:37:42", "01:37:43")) -> bytes:
    return report("clinprd1", 1, snaps, times)


def clinprd2(snaps: tuple[int, int] = (70372, 70374), times: tuple[str, str] = ("00:37:45", "01:37:46")) -> bytes:
    return report("clinprd2", 2, snaps, times, changes=CLINPRD2)
