"""The sizing policy as the results page, the PDF and the report command take it: ``policy.<field>`` parameters
(a checkbox with its ``policy.<field>.present`` marker), read into the engine's ``SizingPolicy`` with each refusal
named by its field's label and unit. No Django imports."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from advisor.engine.sizing import SizingPolicy
from advisor.engine.workload import FieldError
from config.plain_errors import field_label, field_unit, plain_message


def policy_given(params: Any) -> bool:
    """Whether the parameters set a sizing policy at all (else a saved one applies)."""
    return any(key.startswith("policy.") for key in params)


def policy_from(params: Any) -> tuple[SizingPolicy, list[FieldError]]:
    """The sizing policy from the query string or form (``policy.<field>``); defaults for what is not given."""
    given = {name: params.get(f"policy.{name}") for name in SizingPolicy.model_fields if params.get(f"policy.{name}")}
    for name in (name for name, field in SizingPolicy.model_fields.items() if field.annotation is bool):
        if f"policy.{name}.present" in params:
            given[name] = params.get(f"policy.{name}") == "true"
    try:
        return SizingPolicy.model_validate(given), []
    except ValidationError as invalid:
        return SizingPolicy(), [
            FieldError(
                f"policy.{e['loc'][0]}",
                plain_message(e, label=field_label(SizingPolicy, e["loc"]), unit=field_unit(SizingPolicy, e["loc"])),
            )
            for e in invalid.errors()
        ]
