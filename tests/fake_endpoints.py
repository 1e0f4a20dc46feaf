"""Real HTTP servers on 127.0.0.1 playing the three model APIs, and datasets to run them on.

A :class:`FakeEndpoint` is a ``ThreadingHTTPServer`` that speaks one protocol
(OpenAI-compatible chat completions, Gemini ``generateContent`` or
Anthropic messages). It records every request as received (path, headers,
JSON body), recognises which dataset item a request is about from the image
it carries, and answers from a per-item script of :class:`Reply`,
:class:`Fail`, :class:`Drop`, :class:`Slow`, :class:`Trickle` and :class:`Wire` actions, so a
test can make any item meet a 429, a 500, a dropped connection, a slow
answer or one that arrives a byte at a time. At the end, the helpers the
runner tests share: settings for a fake, a quiet run, and reading its file.
"""

from __future__ import annotations

import base64
import io
import json
import random
import socket
import threading
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from PIL import Image

from spotdiff_eval.runner import RunSettings, run_model
from spotdiff_eval.runner.engine import RunResult

PROTOCOLS = ("openai_compatible", "gemini_native", "anthropic")
#: Paths the servers answer on (a real provider's, minus the host).
PATHS = {
    "openai_compatible": "/v1/chat/completions",
    "gemini_native": "/v1beta/models/{model}:generateContent",
    "anthropic": "/v1/messages",
}


# -- what the server does for one request ---------------------------------------


@dataclass(frozen=True)
class Reply:
    """A 200 answer whose text is ``text`` (None: the item's good answer);
    ``truncated``: stopped by the token limit, in the protocol's words."""

    text: str | None = None
    delay: float = 0.0
    usage: tuple[int, int] = (1000, 50)
    truncated: bool = False


@dataclass(frozen=True)
class Fail:
    """An HTTP error status with a JSON error body in the protocol's style;
    ``{authorization}`` in the message echoes the request's header, as some servers do."""

    status: int
    message: str = "something went wrong"
    headers: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Drop:
    """Close the connection: before any answer, or after part of the body."""

    mid_body: bool = False


@dataclass(frozen=True)
class Slow:
    """Wait ``seconds`` before the good answer (beyond the client's timeout, say)."""

    seconds: float


@dataclass(frozen=True)
class Trickle:
    """The good answer sent one byte every ``interval`` seconds: the body only,
    or (``headers``) the status line and headers too."""

    interval: float
    headers: bool = False


@dataclass(frozen=True)
class EarlyHints:
    """``103 Early Hints`` (as CDNs send) before the good answer."""


@dataclass(frozen=True)
class Raw:
    """Send these bytes with this status as they are (a body that is not JSON),
    labelled with ``content_type``."""

    status: int
    body: bytes
    content_type: str = "application/json"


@dataclass(frozen=True)
class Wire:
    """Send these bytes as the whole answer (status line, headers and body, as
    they are: a wrong length, a cut chunk, a redirect), then close the connection."""

    data: bytes


Action = Reply | Fail | Drop | Slow | Raw | Trickle | EarlyHints | Wire


@dataclass
class Seen:
    """One request as the server received it."""

    path: str
    headers: dict[str, str]
    body: Any
    item_id: str | None
    at: float


# -- datasets -----------------------------------------------------------------------


@dataclass
class RunDataset:
    """A dataset on disk whose images are all different, so requests name their item."""

    manifest: Path
    item_ids: list[str]
    layouts: dict[str, str]
    images: dict[str, bytes] = field(default_factory=dict)  # item id -> PNG bytes

    def item_of_image(self, data: bytes) -> str | None:
        for item_id, image in self.images.items():
            if image == data:
                return item_id
        return None


