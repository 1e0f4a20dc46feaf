"""The run loop: ask the model about each selected item, a few at a time, and keep every answer.

Workers are daemon threads pulling items from a queue; only the main thread
touches the output. Each batch of finished items (one item, or all that
finished while the previous write was under way) is appended to the journal;
the predictions file is written whole at the start and at the end. A killed
run loses only the requests in flight, and writing costs time in proportion
to the answers, however large the dataset.

A failed item is recorded and the run goes on; so is a truncated one (the
answer hit the token limit), which is never kept as an answer: differences
would be silently missing from it. A *fatal* failure (the
endpoint refused the token, does not exist, redirects) stops the run: the
remaining items would all fail the same way. What was not finished is
recorded as ``skipped``; ``--resume`` picks up every item that is not ``ok``.
"""

from __future__ import annotations

import hashlib
import json
import os
import queue
import random
import sys
import threading
import time
from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal, TextIO

from .._util.progress import Progress
from .._util.redaction import Redactor
from .._util.terminal import safe_text
from ..errors import SpotDiffError
from .answers import Answer, AnswerError, read_answer, valid_text
from .backoff import RetryPolicy
from .http import EndpointClient, RequestFailed
from .inputs import read_image
from .journal import Journal, journal_path, record_line
from .outage import OutageBreaker, outage_limit
from .output import ItemRecord, totals
from .plan import Job, Plan, prepare, request_for
from .protocols import ResponseError, WrongProtocol, read_reply, request_url
from .settings import RunSettings
from .stop_hints import fatal_hint, raise_limit_hint
from .tracebacks import clipped, formatted_traceback

#: What an item's outcome says about the run: ``"fatal"`` (stop now: every item
#: would fail alike), ``"outage"`` (failed after its retries: ``outage``), ``"down"``
#: (the outage item that tripped the breaker: stop now), else "".
Verdict = Literal["", "fatal", "outage", "down"]


@dataclass(frozen=True)
class RunResult:
    """What a run did, for the summary line and the exit status."""

    output: Path
    selected: int
    ok: int
    earlier: int  # of ``ok``: answered by an earlier run of the same file
    failed: int
    truncated: int  # cut off at the token limit: not an answer
    skipped: int
    warnings: int
    input_tokens: int
    output_tokens: int
    seconds: float
    error: SpotDiffError | None = None  # why the run stopped early, if it did

    @property
    def unanswered(self) -> int:
        return self.selected - self.ok


def run_model(
    settings: RunSettings,
    *,
    environ: Mapping[str, str] | None = None,
    rng: random.Random | None = None,
    stream: TextIO | None = None,
) -> RunResult:
    """Run ``settings.model`` on the dataset and write the predictions file.

    Raises :class:`SpotDiffError` for bad settings or input before any
    request is made, and when another run is writing the same output.
    Failed items do not raise: they are in the result and in the file.
    ``KeyboardInterrupt`` saves the file, then propagates.
    """
    started = time.monotonic()
    stream = stream if stream is not None else sys.stderr
    plan = prepare(settings, os.environ if environ is None else environ)
    with plan.lock:  # taken by prepare, released however the run ends
        return _run(settings, plan, rng, stream, started)


def _run(
    settings: RunSettings,
    plan: Plan,
    rng: random.Random | None,
    stream: TextIO,
    started: float,
) -> RunResult:
    for warning in plan.warnings:
        stream.write(f"spotdiff: warning: {warning}\n")
    for note in plan.notes:
        stream.write(f"spotdiff: note: {note}\n")
    # Before any request: proves the output can be written, and folds in
    # the journal of a killed run, which the new journal then replaces.
    plan.output.save()
    journal = Journal(journal_path(settings.output), plan.output.header)
    stop = threading.Event()
    client = EndpointClient(
        request_url(settings.endpoint.strip(), settings.model),
        plan.headers,
        timeout=settings.timeout,
        policy=RetryPolicy(
            retries=settings.retries,
            backoff_base=settings.backoff_base,
            backoff_max=settings.backoff_max,
            retry_after_max=settings.retry_after_max,
        ),
        redactor=plan.redactor,
        stop=stop,
        rng=rng,
        page_limit=outage_limit(settings.stop_after_outage, settings.concurrency),
    )
    loop = _Loop(
        settings,
        plan,
        client,
        journal,
        stop,
        Progress(f"asking {safe_text(settings.model, 40)}", len(plan.selected), stream),
    )
    try:
        loop.run()
    finally:
        client.close()
        journal.close()
    records = [plan.output.records[job.item_id] for job in plan.selected]
    counts = totals(records)
    return RunResult(
        output=settings.output,
        selected=len(plan.selected),
        ok=counts["ok"],
        earlier=len(plan.earlier),
        failed=counts["failed"],
        skipped=counts["skipped"],
        truncated=counts["truncated"],
        warnings=sum(len(r.warnings) for r in records if r.item_id not in plan.earlier),
        input_tokens=sum(r.input_tokens or 0 for r in records if r.item_id not in plan.earlier),
        output_tokens=sum(r.output_tokens or 0 for r in records if r.item_id not in plan.earlier),
        seconds=time.monotonic() - started,
        error=loop.fatal,
    )


