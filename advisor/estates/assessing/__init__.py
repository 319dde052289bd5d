"""Assessing an estate's databases: each one assessed exactly as its own results page would assess it, kept as the
compact summary the estate pages and exports read."""