def make_run_dataset(root: Path, count: int = 4, *, name: str = "runset") -> RunDataset:
    """``count`` items alternating side_by_side / top_bottom, each a tiny distinct PNG,
    each annotated with one removed ``flag`` (so answers can be scored)."""
    data = root / "data"
    (data / "images").mkdir(parents=True, exist_ok=True)
    (data / "annotations").mkdir(parents=True, exist_ok=True)
    entries, layouts, images = [], {}, {}
    for index in range(count):
        item_id = f"item_{index:03d}"
        layout = "side_by_side" if index % 2 == 0 else "top_bottom"
        size = (8, 4) if layout == "side_by_side" else (4, 8)
        path = data / "images" / f"{item_id}.png"
        Image.new("RGB", size, ((index * 37) % 256, (index * 91) % 256, index % 256)).save(path)
        images[item_id] = path.read_bytes()
        annotation = {
            "schema_version": "1.0",
            "item_id": item_id,
            "image": f"data/images/{item_id}.png",
            "panel_layout": layout,
            "differences": [{"id": "d01", "kind": "object_removed", "subject": "flag"}],
        }
        (data / "annotations" / f"{item_id}.json").write_text(json.dumps(annotation))
        entries.append(
            {
                "item_id": item_id,
                "image": f"data/images/{item_id}.png",
                "annotation": f"data/annotations/{item_id}.json",
                "panel_layout": layout,
            }
        )
        layouts[item_id] = layout
    manifest = data / "manifest.json"
    manifest.write_text(
        json.dumps(
            {
                "schema_version": "1.0",
                "dataset_name": name,
                "dataset_version": "1.0",
                "review_status": "approved",
                "items": entries,
            }
        )
    )
    return RunDataset(manifest, [e["item_id"] for e in entries], layouts, images)


def good_answer(item_id: str) -> str:
    """The answer the servers give by default: one removal, named after the item."""
    return json.dumps(
        {"differences": [{"kind": "object_removed", "subject": f"flag_of_{item_id}"}]}
    )


# -- the server ---------------------------------------------------------------------


