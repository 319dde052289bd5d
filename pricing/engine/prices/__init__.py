"""Prices as the engine reads them: the price book over one snapshot's rows (``book``), its index and terms, and the
equivalences that let one published price stand for another (``equivalence``)."""
