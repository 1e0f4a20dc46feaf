"""The predictions file a run writes, and reading one back to resume or merge it.

The file is written whole, atomically (temporary file, fsync, rename), when
the run starts and when it ends; in between, finished items go to the
journal (``journal.py``), so at any moment the file is a complete, valid
predictions file and file plus journal lose only the requests in flight of
a killed run. Items are always
in manifest order and keys in a fixed order, whatever order the answers came
back in, so two runs with the same answers differ only in their timestamps
and latencies.

Answered items go to ``items``; every item the run dealt with, answered or
not, has a status entry in ``run.items``. A failed, truncated or skipped
item has no entry in ``items``: the scorer counts it as unanswered, and
``--resume`` asks again.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..datasets import (
    MAX_JSON_BYTES,
    dumps_layered,
    read_json,
    require_unique,
    validate_document,
    write_text_atomic,
)
from ..errors import SpotDiffError

RUN_FORMAT = "spotdiff-run/1"
#: Every status an item can have; only "ok" items have an answer.
STATUSES = ("ok", "failed", "truncated", "skipped")
#: Header fields two runs must share for their answers to belong in one file.
#: Concurrency, timeout and retries change how answers were fetched, not what
#: was asked, so they may differ.
SAME_QUESTION = (
    ("protocol",),
    ("model",),
    ("dataset", "name"),
    ("dataset", "version"),
    ("prompt", "sha256"),
    ("parameters", "temperature"),
    ("parameters", "max_tokens"),
    ("parameters", "max_completion_tokens"),
    ("parameters", "extra_body"),
)


def utc_now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def tool_name() -> str:
    """The ``tool`` of the run object: this program and its version."""
    from ..version import __version__

    return f"spotdiff-eval {__version__}"


@dataclass(frozen=True)
class ItemRecord:
    """How one item went; ``differences`` is the answer of an ``ok`` item."""

    item_id: str
    status: str
    attempts: int = 0
    latency_ms: int | None = None
    http_status: int | None = None
    error: str | None = None
    warnings: tuple[str, ...] = ()
    input_tokens: int | None = None
    output_tokens: int | None = None
    model_version: str | None = None
    #: sha256 of the image asked about (red team round 19: --resume checks that an
    #: answered item's image is still the same picture). None: not read, or a file
    #: of an earlier version.
    image_sha256: str | None = None
    #: The exception chain of an unexpected error (a bug), for its report.
    traceback: str | None = None
    differences: tuple[dict[str, Any], ...] = field(default=(), compare=False)
    #: The kind of the failure (``failure_reason.Failure``), "" if none or not known:
    #: for the advice a stopped run gives, not written to the file.
    failure: str = field(default="", compare=False)

    def status_json(self) -> dict[str, Any]:
        entry = {
            "item_id": self.item_id,
            "status": self.status,
            "attempts": self.attempts,
            "latency_ms": self.latency_ms,
            "http_status": self.http_status,
            "error": self.error,
            "warnings": list(self.warnings),
            "usage": {"input_tokens": self.input_tokens, "output_tokens": self.output_tokens},
            "model_version": self.model_version,
        }
        if self.image_sha256 is not None:  # absent where no image was read
            entry["image_sha256"] = self.image_sha256
        if self.traceback is not None:  # only after a bug: other files keep their shape
            entry["traceback"] = self.traceback
        return entry

    def journal_json(self) -> dict[str, Any]:
        """The status entry with the answer: one line of the journal."""
        return {**self.status_json(), "differences": list(self.differences)}

    @classmethod
    def from_json(
        cls, entry: Mapping[str, Any], differences: Iterable[dict[str, Any]]
    ) -> ItemRecord:
        return cls(
            item_id=entry["item_id"],
            status=entry["status"],
            attempts=entry["attempts"],
            latency_ms=entry["latency_ms"],
            http_status=entry["http_status"],
            error=entry["error"],
            warnings=tuple(entry["warnings"]),
            input_tokens=entry["usage"]["input_tokens"],
            output_tokens=entry["usage"]["output_tokens"],
            model_version=entry.get("model_version"),  # absent in files of earlier versions
            image_sha256=entry.get("image_sha256"),  # absent in files of earlier versions
            traceback=entry.get("traceback"),
            differences=tuple(differences),
        )


def totals(records: Iterable[ItemRecord]) -> dict[str, int]:
    out = dict.fromkeys(("items", *STATUSES, "attempts", "input_tokens", "output_tokens"), 0)
    for record in records:
        out["items"] += 1
        out[record.status] += 1
        out["attempts"] += record.attempts
        out["input_tokens"] += record.input_tokens or 0
        out["output_tokens"] += record.output_tokens or 0
    return out


def build_document(
    header: Mapping[str, Any], records: Iterable[ItemRecord], finished: str
) -> dict[str, Any]:
    """The predictions document; ``records`` must already be in manifest order.

    ``header`` holds the run fields other than ``finished``, ``items`` and
    ``totals``, in the order they are written.
    """
    records = list(records)
    run = {**header, "finished": finished}
    run["model_versions"] = sorted(
        {r.model_version for r in records if r.status == "ok" and r.model_version}
    )
    run["items"] = [r.status_json() for r in records]
    run["totals"] = totals(records)
    return {
        "schema_version": "1.0",
        "model": header["model"],
        "items": [
            {"item_id": r.item_id, "differences": list(r.differences)}
            for r in records
            if r.status == "ok"
        ],
        "run": run,
    }


def dumps_predictions(document: Mapping[str, Any]) -> str:
    """Indented down to the single item, each item's answer on one line."""
    return dumps_layered(document, expand=3)


