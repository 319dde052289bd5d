"""The instance catalog (``fixtures/catalog/``): built from the shared AWS documents (``build``) and refreshed
from the live AWS APIs (``refresh``), with the readers, merge plan, writer and report each in its own module."""
