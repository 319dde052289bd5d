from django import template

from advisor.pages.candidate_words import alternative_coremark_words

register = template.Library()


@register.filter
def alternative_coremark(candidate: object) -> str:
    """An alternative's CoreMark in words: measured, borrowed from a twin on the same processor, or not measured."""
    return alternative_coremark_words(candidate)  # type: ignore[arg-type]


@register.filter
def duration(seconds: float | None) -> str:
    """Seconds in the unit a reader thinks in: '45 s', '33 min', '2 h 5 min'; '—' for indefinitely."""
    if seconds is None:
        return "—"
    if seconds < 90:
        return f"{seconds:,.0f} s"
    minutes = round(seconds / 60)
    if minutes < 120:
        return f"{minutes} min"
    return f"{minutes // 60} h {minutes % 60} min"


@register.filter
def finding_count(verdict: object, severity: str) -> int:
    """How many findings of ``severity`` an option's verdict has."""
    return verdict.count(severity)  # type: ignore[attr-defined]


@register.filter
def split_words(text: str) -> list[str]:
    return text.split()
