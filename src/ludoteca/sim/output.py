"""Rows to files and back: ``.csv``, ``.jsonl`` and (with pyarrow) ``.parquet``.

Reading a file gives back exactly the rows written (types included):

- JSON Lines: one JSON object per line.
- CSV: one column per key (the union, in first-seen order); a cell holds a string as it is,
  anything else — numbers, booleans, null, lists, dicts — as JSON (and a string that would
  read as JSON, like ``"3"``, quoted as JSON too); an empty cell is a key the row lacks.
- Parquet: a column whose values all have one scalar type is stored as that type; any
  other column as JSON text, named in the file's metadata. A null is a key the row lacks.
"""

from __future__ import annotations

import csv
import importlib.util
import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .runner import SimError

FORMATS = ("csv", "jsonl", "parquet")
JSON_COLUMNS_KEY = b"ludoteca.json_columns"
Row = dict[str, Any]


def parquet_available() -> bool:
    return importlib.util.find_spec("pyarrow") is not None


def format_of(path: str | Path) -> str:
    """The file format named by ``path``'s suffix; SimError naming the allowed ones."""
    suffix = Path(path).suffix.lower().lstrip(".")
    if suffix not in FORMATS:
        raise SimError(f"{path}: unknown file format {('.' + suffix) if suffix else '(none)'}; "
                       f"allowed formats: {allowed_formats()}")
    if suffix == "parquet" and not parquet_available():
        raise SimError(f"{path}: parquet needs pyarrow (pip install pyarrow); allowed formats "
                       f"here: {allowed_formats()}")
    return suffix


def allowed_formats() -> str:
    ok = [f for f in FORMATS if f != "parquet" or parquet_available()]
    return ", ".join(f".{f}" for f in ok)


def columns(rows: Iterable[Mapping[str, Any]]) -> list[str]:
    """Every key of the rows, in the order first seen."""
    seen: dict[str, None] = {}
    for row in rows:
        for key in row:
            seen.setdefault(key, None)
    return list(seen)


# ----- writing --------------------------------------------------------------------------------
def write_rows(path: str | Path, rows: Sequence[Mapping[str, Any]]) -> str:
    """Write ``rows`` in the format ``path``'s suffix names; return that format."""
    fmt = format_of(path)
    path = Path(path)
    if fmt == "jsonl":
        with path.open("w", encoding="utf-8") as f:
            for row in rows:
                f.write(json.dumps(row, ensure_ascii=False) + "\n")
    elif fmt == "csv":
        cols = columns(rows)
        with path.open("w", encoding="utf-8", newline="") as f:
            writer = csv.writer(f)
            writer.writerow(cols)
            for row in rows:
                writer.writerow([_cell(row[c]) if c in row else "" for c in cols])
    else:
        _write_parquet(path, rows)
    return fmt


def _reads_as_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def _cell(value: Any) -> str:
    if isinstance(value, str) and value and not _reads_as_json(value):
        return value
    return json.dumps(value, ensure_ascii=False)


def _write_parquet(path: Path, rows: Sequence[Mapping[str, Any]]) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    data: dict[str, list[Any]] = {}
    as_json: list[str] = []
    for col in columns(rows):
        values = [row.get(col) for row in rows]
        kinds = {type(row[col]) for row in rows if col in row}
        if len(kinds) == 1 and kinds <= {bool, int, float, str}:
            data[col] = values
        else:
            data[col] = [json.dumps(row[col], ensure_ascii=False) if col in row else None
                         for row in rows]
            as_json.append(col)
    table = pa.table(data)
    meta = dict(table.schema.metadata or {})
    meta[JSON_COLUMNS_KEY] = json.dumps(as_json).encode()
    pq.write_table(table.replace_schema_metadata(meta), path)


# ----- reading --------------------------------------------------------------------------------
def read_rows(path: str | Path) -> list[Row]:
    """The rows of a file written by :func:`write_rows`."""
    fmt = format_of(path)
    path = Path(path)
    try:
        if fmt == "jsonl":
            with path.open(encoding="utf-8") as f:
                return [json.loads(line) for line in f if line.strip()]
        if fmt == "csv":
            with path.open(encoding="utf-8", newline="") as f:
                reader = csv.reader(f)
                header = next(reader, [])
                return [{c: _value(v) for c, v in zip(header, cells, strict=False) if v != ""}
                        for cells in reader]
        return _read_parquet(path)
    except OSError as exc:
        raise SimError(f"cannot read {path}: {exc.strerror or exc}") from None
    except ValueError as exc:
        raise SimError(f"{path} is not a valid .{fmt} file of rows: {exc}") from None


def _value(cell: str) -> Any:
    try:
        return json.loads(cell)
    except ValueError:
        return cell


def _read_parquet(path: Path) -> list[Row]:
    import pyarrow.parquet as pq

    table = pq.read_table(path)
    meta = table.schema.metadata or {}
    as_json = set(json.loads(meta.get(JSON_COLUMNS_KEY, b"[]")))
    data = table.to_pydict()
    n = table.num_rows
    rows: list[Row] = [{} for _ in range(n)]
    for col, values in data.items():
        for row, value in zip(rows, values, strict=True):
            if value is not None:
                row[col] = json.loads(value) if col in as_json else value
    return rows
