"""What the init.ora parameters say about storage and security: ASM in use (datafiles and control files on a
'+' disk group), the In-Memory column store's size (inmemory_size) and Transparent Data Encryption of new
tablespaces (encrypt_new_tablespaces ALWAYS).

Pure Python; called by the HTML readers' init.ora step. Each figure is read only where the parameter is printed.
"""

from __future__ import annotations

from advisor.awr.engine.collector import Collector
from advisor.awr.engine.html.tables import Table

GIB = 1024**3


def _value(table: Table, name: str, value_col: int) -> str | None:
    row = table.row(name)
    if not row or len(row) <= value_col:
        return None
    value = row[value_col].strip()
    return value or None


def storage_and_security(c: Collector, table: Table | None, section: str, value_col: int = 1) -> None:
    if table is None:
        return
    for name in ("db_create_file_dest", "control_files"):
        value = _value(table, name, value_col)
        if value is not None:
            c.fact("asm_in_use", value.startswith("+"), section, name, value)
            break
    size = _value(table, "inmemory_size", value_col)
    if size is not None and size.isdigit():
        c.fact("inmemory_size_gib", round(int(size) / GIB, 2), section, "inmemory_size", size)
    encrypt = _value(table, "encrypt_new_tablespaces", value_col)
    if encrypt is not None and encrypt.upper() == "ALWAYS":
        c.fact("tde_in_use", True, section, "encrypt_new_tablespaces", encrypt)
