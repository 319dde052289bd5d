"""Option licences already owned, as the questionnaire takes them: one line of text any form, CSV cell or JSON can carry.

"8" owns 8 processor licences of every Enterprise Edition option licensed (see ``with_owned``); "partitioning=8,
diagnostics_pack=4" owns them per product; "8, tuning_pack=0" mixes both (the named products override the
number). Product keys are those of Oracle's price list held (``pricing.engine.licences.prices``).

Pure Python.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pricing.engine.licences.contract import LicenceConfig
from pricing.engine.licences.cost import licence_price_list
from pricing.engine.licences.counting import licensed_keys

MAX_OWNED = 100_000
_ITEM = re.compile(r"^(?:(?P<key>[a-z_]{2,40})\s*=\s*)?(?P<count>\d{1,6})$")


def option_keys() -> tuple[str, ...]:
    return tuple(p.key for p in licence_price_list().products if p.kind == "option")


@dataclass(frozen=True)
class OwnedOptions:
    every: int  # owned of each option the text does not name
    named: tuple[tuple[str, int], ...]  # owned per named product

    def owned(self, options: tuple[str, ...]) -> dict[str, int]:
        named = dict(self.named)
        return {option: named.get(option, self.every) for option in options}


def accepted_words() -> str:
    return (
        "a number of processor licences owned of every option, and/or product=count pairs separated by commas, "
        f"e.g. '8' or 'partitioning=8, diagnostics_pack=4'; products: {', '.join(option_keys())}"
    )


def parse_owned_options(text: str) -> OwnedOptions:
    """The owned option licences ``text`` says; ValueError naming what is accepted when it says something else."""
    every, named = 0, {}
    keys = set(option_keys())
    for raw in (part.strip() for part in str(text).split(",")):
        if not raw:
            continue
        item = _ITEM.match(raw)
        if item is None:
            raise ValueError(f"{raw[:40]!r} is not a count or product=count; accepted: {accepted_words()}")
        count = int(item["count"])
        if count > MAX_OWNED:
            raise ValueError(f"{count:,} licences; accepted: 0 to {MAX_OWNED:,} a product")
        if item["key"] is None:
            every = count
        elif item["key"] not in keys:
            raise ValueError(
                f"{item['key']!r} is not an Oracle option in the price list; products: {', '.join(sorted(keys))}"
            )
        else:
            named[item["key"]] = count
    return OwnedOptions(every, tuple(sorted(named.items())))


def with_owned(config: LicenceConfig, edition: str, owned: OwnedOptions) -> LicenceConfig:
    """``config`` owning, beside the edition's processor licences it holds, the option licences ``owned`` says of
    every product it licenses: the options asked for, and those licensing adds (Multitenant above the PDBs Oracle
    allows without it, an option's prerequisite, RAC on a VM cluster of two or more VMs once the caller adds it).
    A product the config does not license is not counted as owned (the pricing refuses it)."""
    held = config.owned_processor_licences
    processors = held if isinstance(held, int) else dict(held).get(edition, 0)
    keys, _ = licensed_keys(config, edition, licence_price_list())
    named = owned.owned(tuple(keys[1:]))
    value: int | dict[str, int] = {edition: processors, **named} if any(named.values()) else processors
    return config.model_copy(update={"owned_processor_licences": value})
