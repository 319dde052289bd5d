"""What the init.ora parameters pre-fill: ASM, Database In-Memory and TDE ticked where the report shows them in use
(TDE also from the Time Model's tablespace encryption CPU),
each with the parameter that shows it; left alone, with the reason, where it shows them unused or not at all.

Pure Python; part of the pre-fill (``advisor.awr.engine.prefill.fields``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from advisor.awr.engine.aggregation import Aggregation

if TYPE_CHECKING:
    from advisor.awr.engine.prefill.builder import Builder as _Builder

NOT_PRINTED = "not among the init.ora parameters these files print"


def params_prefill(b: _Builder, agg: Aggregation) -> None:
    asm, size, tde = (agg.facts.get(m) for m in ("asm_in_use", "inmemory_size_gib", "tde_in_use"))
    encryption = agg.facts.get("tde_cpu_s")
    if asm is not None and asm.value is True:
        where = asm.provenance[0] if asm.provenance else None
        said = f"{where.row} {where.printed}" if where else "a + disk group"
        b.set("features.asm", True, f"files on an ASM disk group ({said})", asm.provenance)
    else:
        b.skip("features.asm", "db_create_file_dest and control_files name no ASM disk group" if asm else NOT_PRINTED)
    if size is not None and isinstance(size.value, (int, float)) and size.value > 0:
        b.set(
            "features.in_memory",
            True,
            f"inmemory_size {float(size.value):,g} GiB: the In-Memory column store, part of the SGA",
            size.provenance,
        )
    else:
        b.skip("features.in_memory", "inmemory_size is 0: no In-Memory column store" if size else NOT_PRINTED)
    if tde is not None and tde.value is True:
        b.set("features.tde", True, "encrypt_new_tablespaces ALWAYS: new tablespaces are encrypted", tde.provenance)
    elif encryption is not None and isinstance(encryption.value, (int, float)) and encryption.value > 0:
        b.set(
            "features.tde",
            True,
            f"tablespace encryption CPU time {float(encryption.value):,g} s in the Time Model: encrypted tablespaces "
            "are read and written",
            encryption.provenance,
        )
    else:
        b.skip("features.tde", "encrypt_new_tablespaces is not ALWAYS in these files" if tde else NOT_PRINTED)
