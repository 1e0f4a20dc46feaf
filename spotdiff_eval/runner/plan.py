"""Before the first request: which items to ask about, what to send, where to write.

Everything that can be wrong with the settings, the dataset or the output is
found here, before a single request is spent: a missing image, an output
file that would be overwritten, a ``--resume`` of a file that asked another
model or used another prompt.

Only the manifest is read, never the annotations: a hidden test split
ships without them, and the model must not see them anyway.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .._util.redaction import Redactor, body_secrets, plain_text_warning, url_secrets
from ..datasets import Manifest, read_manifest
from ..errors import SpotDiffError
from .extra_body import load_extra_body, merge_extra
from .inputs import Prompt, load_prompt
from .journal import journal_path, read_journal
from .lock import OutputLock
from .output import (
    RUN_FORMAT,
    ItemRecord,
    OutputFile,
    RunFile,
    check_items_known,
    question_mismatch,
    read_run_file,
    tool_name,
    utc_now,
)
from .protocols import request_body
from .settings import RunSettings, check_settings, endpoint_host, request_headers


@dataclass(frozen=True)
class Job:
    """One item to ask about."""

    index: int  # position in the manifest
    item_id: str
    image_path: Path
    panel_layout: str


@dataclass
class Plan:
    selected: list[Job]  # this run's items (shard and limit applied), manifest order
    todo: list[Job]  # of those, the ones not answered by an earlier run
    earlier: frozenset[str]
    output: OutputFile
    headers: dict[str, str]
    redactor: Redactor
    prompt: Prompt
    endpoint_host: str
    extra_body: dict[str, Any] | None
    #: Held until the run has written its file (``run_model`` releases it).
    lock: OutputLock
    notes: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def prepare(settings: RunSettings, environ: Mapping[str, str]) -> Plan:
    """Check everything and plan the run; raise :class:`SpotDiffError` on the first problem."""
    check_settings(settings)
    host = endpoint_host(settings.endpoint)
    headers, token = request_headers(settings, environ)
    extra_body = load_extra_body(settings.extra_body, settings.extra_body_file, settings.protocol)
    secrets = [token or "", *url_secrets(settings.endpoint), *body_secrets(extra_body)]
    redactor = Redactor(secrets)
    notes, warnings = [], []
    warning = plain_text_warning(settings.endpoint, token is not None)
    if warning is not None:
        warnings.append(warning)
    if token is None:
        notes.append(f"${settings.token_env} is not set; sending no token")
    prompt = load_prompt(settings.prompt_file)
    # A clash with the runner's own fields is refused now, not per item.
    request_for(settings, extra_body, prompt="", image=b"", media_type="image/png")
    if not prompt.states_layout:
        notes.append(
            f"{prompt.name} lacks the {{first}} and {{second}} placeholders, so the model is "
            "not told which panel comes first"
        )

    manifest = read_manifest(settings.manifest)
    entries = manifest.entries
    order = {entry["item_id"]: index for index, entry in enumerate(entries)}
    indices = list(range(len(entries)))
    if settings.shard is not None:
        shard, count = settings.shard
        indices = [i for i in indices if i % count == shard - 1]
    if settings.limit is not None:
        indices = indices[: settings.limit]

    header = _header(settings, host, prompt, manifest.data, redactor.data(extra_body))
    # From here on the output is read and then written: one run at a time.
    lock = OutputLock(settings.output).acquire()
    if (unlocked := lock.unlocked_warning()) is not None:
        warnings.append(unlocked)
    try:
        previous = _previous(settings, header, order)
        if previous is not None and journal_path(settings.output).exists():
            previous, replayed = _with_journal(previous, header, order, settings.manifest)
            notes.append(f"folded in {replayed} item(s) from the journal of an interrupted run")
        if previous is not None:
            header["started"] = previous.run["started"]
        records = previous.records if previous is not None else {}
        check_images_unchanged(
            settings.output, records, manifest, order, "; choose another --output"
        )
        earlier = frozenset(
            entries[i]["item_id"]
            for i in indices
            if entries[i]["item_id"] in records and records[entries[i]["item_id"]].status == "ok"
        )
        # Images must exist for the items still to ask about, checked now rather
        # than failing one by one in the middle of the night.
        selected = [
            Job(
                index=i,
                item_id=(item_id := entries[i]["item_id"]),
                image_path=manifest.resolve(i, "image", must_exist=item_id not in earlier),
                panel_layout=entries[i]["panel_layout"],
            )
            for i in indices
        ]
        if previous is not None:
            notes.append(
                f"resuming {settings.output}: {len(earlier)} of {len(selected)} items "
                "already answered"
            )
        return Plan(
            selected=selected,
            todo=[job for job in selected if job.item_id not in earlier],
            earlier=earlier,
            output=OutputFile(settings.output, header, order, records),
            headers=headers,
            redactor=redactor,
            prompt=prompt,
            endpoint_host=host,
            extra_body=extra_body,
            notes=notes,
            warnings=warnings,
            lock=lock,
        )
    except BaseException:
        lock.release()
        raise


def request_for(
    settings: RunSettings,
    extra_body: Mapping[str, Any] | None,
    *,
    prompt: str,
    image: bytes,
    media_type: str,
) -> dict[str, Any]:
    """The request body of one item: the settings' fields, then ``extra_body`` merged in."""
    body = request_body(
        settings.protocol,
        model=settings.model,
        prompt=prompt,
        image=image,
        media_type=media_type,
        temperature=settings.temperature,
        max_tokens=settings.effective_max_tokens,
        max_completion_tokens=settings.max_completion_tokens,
    )
    merge_extra(body, extra_body)
    return body


