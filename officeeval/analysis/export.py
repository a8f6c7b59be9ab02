"""The tidy tables written out: CSV (UTF-8 with BOM) and Parquet when pyarrow is there."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from officeeval.analysis.results import Results


# ------------------------------------------------------------------------------ export
def export_tables(res: Results, directory: str | Path) -> list[Path]:
    """Write tasks.csv, criteria.csv, checks.csv (and turns.csv when the batch has turns,
    agents.csv when it has agents; UTF-8 with BOM so spreadsheet programs
    read Chinese text), and the same as Parquet when pyarrow is importable. Returns the
    paths written. Raises OSError when DIRECTORY is not writable."""
    d = Path(directory)
    d.mkdir(parents=True, exist_ok=True)
    parquet = importlib.util.find_spec("pyarrow") is not None
    written = []
    tables = [("tasks", res.tasks), ("criteria", res.criteria), ("checks", res.checks)]
    if res.turns is not None and not res.turns.empty:
        tables.append(("turns", res.turns))
    if res.agents is not None and not res.agents.empty:
        tables.append(("agents", res.agents))
    for name, df in tables:
        path = d / f"{name}.csv"
        df.to_csv(path, index=False, encoding="utf-8-sig")
        written.append(path)
        if parquet:
            df.to_parquet(d / f"{name}.parquet", index=False)
            written.append(d / f"{name}.parquet")
    return written
