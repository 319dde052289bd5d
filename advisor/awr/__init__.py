"""AWR / Statspack / AWR-Miner import (issue 18): pure parsers in ``engine``, the CLI in ``management``."""