class OutputFile:
    """The file being written: one record per item, saved in manifest order."""

    def __init__(
        self,
        path: Path,
        header: Mapping[str, Any],
        order: Mapping[str, int],
        records: Mapping[str, ItemRecord] | None = None,
    ) -> None:
        self.path = path
        self.header = dict(header)
        self.order = order
        self.records: dict[str, ItemRecord] = dict(records or {})

    def put(self, record: ItemRecord) -> None:
        self.records[record.item_id] = record

    def in_order(self) -> list[ItemRecord]:
        return sorted(self.records.values(), key=lambda r: self.order[r.item_id])

    def save(self) -> None:
        document = build_document(self.header, self.in_order(), utc_now())
        write_text_atomic(self.path, dumps_predictions(document))


@dataclass(frozen=True)
class RunFile:
    """A predictions file written by ``spotdiff run``, read back."""

    path: Path
    run: dict[str, Any]
    records: dict[str, ItemRecord]


def read_run_file(path: Path, use: str = "continued", max_bytes: int = MAX_JSON_BYTES) -> RunFile:
    """Read and check a file ``spotdiff run`` wrote; its answers must match its statuses.

    ``use`` ends the error for a file without a run's provenance ("cannot be
    ..."): merge said "continued", the word of ``--resume`` (red team round 19).
    ``max_bytes`` is the size cap (merge's ``--max-predictions-mib``).
    """
    data = read_json(path, max_bytes=max_bytes)
    validate_document(data, "prediction", path)
    run = data.get("run")
    if not isinstance(run, dict) or run.get("format") != RUN_FORMAT:
        raise SpotDiffError(
            path, "/run", f"has no provenance written by spotdiff run, so it cannot be {use}"
        )
    require_unique(path, data["items"], "item_id", "/items")
    require_unique(path, run["items"], "item_id", "/run/items")
    answers = {item["item_id"]: item["differences"] for item in data["items"]}
    statuses = {entry["item_id"]: entry for entry in run["items"]}
    for index, item_id in enumerate(answers):
        entry = statuses.get(item_id)
        if entry is None or entry["status"] != "ok":
            raise SpotDiffError(
                path, f"/items/{index}", f'item "{item_id}" has no "ok" entry in /run/items'
            )
    for index, entry in enumerate(run["items"]):
        if entry["status"] == "ok" and entry["item_id"] not in answers:
            raise SpotDiffError(
                path, f"/run/items/{index}", f'item "{entry["item_id"]}" is ok but not in /items'
            )
    if data["model"] != run["model"]:
        raise SpotDiffError(path, "/model", f'differs from /run/model "{run["model"]}"')
    records = {
        item_id: ItemRecord.from_json(entry, answers.get(item_id, ()))
        for item_id, entry in statuses.items()
    }
    return RunFile(path=path, run=run, records=records)


def question_mismatch(a: Mapping[str, Any], b: Mapping[str, Any]) -> str | None:
    """How two run headers differ in what they asked, or None if they asked the same."""
    for keys in SAME_QUESTION:
        left, right = _get(a, keys), _get(b, keys)
        if left != right:
            return f"{'.'.join(keys)} is {_show(left)} there but {_show(right)} here"
    return None


def check_items_known(run_file: RunFile, order: Mapping[str, int], manifest: object) -> None:
    for index, entry in enumerate(run_file.run["items"]):
        if entry["item_id"] not in order:
            raise SpotDiffError(
                run_file.path,
                f"/run/items/{index}",
                f'item "{entry["item_id"]}" is not in the dataset {manifest}',
            )


def _get(data: Mapping[str, Any], keys: tuple[str, ...]) -> Any:
    value: Any = data
    for key in keys:
        value = value.get(key) if isinstance(value, Mapping) else None
    return value


def _show(value: Any) -> str:
    return "null" if value is None else f'"{value}"' if isinstance(value, str) else str(value)
