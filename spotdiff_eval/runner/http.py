"""One model request over HTTP, retried the way flaky providers need.

Retried: 408, 409, 429, every 5xx, timeouts and connection errors (refused,
reset, dropped mid-answer), and a 2xx reply with no answer in it: an empty
body, an empty ``choices`` list, an HTML page (red team round 24: a captive
portal's hiccup; as many pages in a row as the outage limit stop the run); an
``x-should-retry`` header overrules the status. Never retried: any other
4xx, since asking again cannot fix a bad request, and a reply that is not
JSON. 401, 403, 404 and 405 (and a redirect) are *fatal*: they say the
token, the endpoint or the model is wrong, which would fail every remaining
item the same way.

Waits grow exponentially with jitter, so that workers which failed together
do not retry together. A ``Retry-After`` (seconds or an HTTP date) is
honoured, and it pauses every worker, not just the one that was told: the
server is asking the whole client to slow down. tenacity runs the loop
(what is retried, how often, waiting); this module decides what each
reply means and how long to wait.

Error messages are written here from what went wrong, never from the
exception text of the HTTP library, which carries the full URL (and so any
``?key=``); server error bodies pass through the run's redactor.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import requests
from tenacity import RetryCallState, Retrying, retry_if_exception_type, stop_after_attempt

from .._util.redaction import Redactor
from .._util.terminal import safe_text
from .backoff import Gate, RetryPolicy, retry_delay, server_wait, wait_text
from .content_coding import undone_coding
from .deadline import DeadlineAdapter, Watchdog
from .event_stream import StreamCut
from .failure_reason import (
    BROKEN,
    EMPTY,
    PAGE,
    SERVER,
    TIMEOUT,
    Failure,
    Permanent,
    Transient,
    caused_by,
    transport_error,
)
from .html_page import (
    TITLE_SEARCH_CHARS,
    PageStreak,
    is_page,
    page_instead_of_answer,
    page_title,
)
from .reply_status import (
    FATAL_STATUSES,
    alike_for_every_item,
    dig,
    error_instead_of_answer,
    no_choices,
    recordable,
    worth_retrying,
)
from .reply_text import decoded, decoded_or_none, reply_text

#: A reply larger than this is refused (a vision answer is a few KiB).
MAX_REPLY_BYTES = 32 * 1024 * 1024
#: Connecting never needs the minutes a slow model may need to answer.
MAX_CONNECT_SECONDS = 30.0


@dataclass(frozen=True)
class Response:
    """A 2xx reply, parsed, and the warning about reading its bytes (``reply_text``)."""

    data: Any
    http_status: int
    attempts: int
    latency_ms: int
    warning: str | None = None


class RequestFailed(Exception):
    """The request failed for good: retries used up, not retryable, or the run stopped."""

    def __init__(
        self,
        message: str,
        *,
        attempts: int,
        http_status: int | None = None,
        fatal: bool = False,
        stopped: bool = False,
        unreachable: bool = False,
        exhausted: bool = False,
        failure: Failure = "",
    ) -> None:
        super().__init__(message)
        self.message = message
        self.attempts = attempts
        self.http_status = http_status
        self.fatal = fatal
        self.stopped = stopped
        #: The last attempt could not connect (refused, no such host...): no HTTP answer.
        self.unreachable = unreachable
        #: Every attempt failed in a way worth retrying (5xx, timeout...): ``outage``.
        self.exhausted = exhausted
        #: The kind of the last attempt's failure (``failure_reason``), "" if none.
        self.failure = failure


class EndpointClient:
    """Posts JSON to one URL from many threads, each with its own ``requests.Session``."""

    def __init__(
        self,
        url: str,
        headers: Mapping[str, str],
        *,
        timeout: float,
        policy: RetryPolicy,
        redactor: Redactor,
        stop: threading.Event,
        rng: random.Random | None = None,
        gate: Gate | None = None,
        page_limit: int = 0,
    ) -> None:
        self.url = url
        self.headers = {"Content-Type": "application/json", **headers}
        self.timeout = timeout
        self.policy = policy
        self.redactor = redactor
        self.stop = stop
        self.rng = rng or random.Random()
        self.gate = gate or Gate()
        self.watchdog = Watchdog()
        #: Set once any HTTP answer (of any status) came back from the endpoint.
        self.reached = threading.Event()
        self.pages = PageStreak(page_limit)
        self._local = threading.local()
        self._sessions: list[requests.Session] = []
        self._lock = threading.Lock()

    def post(self, payload: bytes) -> Response:
        """Send ``payload`` (JSON bytes) until it succeeds or fails for good.

        Waits go through ``stop.wait``, so a stopped run cuts them short and
        the next attempt, finding the run stopped, gives up.
        """
        last_status: int | None = None
        retrying = Retrying(
            retry=retry_if_exception_type(Transient),
            stop=stop_after_attempt(self.policy.retries + 1),
            wait=self._backoff,
            before_sleep=self._pause_everyone,
            sleep=self.stop.wait,
            reraise=True,
        )
        number = 0
        try:
            for attempt in retrying:
                with attempt:
                    number = attempt.retry_state.attempt_number
                    if not self.gate.wait(self.stop):
                        raise RequestFailed(
                            "not finished: the run stopped",
                            attempts=number - 1,
                            http_status=last_status,
                            stopped=True,
                        )
                    try:
                        return self._attempt(payload, number)
                    except Transient as exc:
                        last_status = exc.http_status
                        raise
        except Transient as exc:  # the last attempt failed too
            raise RequestFailed(
                f"{exc} (gave up after {number} attempts)",
                attempts=number,
                http_status=exc.http_status,
                unreachable=exc.connecting,
                exhausted=True,
                failure=exc.kind,
            ) from None
        raise AssertionError("unreachable: every attempt returns or raises")

    def _backoff(self, state: RetryCallState) -> float:
        """Seconds to wait before the next attempt (tenacity's ``wait``)."""
        return self.policy.delay(state.attempt_number, _failure(state).retry_after, self.rng)

    def _pause_everyone(self, state: RetryCallState) -> None:
        """After a ``Retry-After``, hold every worker for the wait, not only this one."""
        if _failure(state).retry_after is not None:
            self.gate.hold(state.upcoming_sleep)

    def _attempt(self, payload: bytes, number: int) -> Response:
        """Attempt ``number``: the reply, or :class:`Transient` to try again, or
        :class:`RequestFailed` when no other attempt could help."""
        started = time.monotonic()
        try:
            status, headers, raw = self._exchange(payload)
        except Permanent as exc:
            raise RequestFailed(str(exc), attempts=number, fatal=exc.fatal) from None
        self.reached.set()
        if 200 <= status < 300:
            return self._answer(status, headers, raw, number, started)
        self.pages.note(page=False)
        if 300 <= status < 400:
            raise RequestFailed(
                f"HTTP {status}: the endpoint redirects elsewhere; give the final URL "
                "as --endpoint",
                attempts=number,
                http_status=status,
                fatal=True,
            )
        message = f"HTTP {status}: {self._error_text(raw)}"
        recorded = recordable(status)
        data = decoded_or_none(raw)
        why = alike_for_every_item(status, data)
        if why is not None:  # every item would meet it alike
            raise RequestFailed(
                f"{message}{why}", attempts=number, http_status=recorded, fatal=True
            )
        if worth_retrying(status, headers):
            retry_after = server_wait(headers)
            if retry_after is None:
                retry_after = retry_delay(raw)
            longest = self.policy.retry_after_max
            if retry_after is not None and retry_after > longest:
                # Red team round 19: a used-up daily quota asks for hours; cut to the
                # longest wait, the retries failed alike, item after item, for hours.
                raise RequestFailed(
                    f"{message} (the server asks to wait {wait_text(retry_after)}, longer than a "
                    f"run waits, {longest:g} s: run again with --resume later)",
                    attempts=number,
                    http_status=recorded,
                    fatal=True,
                )
            raise Transient(message, kind=SERVER, http_status=recorded, retry_after=retry_after)
        raise RequestFailed(
            message, attempts=number, http_status=recorded, fatal=status in FATAL_STATUSES
        )

    def _answer(
        self, status: int, headers: Mapping[str, str], raw: bytes, number: int, started: float
    ) -> Response:
        """A 2xx reply's data, or :class:`Transient` or :class:`RequestFailed` when it
        holds no answer (an empty body, an HTML page, an error, no choices)."""
        if not raw.strip():
            # Red team round 20: a proxy whose upstream died after the status
            # line; the item failed at once as "the reply is not JSON: ".
            raise Transient(f"HTTP {status} with an empty body", kind=EMPTY, http_status=status)
        latency = round(1000 * (time.monotonic() - started))
        read = reply_text(raw, headers.get("Content-Type"))
        page = is_page(read.text[:TITLE_SEARCH_CHARS], headers.get("Content-Type"))
        streak_full = self.pages.note(page=page)
        if page:
            # Once, a captive portal's or a proxy's hiccup: retried. As many in a row
            # as the outage limit, a wrong --endpoint: the run stops (``PageStreak``).
            message = page_instead_of_answer(self.url, status, read.text, self.redactor)
            if streak_full:
                raise RequestFailed(
                    message, attempts=number, http_status=status, fatal=True, failure=PAGE
                )
            raise Transient(message, kind=PAGE, http_status=status)
        data = self._parse(read.text, raw, number, status, undone_coding(headers))
        retry = error_instead_of_answer(data)
        if retry is not None:
            # Red team round 18: routers (OpenRouter, LiteLLM proxies) send an
            # upstream failure as {"error": {...}} with status 200. It failed as
            # "the reply has no choices[0]", hiding the message, and a 502 or a
            # 429 inside it was not retried.
            message = f"HTTP {status} with an error: {self._error_text(raw)}"
            if retry:
                raise Transient(message, kind=SERVER, http_status=status)
            raise RequestFailed(message, attempts=number, http_status=status, failure=SERVER)
        if no_choices(data):
            raise Transient(
                f"HTTP {status} with no answer in it (no choices)", kind=EMPTY, http_status=status
            )
        return Response(data, status, number, latency, read.warning)

    def close(self) -> None:
        self.watchdog.close()
        with self._lock:
            for session in self._sessions:
                session.close()
            self._sessions.clear()

    # -- one attempt ------------------------------------------------------------

    def _session(self) -> requests.Session:
        session = getattr(self._local, "session", None)
        if session is None:
            session = requests.Session()
            adapter = DeadlineAdapter()
            session.mount("http://", adapter)
            session.mount("https://", adapter)
            self._local.session = session
            with self._lock:
                self._sessions.append(session)
        return session

    def _exchange(self, payload: bytes) -> tuple[int, Mapping[str, str], bytes]:
        """One POST: status, headers and the whole body, within the time limit.

        The limit holds for the whole exchange (see ``deadline.py``): a server
        trickling its headers or its body is cut off when it runs out.
        Redirects are not followed: a custom token header would be re-sent to
        whatever host the redirect names.
        """
        with self.watchdog.attempt(self.timeout) as attempt:
            answering = False  # True once the status line and headers arrived
            try:
                response = self._session().post(
                    self.url,
                    data=payload,
                    headers=self.headers,
                    timeout=(min(self.timeout, MAX_CONNECT_SECONDS), self.timeout),
                    stream=True,
                    allow_redirects=False,
                )
                answering = True
                with response:
                    chunks, size = [], 0
                    for chunk in response.iter_content(64 * 1024):
                        size += len(chunk)
                        if size > MAX_REPLY_BYTES:
                            raise Permanent(f"the reply is larger than {MAX_REPLY_BYTES >> 20} MiB")
                        chunks.append(chunk)
                    if attempt.expired:
                        raise Transient("cut off", kind=TIMEOUT)
                    return response.status_code, response.headers, b"".join(chunks)
            except (requests.exceptions.RequestException, OSError, Transient) as exc:
                if attempt.expired:
                    what = "complete answer" if answering else "answer"
                    raise Transient(f"no {what} within {self.timeout:g} s", kind=TIMEOUT) from None
                if isinstance(exc, Transient):
                    raise
                failure = transport_error(exc, self.timeout)
                if isinstance(failure, Transient) and not answering:
                    failure.connecting = failure.connecting or caused_by(exc, "RemoteDisconnected")
                raise failure from None

    def _parse(
        self, text: str, raw: bytes, attempts: int, status: int, coded: str | None = None
    ) -> Any:
        """The data of a reply whose bytes ``raw`` read as ``text`` (``reply_text``);
        ``coded`` says why, if a compression left as it was kept them from reading."""
        try:
            return decoded(text)
        except StreamCut as exc:  # red team round 19: a proxy closed the stream early
            raise Transient(str(exc), kind=BROKEN, http_status=status) from None
        except (ValueError, RecursionError):
            raise RequestFailed(
                coded or f"the reply is not JSON: {self._excerpt(raw)}",
                attempts=attempts,
                http_status=status,
            ) from None

    def _error_text(self, raw: bytes) -> str:
        """The server's own message from an error body (OpenAI, Gemini and Anthropic
        all use ``{"error": {"message": ...}}``), else the start of the body."""
        data = decoded_or_none(raw)
        for candidate in (
            dig(data, "error", "message"),
            dig(data, "error"),
            dig(data, "message"),
            dig(data, "detail"),
        ):
            if isinstance(candidate, str) and candidate.strip():
                return safe_text(self.redactor.text(" ".join(candidate.split())), 300)
        return self._excerpt(raw) if raw.strip() else "(empty body)"

    def _excerpt(self, raw: bytes) -> str:
        """The start of a body, or the title of an HTML page (``html_page``)."""
        title = page_title(raw[:TITLE_SEARCH_CHARS].decode("utf-8", "replace"))
        if title is not None:
            return safe_text(self.redactor.text(f'an HTML page titled "{title}"'), 200)
        text = " ".join(raw[:2000].decode("utf-8", "replace").split())
        return safe_text(self.redactor.text(text), 200)


def _failure(state: RetryCallState) -> Transient:
    """The failure tenacity is about to retry (only :class:`Transient` is retried)."""
    assert state.outcome is not None
    failure = state.outcome.exception()
    assert isinstance(failure, Transient)
    return failure
