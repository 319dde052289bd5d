"""The questionnaire's word on the source host: the processor licences it suggests for "Processor licences already
owned", and whether that field is shown blank so that saving takes the suggestion.

The form shows the field blank when it holds the default 0 and the host suggests no figure: a user who fills in the
host and leaves the field blank gets the suggestion on save; a figure typed (0 included, once the host suggests one)
is kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from advisor.engine.host_licences import HostLicences, host_licences
from advisor.engine.workload import Edition, SourceHostSection

LICENCES_PATH = "oracle.processor_licences_owned"


@dataclass(frozen=True)
class LicencesHint:
    blank: bool  # show the field empty (it holds the default and there is nothing to suggest yet)
    words: str  # the suggestion and its basis, or why there is none; "" when the host section is empty


def suggested_licences(values: dict[str, dict[str, Any]]) -> HostLicences | None:
    """The source host's suggestion for the answers as they stand (raw or validated); None if they give none."""
    try:
        host = SourceHostSection.model_validate(values.get("source_host") or {})
        edition = Edition((values.get("oracle") or {}).get("edition") or Edition.EE.value)
    except (ValidationError, ValueError):
        return None
    return host_licences(host, edition=edition)


def licences_hint(values: dict[str, dict[str, Any]]) -> LicencesHint:
    owned = (values.get("oracle") or {}).get("processor_licences_owned", 0)
    suggestion = suggested_licences(values)
    is_default = str(owned).strip() in ("0", "")
    if suggestion is None:
        return LicencesHint(blank=is_default, words="")
    if suggestion.licences is None:
        return LicencesHint(blank=is_default, words=f"Source host: {suggestion.basis}")
    if str((values.get("oracle") or {}).get("licence_metric", "")).strip() == "nup":
        return LicencesHint(blank=is_default, words="Named User Plus: the source host's cores count processor "
                            "licences, not named users, so nothing is suggested; give the Named User Plus licences "
                            "you own.")  # fmt: skip
    kept = "" if str(owned).strip() in ("", str(suggestion.licences)) else " Your figure is kept."
    return LicencesHint(blank=False, words=f"Suggested from the source host: {suggestion.basis}.{kept}")
