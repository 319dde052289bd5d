"""Template filters for prices: a price row's source by the name users know it (``pricing.engine.sources.names``)."""

from django import template

from pricing.engine.sources.names import named_sources as _named_sources
from pricing.engine.sources.names import source_name as _source_name

register = template.Library()


@register.filter
def source_name(source: str, as_of: object = "") -> str:
    """``{{ line.price_source|source_name:line.as_of }}``: "AWS Price List, eu-west-1, 2023-02-23"."""
    return _source_name(str(source or ""), str(as_of or ""))


@register.filter
def named_sources(entries: object) -> tuple[tuple[str, int, tuple[str, ...]], ...]:
    """``{% for name, rows, full in result.price_sources|named_sources %}``: each "<source> (as of <date>)" entry's
    source once by the name users know, with its number of price rows and the full provenance for a tooltip."""
    return _named_sources(str(entry) for entry in (entries or ()))
