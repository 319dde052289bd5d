"""The PDF comparison: the results page's context rendered through a print template (``pdf``), its own sections
and customer words (``sections``, ``text``), printed by a warm Chromium (``printer``), served by ``views``."""
