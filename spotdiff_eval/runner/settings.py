"""What a run is asked to do, checked before the first request is spent.

An overnight run that dies at item 900 on a typo is the failure this module
exists to prevent: the endpoint, the token and every setting are checked up
front, and nothing here ever echoes the token or the endpoint's query (which
may hold a key) in a message.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from .._util.endpoints import endpoint_host
from ..errors import SpotDiffError
from .protocols import ANTHROPIC_DEFAULT_MAX_TOKENS, PROTOCOLS, protocol_headers

#: An HTTP header name (RFC 9110 "token").
_HEADER_NAME = re.compile(r"^[!#$%&'*+.^_`|~0-9A-Za-z-]+$")
#: How bytes that are not UTF-8 arrive in ``sys.argv`` (PEP 383's surrogateescape).
_NOT_UTF8 = re.compile("[\udc80-\udcff]")
#: What may be sent in a header value: visible ASCII (a token is never wider).
_TOKEN_CHARS = re.compile(r"^[\x21-\x7e]+$")
_PREFIX_CHARS = re.compile(r"^[\x20-\x7e]*$")
_SHARD = re.compile(r"^\s*([0-9]+)\s*/\s*([0-9]+)\s*$")

#: Most retries of one request. With the default backoff (1 s doubling up
#: to 60 s, half of it random) 20 retries wait about 11 minutes, or up to
#: 200 minutes when each 429 says ``Retry-After: 600``: past that the
#: endpoint is down, not flaky, and ``--resume`` later is the better retry.
#: Without a bound, ``--retries 10**20`` hammered a dead endpoint for ever.
MAX_RETRIES = 20
#: Most requests in flight. Each is a thread with its own connection and an
#: encoded image in memory; 256 is far above any provider's rate limit or a
#: local server's batch, and keeps open files well under the usual 1024.
MAX_CONCURRENCY = 256


@dataclass(frozen=True, kw_only=True)
class RunSettings:
    """Every option of ``spotdiff run``; the backoff fields are for tests and benchmarks."""

    endpoint: str
    model: str
    output: Path
    protocol: str = "openai_compatible"
    manifest: Path = Path("data/manifest.json")
    prompt_file: Path | None = None
    limit: int | None = None
    timeout: float = 120.0
    token_env: str = "SPOTDIFF_API_TOKEN"
    token_header: str = "Authorization"
    token_prefix: str = "Bearer "
    concurrency: int = 4
    retries: int = 5
    temperature: float | None = None
    max_tokens: int | None = None
    max_completion_tokens: int | None = None
    extra_body: str | None = None  # JSON text
    extra_body_file: Path | None = None
    resume: bool = False
    shard: tuple[int, int] | None = None
    stop_after_outage: int | None = None  # None: ``outage.outage_limit``'s default
    backoff_base: float = 1.0
    backoff_max: float = 60.0
    retry_after_max: float = 600.0

    @property
    def effective_max_tokens(self) -> int | None:
        """What is sent: Anthropic needs a value, the others get one only if given."""
        if self.max_tokens is None and self.protocol == "anthropic":
            return ANTHROPIC_DEFAULT_MAX_TOKENS
        return self.max_tokens

    @property
    def shard_text(self) -> str | None:
        return None if self.shard is None else f"{self.shard[0]}/{self.shard[1]}"


def parse_shard(text: str) -> tuple[int, int]:
    """``"2/4"`` -> ``(2, 4)``; raise ValueError unless 1 <= I <= N."""
    match = _SHARD.match(text)
    if not match:
        raise ValueError(f"expected I/N such as 1/4, found {text!r}")
    index, count = int(match.group(1)), int(match.group(2))
    if not 1 <= index <= count:
        raise ValueError(f"shard {index}/{count}: I must be between 1 and N")
    return index, count


def check_settings(settings: RunSettings) -> None:
    """Raise :class:`SpotDiffError` naming the option for any value a run cannot use."""
    problems = (
        (
            settings.protocol not in PROTOCOLS,
            "--protocol",
            f"unknown protocol {settings.protocol!r} (expected one of {', '.join(PROTOCOLS)})",
        ),
        (
            not settings.model.strip() or len(settings.model) > 200,
            "--model",
            "must be 1 to 200 characters, not blank",
        ),
        (settings.limit is not None and settings.limit < 1, "--limit", "must be at least 1"),
        (not 0 < settings.timeout <= 86400, "--timeout", "must be seconds above 0 (at most a day)"),
        (
            not 1 <= settings.concurrency <= MAX_CONCURRENCY,
            "--concurrency",
            f"must be from 1 to {MAX_CONCURRENCY}",
        ),
        (
            not 0 <= settings.retries <= MAX_RETRIES,
            "--retries",
            f"must be from 0 to {MAX_RETRIES}",
        ),
        (
            settings.stop_after_outage is not None and settings.stop_after_outage < 0,
            "--stop-after-outage",
            "must be 0 (never) or more",
        ),
        (
            settings.temperature is not None and not 0 <= settings.temperature < float("inf"),
            "--temperature",
            "must be a number, 0 or more",
        ),
        (
            settings.max_tokens is not None and settings.max_tokens < 1,
            "--max-tokens",
            "must be at least 1",
        ),
        (
            settings.max_completion_tokens is not None and settings.max_completion_tokens < 1,
            "--max-completion-tokens",
            "must be at least 1",
        ),
        (
            settings.max_completion_tokens is not None and settings.protocol != "openai_compatible",
            "--max-completion-tokens",
            "is OpenAI's field, sent with --protocol openai_compatible only; use --max-tokens",
        ),
        (
            settings.max_completion_tokens is not None and settings.max_tokens is not None,
            "--max-completion-tokens",
            "give it or --max-tokens, not both (reasoning models refuse max_tokens)",
        ),
        (
            not _HEADER_NAME.match(settings.token_header),
            "--token-header",
            f"{settings.token_header!r} is not a valid HTTP header name",
        ),
        (
            not _PREFIX_CHARS.match(settings.token_prefix),
            "--token-prefix",
            "may hold only printable ASCII characters",
        ),
        (not settings.token_env.strip(), "--token-env", "must name an environment variable"),
        # bytes that are not UTF-8 reach argv as lone surrogates; the name goes into the output
        (_NOT_UTF8.search(settings.model) is not None, "--model", "is not valid UTF-8"),
    )
    for bad, option, what in problems:
        if bad:
            raise SpotDiffError(option, "", what)
    if settings.shard is not None:
        try:
            parse_shard(settings.shard_text or "")
        except ValueError as exc:
            raise SpotDiffError("--shard", "", str(exc)) from None
    endpoint_host(settings.endpoint)


def request_headers(
    settings: RunSettings, environ: Mapping[str, str]
) -> tuple[dict[str, str], str | None]:
    """The request headers and the token (None when the variable is unset or empty).

    Surrounding whitespace is dropped from the token (``export T=$(cat file)``
    keeps a newline); anything that cannot travel in a header is refused
    without showing it.
    """
    from ..version import __version__

    headers = {"User-Agent": f"spotdiff-eval/{__version__}", **protocol_headers(settings.protocol)}
    token = environ.get(settings.token_env, "").strip()
    if not token:
        return headers, None
    if not _TOKEN_CHARS.match(token):
        raise SpotDiffError(
            f"${settings.token_env}",
            "",
            "holds spaces, control or non-ASCII characters, which cannot be sent in a header",
        )
    headers[settings.token_header] = f"{settings.token_prefix}{token}"
    return headers, token
