"""Every process the app starts waits longer between the garbage collector's passes (it keeps large tables of
answers, which each full pass walks): the thresholds are set once Django is ready."""

import gc

from config import collector


def test_the_app_sets_the_collectors_thresholds_when_it_starts() -> None:
    assert collector.THRESHOLDS[0] > 700  # fewer passes than CPython's default (700, 10, 10)
    assert gc.get_threshold() == collector.THRESHOLDS  # set by AdvisorConfig.ready in this test process too
