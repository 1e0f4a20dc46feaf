"""What to do about an item's failure, said in the error it records or stops a run with.

Moved out of ``engine`` (which runs the worker pool) in red team round 23,
when the circuit breaker (``outage``) pushed it past 400 lines.
"""

from __future__ import annotations

from .failure_reason import CONNECTION
from .output import ItemRecord
from .reply_status import KEY_REFUSED
from .settings import RunSettings


def raise_limit_hint(settings: RunSettings) -> str:
    """What to change for answers cut off at the token limit (``truncated``)."""
    if settings.max_completion_tokens is not None:
        return f"raise --max-completion-tokens (now {settings.max_completion_tokens})"
    if settings.effective_max_tokens is not None:
        return f"raise --max-tokens (now {settings.effective_max_tokens})"
    return "set --max-tokens (or --max-completion-tokens) above the provider's default"


def fatal_hint(record: ItemRecord, settings: RunSettings) -> str:
    """The error a fatal item stops the run with: its own, what to check, and ``--resume``."""
    hint = ""
    if record.http_status in (401, 403) or KEY_REFUSED in (record.error or ""):
        hint = f"; check the token in ${settings.token_env} and --token-header/--token-prefix"
    elif record.http_status == 404:
        hint = "; check --endpoint and --model"
    elif record.http_status == 405:
        hint = (
            "; --endpoint takes no POST requests: check its path (the API's, such as "
            "/v1/chat/completions, not the server's)"
        )
    elif record.failure == CONNECTION:  # red team round 24: not the error's first words
        hint = "; nothing has answered at --endpoint: check its host and port"
    return (
        f"{record.error}{hint}. The run stopped; finished items are saved in "
        f"{settings.output}: fix the problem and run again with --resume"
    )