def _header(
    settings: RunSettings,
    host: str,
    prompt: Prompt,
    manifest: Mapping[str, Any],
    extra_body: dict[str, Any] | None,
) -> dict[str, Any]:
    """The run object's fixed fields, in the order they are written."""
    return {
        "format": RUN_FORMAT,
        "tool": tool_name(),
        "protocol": settings.protocol,
        "model": settings.model,
        "endpoint_host": host,
        "dataset": {"name": manifest["dataset_name"], "version": manifest["dataset_version"]},
        "prompt": {"name": prompt.name, "sha256": prompt.sha256},
        "parameters": {
            "temperature": settings.temperature,
            "max_tokens": settings.effective_max_tokens,
            "max_completion_tokens": settings.max_completion_tokens,
            "extra_body": extra_body,
            "timeout_s": settings.timeout,
            "retries": settings.retries,
            "concurrency": settings.concurrency,
        },
        "shard": settings.shard_text,
        "started": utc_now(),
    }


def _previous(
    settings: RunSettings, header: Mapping[str, Any], order: Mapping[str, int]
) -> RunFile | None:
    """The earlier run to continue, if ``--resume`` and the file exists.

    Without ``--resume`` an existing file is never overwritten: it may hold
    hours of paid answers.
    """
    path = settings.output
    if path.is_dir():
        raise SpotDiffError(path, "", "is a folder; --output must name a file")
    if not path.exists():
        journal = journal_path(path)
        if journal.exists():
            raise SpotDiffError(
                journal,
                "",
                f"holds answers of an interrupted run, but {path.name} is gone; restore "
                "it and add --resume, or delete the journal",
            )
        return None
    if not settings.resume:
        raise SpotDiffError(
            path, "", "already exists; add --resume to continue it, or choose another --output"
        )
    previous = read_run_file(path)
    mismatch = question_mismatch(previous.run, header)
    if mismatch is not None:
        raise SpotDiffError(
            path, "/run", f"comes from a different run ({mismatch}); choose another --output"
        )
    _check_same_host(path, previous.run, header)
    if previous.run["shard"] != header["shard"]:
        raise SpotDiffError(
            path,
            "/run/shard",
            f"covers {_shard_words(previous.run['shard'])}, not {_shard_words(header['shard'])}",
        )
    check_items_known(previous, order, settings.manifest)
    return previous


def _with_journal(
    previous: RunFile, header: Mapping[str, Any], order: Mapping[str, int], manifest: Path
) -> tuple[RunFile, int]:
    """The earlier run with the items of its journal folded in (a killed run left it)."""
    journal = journal_path(previous.path)
    run, records = read_journal(journal)
    if run is None:  # killed while the journal was being started: nothing in it
        return previous, 0
    mismatch = question_mismatch(run, header)
    if mismatch is None and run.get("shard") != header["shard"]:
        mismatch = (
            f"it covers {_shard_words(run.get('shard'))}, not {_shard_words(header['shard'])}"
        )
    if mismatch is None and run.get("endpoint_host") != header["endpoint_host"]:
        mismatch = f'it ran against "{run.get("endpoint_host")}", not "{header["endpoint_host"]}"'
    if mismatch is not None:
        raise SpotDiffError(journal, "line 1", f"comes from a different run ({mismatch})")
    for item_id in records:
        if item_id not in order:
            raise SpotDiffError(journal, "", f'item "{item_id}" is not in the dataset {manifest}')
    folded = RunFile(previous.path, previous.run, {**previous.records, **records})
    return folded, len(records)


def _check_same_host(path: Path, run: Mapping[str, Any], header: Mapping[str, Any]) -> None:
    """Refuse to continue a file of answers from another endpoint.

    Red team round 19: ``merge`` refuses shards run against different hosts
    (the same model name may be another model there), but --resume against
    another host wrote such a file, naming the new host alone.
    """
    if run["endpoint_host"] != header["endpoint_host"]:
        raise SpotDiffError(
            path,
            "/run/endpoint_host",
            f'comes from a run against "{run["endpoint_host"]}", not '
            f'"{header["endpoint_host"]}"; choose another --output',
        )


def check_images_unchanged(
    output: Path,
    records: Mapping[str, ItemRecord],
    manifest: Manifest,
    order: Mapping[str, int],
    advice: str = "",
) -> None:
    """Refuse to continue (or merge) a file whose answers are about images that have
    changed since; ``advice`` ends the message.

    Red team round 19: ``spotdiff generate`` with another ``--seed``, or a
    dataset revision that fixed an image, keeps the dataset's name, version
    and item ids, so --resume kept answers about the old pictures beside
    answers about the new ones. An image that is gone cannot be compared (the
    images of answered items need not be kept), nor can an answer in a file
    of an earlier version, which recorded no sha256.
    """
    answered = sorted(records, key=order.__getitem__)
    for position, item_id in enumerate(answered):
        record = records[item_id]
        if record.status != "ok" or record.image_sha256 is None:
            continue
        path = manifest.resolve(order[item_id], "image", must_exist=False)
        try:
            with path.open("rb") as image:
                now = hashlib.file_digest(image, "sha256").hexdigest()
        except FileNotFoundError:
            continue
        except OSError as exc:
            raise SpotDiffError(path, "", f"cannot read: {exc.strerror or exc}") from None
        if now != record.image_sha256:
            raise SpotDiffError(
                output,
                f"/run/items/{position}",
                f'comes from a different dataset (the image of item "{item_id}" has changed '
                f"since it was answered){advice}",
            )


def _shard_words(shard: str | None) -> str:
    return "the whole dataset" if shard is None else f"shard {shard}"
