"""Secrets against servers that echo them: the run's endpoint and the Hub of `spotdiff download`.

Real loopback servers echo the ``Authorization`` header they received into
their error messages, the way misconfigured proxies and some providers do;
nothing the client prints or writes may carry it, in any form.
"""

from __future__ import annotations

import base64
import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from conftest import run_cli
from fake_endpoints import Fail, FakeEndpoint, Reply, RunDataset, make_run_dataset
from hub_fixtures import hub_env  # noqa: F401 (a fixture)

from spotdiff_eval.runner import RunSettings
from spotdiff_eval.runner.plan import prepare

TOKEN = "hf_EchoedTokenForTests0123456789abcd"


@pytest.fixture
def dataset(tmp_path: Path) -> RunDataset:
    return make_run_dataset(tmp_path / "ds", 2)


def test_url_user_info_never_leaks_as_basic_auth(dataset: RunDataset, tmp_path: Path) -> None:
    """requests turns ``user:password@`` into ``Authorization: Basic base64(...)``."""
    basic = base64.b64encode(b"alice:s3cr3t-pa55").decode()
    output = tmp_path / "out.json"
    with FakeEndpoint("openai_compatible", dataset) as fake:
        fake.script("item_000", Fail(400, "bad request from {authorization}"))
        fake.script("item_001", Reply(json.dumps([{"kind": "object_added", "subject": basic}])))
        endpoint = fake.endpoint().replace("http://", "http://alice:s3cr3t-pa55@")
        result = run_cli(
            "run", "--endpoint", endpoint, "--model", "m", "--manifest", dataset.manifest,
            "--output", output,
        )  # fmt: skip
    assert fake.seen[0].headers["authorization"] == f"Basic {basic}"
    written = output.read_text(encoding="utf-8")
    for leak in (basic, "s3cr3t-pa55", basic[:12]):
        assert leak not in written + result.stdout + result.stderr
    entries = {e["item_id"]: e for e in json.loads(written)["run"]["items"]}
    assert entries["item_000"]["error"] == "HTTP 400: bad request from Basic [redacted]"
    assert json.loads(written)["items"][0]["differences"][0]["subject"] == "[redacted]"


def test_an_echoed_token_in_another_case_is_redacted(dataset: RunDataset, tmp_path: Path) -> None:
    output = tmp_path / "out.json"
    with FakeEndpoint("openai_compatible", dataset) as fake:
        fake.script("item_000", Fail(400, f"unknown key {TOKEN.upper()} ({TOKEN[-14:]})"))
        result = run_cli(
            "run", "--endpoint", fake.endpoint(), "--model", "m", "--manifest", dataset.manifest,
            "--output", output, "--limit", "1", env={"SPOTDIFF_API_TOKEN": TOKEN},
        )  # fmt: skip
    entry = json.loads(output.read_text(encoding="utf-8"))["run"]["items"][0]
    assert entry["error"] == "HTTP 400: unknown key [redacted] ([redacted])"
    assert TOKEN[-14:].lower() not in (output.read_text() + result.stderr).lower()


@pytest.mark.parametrize(
    ("endpoint", "token", "warning"),
    [
        ("http://models.example.org/v1/chat/completions", TOKEN, "the token"),
        (
            "http://u:pw12@models.example.org/v1/chat/completions",
            None,
            "the credentials in the URL",
        ),
        (
            "http://models.example.org/v1/x?key=AIzaSecretKey0123",
            TOKEN,
            "the token and the credentials in the URL",
        ),
        ("https://models.example.org/v1/chat/completions", TOKEN, None),
        ("http://127.0.0.1:8000/v1/chat/completions", TOKEN, None),
        ("http://[::1]:8000/v1/chat/completions", TOKEN, None),
        ("http://localhost:11434/v1/chat/completions", TOKEN, None),
        ("http://models.example.org/v1/chat/completions", None, None),
    ],
)
def test_plain_http_to_another_host_with_a_secret_is_warned_about(
    endpoint: str, token: str | None, warning: str | None, dataset: RunDataset, tmp_path: Path
) -> None:
    settings = RunSettings(
        endpoint=endpoint, model="m", manifest=dataset.manifest, output=tmp_path / "o.json"
    )
    plan = prepare(settings, {"SPOTDIFF_API_TOKEN": token} if token else {})
    if warning is None:
        assert plan.warnings == []
    else:
        assert plan.warnings == [
            f"sending {warning} over plain http to models.example.org, where anyone on the way "
            "can read it; use https"
        ]


# -- spotdiff download ----------------------------------------------------------------


class _Echo(BaseHTTPRequestHandler):
    """A hub that refuses everything, quoting the Authorization header it got."""

    def do_GET(self) -> None:
        message = f"Forbidden: invalid credentials {self.headers.get('Authorization')}"
        payload = json.dumps({"error": message}).encode()
        self.send_response(403)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.send_header("X-Error-Message", message)
        self.end_headers()
        self.wfile.write(payload)

    do_HEAD = do_GET

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def echo_hub(hub_env: None) -> Iterator[str]:  # noqa: F811 (the fixture imported above)
    with ThreadingHTTPServer(("127.0.0.1", 0), _Echo) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        yield f"http://127.0.0.1:{server.server_address[1]}"
        server.shutdown()


@pytest.mark.parametrize("token_env", ["HF_TOKEN", "MY_HF"])
def test_download_errors_never_print_the_token_a_hub_echoes(
    echo_hub: str, token_env: str, tmp_path: Path
) -> None:
    flags = [] if token_env == "HF_TOKEN" else ["--token-env", token_env]
    result = run_cli(
        "download", "--dataset", "owner/name", "--output", tmp_path / "o", *flags,
        env={"HF_ENDPOINT": echo_hub, token_env: TOKEN},
    )  # fmt: skip
    assert result.returncode == 1
    assert result.stderr == (
        "spotdiff: error: owner/name: access denied: Forbidden: invalid credentials "
        "Bearer [redacted]\n"
    )


@pytest.mark.parametrize(
    ("endpoint", "token", "warned"),
    [
        ("http://hub.example.org", TOKEN, True),
        ("http://hub.example.org", None, False),
        ("https://hub.example.org", TOKEN, False),
        ("http://127.0.0.1:8080", TOKEN, False),
    ],
)
def test_download_warns_before_a_token_goes_over_plain_http(
    hub_env: None,  # noqa: F811 (the fixture imported above)
    monkeypatch: pytest.MonkeyPatch,
    endpoint: str,
    token: str | None,
    warned: bool,
) -> None:
    from huggingface_hub import constants

    from spotdiff_eval.hub._errors import plain_http_warning

    monkeypatch.setattr(constants, "ENDPOINT", endpoint)
    if token:
        monkeypatch.setenv("HF_TOKEN", token)
    expected = (
        "sending the token over plain http to hub.example.org, where anyone on the way can "
        "read it; use https"
    )
    assert plain_http_warning(None) == (expected if warned else None)