class FakeEndpoint:
    """A loopback server for one protocol; use as a context manager."""

    def __init__(
        self,
        protocol: str,
        dataset: RunDataset | None = None,
        *,
        delay: float = 0.0,
        default: Callable[[str | None], Action] | None = None,
        version: str | None = "fake-vision-2025-01-01",
    ) -> None:
        self.protocol = protocol
        self.dataset = dataset
        self.delay = delay
        self.version = version  # the model version replies name, as real providers do
        self.default = default or (lambda _item: Reply())
        self.scripts: dict[str | None, deque[Action]] = {}
        self.seen: list[Seen] = []
        self._lock = threading.Lock()
        self._server = _Server(("127.0.0.1", 0), _handler_for(self))
        # A short poll interval: shutdown() waits up to one interval.
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    def __enter__(self) -> FakeEndpoint:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    @property
    def base(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def endpoint(self) -> str:
        """The URL to pass as --endpoint (Gemini's with ``{model}`` left in)."""
        return self.base + PATHS[self.protocol]

    def script(self, item_id: str | None, *actions: Action) -> None:
        """Answer the next requests about ``item_id`` with ``actions``, then as by default."""
        self.scripts.setdefault(item_id, deque()).extend(actions)

    def counts(self) -> Counter[str | None]:
        with self._lock:
            return Counter(seen.item_id for seen in self.seen)

    def requests_for(self, item_id: str) -> list[Seen]:
        with self._lock:
            return [seen for seen in self.seen if seen.item_id == item_id]

    # -- protocol details -----------------------------------------------------

    def image_of(self, body: Any) -> tuple[str, bytes] | None:
        """The media type and bytes of the image a request body carries."""
        try:
            if self.protocol == "openai_compatible":
                parts = body["messages"][0]["content"]
                url = next(p["image_url"]["url"] for p in parts if p["type"] == "image_url")
                head, _, data = url.partition(",")
                return head.removeprefix("data:").removesuffix(";base64"), base64.b64decode(data)
            if self.protocol == "gemini_native":
                parts = body["contents"][0]["parts"]
                inline = next(p["inline_data"] for p in parts if "inline_data" in p)
                return inline["mime_type"], base64.b64decode(inline["data"])
            blocks = body["messages"][0]["content"]
            source = next(b["source"] for b in blocks if b["type"] == "image")
            return source["media_type"], base64.b64decode(source["data"])
        except (KeyError, IndexError, TypeError, StopIteration, ValueError):
            return None

    def success_body(
        self, text: str, usage: tuple[int, int], truncated: bool = False
    ) -> dict[str, Any]:
        body = self._success_body(text, usage, truncated)
        if self.version is not None:
            body["modelVersion" if self.protocol == "gemini_native" else "model"] = self.version
        return body

    def _success_body(self, text: str, usage: tuple[int, int], truncated: bool) -> dict[str, Any]:
        given, produced = usage
        if self.protocol == "openai_compatible":
            return {
                "id": "chatcmpl-1",
                "object": "chat.completion",
                "choices": [
                    {
                        "index": 0,
                        "message": {"role": "assistant", "content": text},
                        "finish_reason": "length" if truncated else "stop",
                    }
                ],
                "usage": {
                    "prompt_tokens": given,
                    "completion_tokens": produced,
                    "total_tokens": given + produced,
                },
            }
        if self.protocol == "gemini_native":
            return {
                "candidates": [
                    {
                        "content": {"role": "model", "parts": [{"text": text}]},
                        "finishReason": "MAX_TOKENS" if truncated else "STOP",
                    }
                ],
                "usageMetadata": {
                    "promptTokenCount": given,
                    "candidatesTokenCount": produced,
                    "totalTokenCount": given + produced,
                },
            }
        return {
            "id": "msg_1",
            "type": "message",
            "role": "assistant",
            "content": [{"type": "text", "text": text}],
            "stop_reason": "max_tokens" if truncated else "end_turn",
            "usage": {"input_tokens": given, "output_tokens": produced},
        }

    def error_body(self, status: int, message: str) -> dict[str, Any]:
        if self.protocol == "anthropic":
            return {"type": "error", "error": {"type": "api_error", "message": message}}
        if self.protocol == "gemini_native":
            return {"error": {"code": status, "message": message, "status": "UNAVAILABLE"}}
        return {"error": {"message": message, "type": "server_error", "code": status}}

    def next_action(self, item_id: str | None) -> Action:
        with self._lock:
            queued = self.scripts.get(item_id)
            if queued:
                return queued.popleft()
        return self.default(item_id)

    def record(self, seen: Seen) -> None:
        with self._lock:
            self.seen.append(seen)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    #: socketserver's default backlog of 5 drops the connections of a 32-worker
    #: start, which the kernel retries a second later: a benchmark artefact.
    request_queue_size = 256

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that timed out and left is part of the tests: no tracebacks."""


def _handler_for(fake: FakeEndpoint) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True  # or each answer waits 40 ms for a delayed ACK

        def log_message(self, format: str, *args: Any) -> None:
            pass

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            raw = self.rfile.read(length)
            try:
                body = json.loads(raw)
            except ValueError:
                body = None
            image = fake.image_of(body)
            item_id = fake.dataset.item_of_image(image[1]) if image and fake.dataset else None
            fake.record(
                Seen(
                    self.path,
                    {k.lower(): v for k, v in self.headers.items()},
                    body,
                    item_id,
                    time.monotonic(),
                )
            )
            action = fake.next_action(item_id)
            if fake.delay:
                time.sleep(fake.delay)
            if isinstance(action, Slow):
                time.sleep(action.seconds)
                action = Reply()
            if isinstance(action, EarlyHints):
                self.wfile.write(b"HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\n")
                action = Reply()
            if isinstance(action, Wire):
                self.close_connection = True
                self.wfile.write(action.data)
                self.wfile.flush()
            elif isinstance(action, Drop):
                self._drop(action.mid_body)
            elif isinstance(action, Fail):
                echoed = self.headers.get("Authorization", "")
                message = action.message.replace("{authorization}", echoed)
                self._send(
                    action.status,
                    json.dumps(fake.error_body(action.status, message)).encode(),
                    action.headers,
                )
            elif isinstance(action, Raw):
                self._send(action.status, action.body, content_type=action.content_type)
            elif isinstance(action, Trickle):
                self._trickle(action, good_answer(item_id or "?"))
            else:
                time.sleep(action.delay)
                text = action.text if action.text is not None else good_answer(item_id or "?")
                reply = fake.success_body(text, action.usage, action.truncated)
                self._send(200, json.dumps(reply).encode())

        def _send(
            self,
            status: int,
            payload: bytes,
            headers: tuple = (),
            content_type: str = "application/json",
        ) -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(payload)))
            for name, value in headers:
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(payload)

        def _trickle(self, action: Trickle, text: str) -> None:
            payload = json.dumps(fake.success_body(text, (1000, 50))).encode()
            head = (
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(payload)}\r\n\r\n"
            ).encode()
            slow = head + payload if action.headers else payload
            if not action.headers:
                self.wfile.write(head)
            self.close_connection = True
            for index in range(len(slow)):
                self.wfile.write(slow[index : index + 1])
                self.wfile.flush()
                time.sleep(action.interval)

        def _drop(self, mid_body: bool) -> None:
            if mid_body:
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", "5000")
                self.end_headers()
                self.wfile.write(b'{"choices": [')
                self.wfile.flush()
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)

    return Handler


# -- running against the fakes -------------------------------------------------------

TOKEN = "sk-test-4f9a1c0ffee5ecret77"
#: How each protocol's token is sent in the tests: the real providers' headers.
TOKEN_HEADERS = {
    "openai_compatible": ("Authorization", "Bearer "),
    "gemini_native": ("x-goog-api-key", ""),
    "anthropic": ("x-api-key", ""),
}


def settings_for(fake: FakeEndpoint, dataset: RunDataset, output: Path, **options: Any):
    header, prefix = TOKEN_HEADERS[fake.protocol]
    values: dict[str, Any] = {
        "endpoint": fake.endpoint(),
        "model": "test-model",
        "protocol": fake.protocol,
        "manifest": dataset.manifest,
        "output": output,
        "token_header": header,
        "token_prefix": prefix,
        "timeout": 2.0,
        "backoff_base": 0.01,
        "backoff_max": 0.05,
    }
    values.update(options)
    return RunSettings(**values)


def run_arguments(fake: FakeEndpoint, dataset: RunDataset, output: Path, *extra: str) -> list[str]:
    """``spotdiff run`` arguments: the fake endpoint, model "m", ``dataset`` into ``output``."""
    return [
        "run",
        "--endpoint",
        fake.endpoint(),
        "--model",
        "m",
        "--manifest",
        str(dataset.manifest),
        "--output",
        str(output),
        *extra,
    ]


def run(settings: RunSettings) -> tuple[RunResult, str]:
    stream = io.StringIO()
    result = run_model(
        settings, environ={"SPOTDIFF_API_TOKEN": TOKEN}, rng=random.Random(7), stream=stream
    )
    return result, stream.getvalue()


def statuses(path: Path) -> dict[str, dict[str, Any]]:
    return {
        entry["item_id"]: entry
        for entry in json.loads(path.read_text(encoding="utf-8"))["run"]["items"]
    }


def predicted(path: Path) -> dict[str, dict[str, Any]]:
    """The predictions file's items by item id."""
    return {item["item_id"]: item for item in json.loads(path.read_text(encoding="utf-8"))["items"]}


def answered(path: Path) -> list[str]:
    return [item["item_id"] for item in json.loads(path.read_text(encoding="utf-8"))["items"]]


def journaled(output: Path) -> list[str]:
    """Item ids in the journal of a run into ``output`` (complete lines only)."""
    journal = output.with_name(output.name + ".journal")
    if not journal.exists():
        return []
    lines = journal.read_text(encoding="utf-8").split("\n")[1:-1]
    return [json.loads(line)["item_id"] for line in lines]


@dataclass(frozen=True)
class ScriptedRun:
    """What a run against a fake server left: its result, each item's entry in
    the file's run object, the differences of each answered item, and how
    often each item was asked."""

    result: RunResult
    entries: dict[str, dict[str, Any]]
    answers: dict[str, list[Any]]
    asked: Counter[str | None]


def run_scripted(
    tmp_path: Path, protocol: str, scripts: dict[str, list[Action]], items: int = 2, **options: Any
) -> ScriptedRun:
    """Run on a dataset of ``items`` items, each item met by its script of actions."""
    dataset = make_run_dataset(tmp_path / "ds", items)
    output = tmp_path / "out.json"
    with FakeEndpoint(protocol, dataset) as fake:
        for item_id, actions in scripts.items():
            fake.script(item_id, *actions)
        result, _ = run(settings_for(fake, dataset, output, **options))
    answers = {item_id: item["differences"] for item_id, item in predicted(output).items()}
    return ScriptedRun(result, statuses(output), answers, fake.counts())
