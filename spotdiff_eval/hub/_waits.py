"""A hub that asks to wait too long before the next request: one line, not a hang.

huggingface_hub honours a 429's reset (the ``RateLimit`` header) and any
retried answer's ``Retry-After`` by sleeping that long before each of its
five retries. A hub, mirror or proxy answering ``Retry-After: 86400`` kept
``spotdiff download`` asleep for days after one warning line (red team round
18). A wait of up to :data:`MAX_WAIT_SECONDS` is still waited; a longer one
ends the command at once, saying how long the hub asked to wait.
"""

from __future__ import annotations

from typing import Any

#: The longest wait the hub may ask for between two tries of one request.
MAX_WAIT_SECONDS = 120
#: The answers huggingface_hub tries again (its ``retry_on_status_codes``).
_RETRIED = frozenset({429, 500, 502, 503, 504})


class WaitTooLong(Exception):
    """The hub asked to wait ``seconds`` before trying again (``status``)."""

    def __init__(self, seconds: int, status: int) -> None:
        super().__init__(f"the hub asks to wait {seconds:,} s before the next request")
        self.seconds = seconds
        self.status = status


def asked_wait(status: int, headers: Any) -> int | None:
    """The seconds huggingface_hub would sleep before trying again, as it reads them."""
    from huggingface_hub.utils import parse_ratelimit_headers

    if status not in _RETRIED:
        return None
    if status == 429:
        limit = parse_ratelimit_headers(headers)
        if limit is not None and limit.remaining == 0:
            return limit.reset_in_seconds
    value = (headers.get("retry-after") or "").strip()
    return int(value) if value.isdigit() else None


def _refuse_long_waits(response: Any) -> None:
    seconds = asked_wait(response.status_code, response.headers)
    if seconds is not None and seconds > MAX_WAIT_SECONDS:
        raise WaitTooLong(seconds, response.status_code)


def bound_waits(client: Any) -> None:
    """Make ``client`` (huggingface_hub's shared one) refuse a wait past the limit."""
    hooks = client.event_hooks
    if _refuse_long_waits not in hooks.get("response", []):
        client.event_hooks = {**hooks, "response": [*hooks.get("response", []), _refuse_long_waits]}