def summary_line(result: RunResult) -> str:
    """``spotdiff run: 6 items: 5 ok (2 earlier), 1 failed, 0 skipped; tokens ...; 12.3 s``."""
    earlier = f" ({result.earlier} from an earlier run)" if result.earlier else ""
    warnings = f", {result.warnings} answer warning(s)" if result.warnings else ""
    truncated = f", {result.truncated} truncated" if result.truncated else ""
    return (
        f"spotdiff run: {result.selected} item{'' if result.selected == 1 else 's'}: "
        f"{result.ok} ok{earlier}, {result.failed} failed{truncated}, "
        f"{result.skipped} skipped{warnings}; tokens {result.input_tokens:,} in / "
        f"{result.output_tokens:,} out; {result.seconds:.1f} s; wrote {result.output}"
    )


class _Loop:
    """One run of the worker pool over the items still to do."""

    def __init__(
        self,
        settings: RunSettings,
        plan: Plan,
        client: EndpointClient,
        journal: Journal,
        stop: threading.Event,
        progress: Progress,
    ) -> None:
        self.settings, self.plan, self.client, self.stop = settings, plan, client, stop
        self.journal = journal
        self.progress = progress
        self.fatal: SpotDiffError | None = None
        self.done = len(plan.earlier)
        self.failed = 0
        self.outage = OutageBreaker(outage_limit(settings.stop_after_outage, settings.concurrency))

    def run(self) -> None:
        jobs: queue.SimpleQueue[Job] = queue.SimpleQueue()
        for job in self.plan.todo:
            jobs.put(job)
        results: queue.SimpleQueue[tuple[ItemRecord, Verdict, bytes] | None] = queue.SimpleQueue()
        workers = min(self.settings.concurrency, len(self.plan.todo))
        for _ in range(workers):
            threading.Thread(target=self._work, args=(jobs, results), daemon=True).start()
        self.progress(self.done)
        live = workers
        try:
            while live:
                batch = [results.get()]
                while True:
                    try:
                        batch.append(results.get_nowait())
                    except queue.Empty:
                        break
                live -= batch.count(None)
                finished = [r for r in batch if r is not None]
                for record, verdict, _line in finished:
                    self._record(record, verdict)
                self.journal.append(line for _, _, line in finished)
        except KeyboardInterrupt:
            self.stop.set()
            self._finish("the run was interrupted")
            raise
        except SpotDiffError:
            # Red team round 18: the journal could not be written (a full disk). The
            # workers went on asking, paid for answers nobody would keep; now they
            # stop, and the output is saved if it still fits (with everything,
            # which the journal then need not keep): the error names the journal.
            self.stop.set()
            with suppress(SpotDiffError, OSError):
                self._finish("the journal could not be written")
            raise
        self._finish(f"the run stopped: {self.fatal.what}" if self.fatal else None)

    def _work(self, jobs: queue.SimpleQueue[Job], results: queue.SimpleQueue[Any]) -> None:
        try:
            while not self.stop.is_set():
                try:
                    job = jobs.get_nowait()
                except queue.Empty:
                    return
                record, verdict, line = self._ask_safely(job)
                if self.outage.tripped(verdict == "outage", record.failure):
                    verdict = "down"
                if verdict in ("fatal", "down"):
                    self.stop.set()  # now, before this worker takes another item
                results.put((record, verdict, line))
        finally:
            results.put(None)

    def _record(self, record: ItemRecord, verdict: Verdict) -> None:
        self.plan.output.put(record)
        if record.status == "ok":
            self.done += 1
        elif record.status in ("failed", "truncated"):
            self.done += 1
            self.failed += 1
            message = safe_text(record.error or "", 300)
            self.progress.note(f"spotdiff: warning: {safe_text(record.item_id)}: {message}")
        if verdict == "fatal" and self.fatal is None:
            self.stop.set()
            self.fatal = SpotDiffError(
                self.plan.endpoint_host, record.item_id, fatal_hint(record, self.settings)
            )
        if verdict == "down" and self.fatal is None:
            self.stop.set()
            self.fatal = SpotDiffError(
                self.plan.endpoint_host,
                record.item_id,
                self.outage.message(record.error, self.settings.output, self.settings.timeout),
            )
        self.progress(self.done, f"{self.failed} failed" if self.failed else "")

    def _finish(self, reason: str | None) -> None:
        """Record the items not finished as skipped, write the file, drop the journal.

        Should writing fail (a full disk), the journal stays for ``--resume``.
        """
        missing = [j for j in self.plan.todo if j.item_id not in self.plan.output.records]
        error = f"not finished: {reason or 'the run stopped'}"
        for job in missing:
            self.plan.output.put(ItemRecord(job.item_id, "skipped", error=error))
        self.plan.output.save()
        self.journal.remove()

    def _ask_safely(self, job: Job) -> tuple[ItemRecord, Verdict, bytes]:
        """Never lets a worker die: an unexpected error fails the item, not the run.

        Such an error is a bug: the record keeps its whole traceback, so that
        it can be reported and fixed. The record's journal line is made here
        too: one that cannot be written as JSON (a bug as well) fails its
        item, where it would otherwise crash the run at its next write.
        """
        try:
            record, verdict = self._ask(job)
            record = _scrubbed(record, self.plan.redactor)
            return record, verdict, record_line(record)
        except Exception as exc:  # an overnight run must go on
            record = _scrubbed(
                ItemRecord(
                    job.item_id,
                    "failed",
                    error=f"internal error: {type(exc).__name__}: {exc}",
                    traceback=formatted_traceback(exc),
                ),
                self.plan.redactor,
            )
            return record, "", record_line(record)

    def _ask(self, job: Job) -> tuple[ItemRecord, Verdict]:
        settings = self.settings
        try:
            image, media_type = read_image(job.image_path)
        except SpotDiffError as exc:
            return ItemRecord(job.item_id, "failed", error=exc.one_line()), ""
        image_sha256 = hashlib.sha256(image).hexdigest()
        body = request_for(
            settings,
            self.plan.extra_body,
            prompt=self.plan.prompt.render(job.panel_layout),
            image=image,
            media_type=media_type,
        )
        try:
            response = self.client.post(json.dumps(body).encode("utf-8"))
        except RequestFailed as exc:
            status = "skipped" if exc.stopped else "failed"
            record = ItemRecord(
                job.item_id,
                status,
                attempts=exc.attempts,
                http_status=exc.http_status,
                error=exc.message,
                image_sha256=image_sha256,
                failure=exc.failure,
            )
            # Red team round 18: a wrong port or host (refused, no such host) was
            # retried for each item in turn, about 25 s each, so a run of 1,000
            # items failed for hours. Nothing has answered at that address yet:
            # every item would fail alike, so the run stops.
            if exc.fatal or (exc.unreachable and not self.client.reached.is_set()):
                return record, "fatal"
            return record, "outage" if exc.exhausted and not exc.stopped else ""
        base = {
            "attempts": response.attempts,
            "latency_ms": response.latency_ms,
            "http_status": response.http_status,
            "image_sha256": image_sha256,
        }
        try:
            reply = read_reply(settings.protocol, response.data)
        except ResponseError as exc:
            verdict: Verdict = "fatal" if isinstance(exc, WrongProtocol) else ""
            return ItemRecord(job.item_id, "failed", error=str(exc), **base), verdict
        tokens = {
            "input_tokens": reply.input_tokens,
            "output_tokens": reply.output_tokens,
            "model_version": reply.model_version,
        }
        if reply.truncated:
            error = f"the answer was cut off at the token limit; {raise_limit_hint(settings)}"
            return ItemRecord(job.item_id, "truncated", error=error, **base, **tokens), ""
        try:
            answer = _read_scrubbed(reply.text, self.plan.redactor)
        except AnswerError as exc:
            return ItemRecord(job.item_id, "failed", error=str(exc), **base, **tokens), ""
        record = ItemRecord(
            job.item_id,
            "ok",
            warnings=(response.warning, *answer.warnings) if response.warning else answer.warnings,
            differences=answer.differences,
            **base,
            **tokens,
        )
        return record, ""


def _read_scrubbed(text: str, redactor: Redactor) -> Answer:
    """Read an answer with every secret removed, even one hidden in a JSON escape.

    The text is redacted before parsing, and the parsed differences again; if
    that changes anything, they are read once more so that the schema's
    length limits still hold after ``[redacted]`` replaced a shorter secret.
    """
    answer = read_answer(redactor.text(text))
    clean = [redactor.data(d) for d in answer.differences]
    if clean != list(answer.differences):
        again = read_answer(json.dumps({"differences": clean}))
        answer = Answer(again.differences, answer.warnings + again.warnings)
    return answer


def _scrubbed(record: ItemRecord, redactor: Redactor) -> ItemRecord:
    """The record with secrets removed from its messages (the answer already is),
    and lone surrogates, which a server's JSON can hold but UTF-8 cannot."""

    def clean(text: str) -> str:
        return valid_text(redactor.text(text))

    return replace(
        record,
        model_version=None if record.model_version is None else clean(record.model_version),
        error=None if record.error is None else clean(record.error)[:1000],
        warnings=tuple(clean(w)[:1000] for w in record.warnings),
        traceback=None if record.traceback is None else clipped(clean(record.traceback)),
    )
