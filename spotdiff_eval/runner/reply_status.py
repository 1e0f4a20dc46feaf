"""What an HTTP reply's status says about trying again.

Moved out of ``http`` (which sends the requests and keeps the retry loop):
which statuses are fatal, which are worth another attempt, what a status
the predictions file cannot hold is recorded as, and when a 2xx reply is
an error and no answer.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

#: Statuses that every item would meet alike: a refused token, no such endpoint
#: or model, and (red team round 20) an address that takes no POST requests.
FATAL_STATUSES = frozenset({401, 403, 404, 405})

#: Fields that hold an answer in each protocol's reply.
_ANSWER_FIELDS = ("choices", "candidates", "content")
#: Error types and codes that another attempt may get past: Anthropic's types,
#: and (red team round 22) OpenAI's ``server_error`` and ``rate_limit_exceeded``,
#: which OpenRouter sends as the code of an error in the middle of a stream
#: ("Provider disconnected unexpectedly"); the item failed without another try.
_TRANSIENT_ERROR_WORDS = frozenset(
    {"overloaded_error", "rate_limit_error", "api_error", "server_error", "rate_limit_exceeded"}
)


def error_instead_of_answer(data: Any) -> bool | None:
    """For a 2xx reply that is an error and no answer: whether to try again
    (its code is 429 or 5xx, or its code or type says overloaded or a server
    failure); None for any other reply."""
    if (
        not isinstance(data, dict)
        or not data.get("error")
        or any(data.get(key) for key in _ANSWER_FIELDS)
    ):
        return None
    code = dig(data, "error", "code")
    if isinstance(code, str) and code.strip().isdecimal():
        code = int(code)
    if isinstance(code, int) and not isinstance(code, bool) and (code == 429 or code >= 500):
        return True
    words = (code, dig(data, "error", "type"))
    return any(isinstance(word, str) and word in _TRANSIENT_ERROR_WORDS for word in words)


def no_choices(data: Any) -> bool:
    """Whether a 2xx reply is OpenAI's shape with an empty ``choices`` list and nothing else.

    Red team round 24: routers (and vLLM behind a load balancer) answer an
    upstream hiccup with status 200 and ``"choices": []``; the item failed at
    once as "the reply has no choices[0]". It is retried as a 5xx is, with the
    same budget, and fails its item if it persists.
    """
    return (
        isinstance(data, dict)
        and data.get("choices") == []
        and not any(data.get(key) for key in _ANSWER_FIELDS)
    )


#: 4xx statuses another attempt may get past, as the OpenAI and Anthropic clients
#: retry them: 408 (a proxy tired of waiting for the upload) and 409 (a lock met).
RETRIED_4XX = frozenset({408, 409, 429})


def worth_retrying(status: int, headers: Mapping[str, str]) -> bool:
    """Whether an error status is worth another attempt: the provider's own word
    (``x-should-retry``, which OpenAI and Anthropic send and their clients obey),
    else :data:`RETRIED_4XX` and every 5xx (red team round 20: 408 and 409
    failed their item at once, and a 5xx said not to be worth it was retried).
    """
    said = headers.get("x-should-retry", "").strip().lower()
    if said in ("true", "false"):
        return said == "true"
    return status in RETRIED_4XX or status >= 500


#: Error codes and types that say the account has no credit or quota left
#: (OpenAI's ``insufficient_quota`` comes with a 429, as a rate limit does).
_OUT_OF_CREDIT = frozenset(
    {"insufficient_quota", "billing_hard_limit_reached", "billing_not_active"}
)


def out_of_credit(status: int, data: Any) -> bool:
    """Whether an error says the account has no credit or quota left, which every
    item would meet alike.

    Red team round 20: OpenAI's 429 ``insufficient_quota`` was retried with
    backoff for every item in turn, for hours; OpenRouter's 402 and
    Anthropic's "credit balance is too low" (a 400, which names no code of
    its own) failed item after item.
    """
    if status == 402:
        return True
    words = {dig(data, "error", "code"), dig(data, "error", "type")}
    if any(isinstance(word, str) and word in _OUT_OF_CREDIT for word in words):
        return True
    message = dig(data, "error", "message")
    return status == 400 and isinstance(message, str) and "credit balance" in message.lower()


#: Added to the message of an error that refused the API key with another
#: status than 401 or 403 (see :func:`key_refused`), which ``engine`` treats as one.
KEY_REFUSED = "(the server refused the API key)"
#: Google's reasons for refusing a key, which Gemini sends with a 400.
_KEY_REASONS = frozenset({"API_KEY_INVALID", "API_KEY_EXPIRED"})


def key_refused(data: Any) -> bool:
    """Whether an error body says the API key was refused.

    Red team round 20: Gemini answers a wrong or expired key with 400
    INVALID_ARGUMENT (reason ``API_KEY_INVALID``), not 401, so every item
    failed alike, one after another, instead of the run stopping at once.
    """
    details = dig(data, "error", "details")
    return isinstance(details, list) and any(
        isinstance(detail, dict) and detail.get("reason") in _KEY_REASONS for detail in details
    )


#: OpenAI's codes for a request parameter the model refuses: ``max_tokens`` sent to
#: a reasoning model, a ``temperature`` it does not take, a field it does not know.
_REFUSED_PARAMETER_CODES = frozenset(
    {"unsupported_parameter", "unsupported_value", "unknown_parameter"}
)


def alike_for_every_item(status: int, data: Any) -> str | None:
    """Why an error would meet every item alike, as a tail for its message; None if
    it would not. ``http`` then stops the run.

    Red team round 22: OpenAI's 400 ``unsupported_parameter`` ("'max_tokens' is
    not supported with this model. Use 'max_completion_tokens' instead", the
    mistake the documentation's reasoning-model example warns of) failed item
    after item, quickly but for the whole dataset, since every request carries
    the same parameters; so did Anthropic's and Gemini's refusals of a field
    (``max_tokens: 100000 > 64000...``). A refusal of a part of the message
    (``messages...``, ``contents...``: the image) may be the item's own and is
    not one.
    """
    if key_refused(data):
        return f" {KEY_REFUSED}"
    if out_of_credit(status, data):
        return "; the account behind the token has no credit or quota left"
    if dig(data, "error", "code") == "model_not_found":
        # Red team round 22: local servers (LM Studio with no model loaded) send it
        # with a 400, not OpenAI's 404, and every item failed alike.
        return "; the server has no such model: check --model"
    if 400 <= status < 500 and _refused_parameter(data):
        return (
            "; every request carries the same parameters: check --max-tokens, "
            "--max-completion-tokens, --temperature and --extra-body"
        )
    return None


#: Anthropic names the field it refuses before its message: "max_tokens: 100000 >
#: 64000, which is the maximum...", "temperature: Input should be...".
_ANTHROPIC_FIELD = re.compile(r"([a-z_]+)(?:\.[\w.]+)?: ")
#: The parts of a request that differ between items: its message (OpenAI's and
#: Anthropic's ``messages``, Gemini's ``contents``), which holds the image.
_ITEM_PARTS = ("messages", "contents")


def _refused_parameter(data: Any) -> bool:
    """Whether an error refuses a parameter of the request rather than its message:
    OpenAI's codes (``param``), Anthropic's field named first, Gemini's field
    violations."""
    param = dig(data, "error", "param")
    if dig(data, "error", "code") in _REFUSED_PARAMETER_CODES:
        return not (isinstance(param, str) and param.startswith(_ITEM_PARTS))
    message = dig(data, "error", "message")
    if dig(data, "error", "type") == "invalid_request_error" and isinstance(message, str):
        field = _ANTHROPIC_FIELD.match(message)
        return field is not None and field.group(1) not in _ITEM_PARTS
    details = dig(data, "error", "details")
    fields = [
        violation.get("field")
        for detail in (details if isinstance(details, list) else ())
        if isinstance(detail, dict) and isinstance(detail.get("fieldViolations"), list)
        for violation in detail["fieldViolations"]
        if isinstance(violation, dict)
    ]
    return bool(fields) and all(
        isinstance(f, str) and f and not f.startswith(_ITEM_PARTS) for f in fields
    )


def recordable(status: int) -> int | None:
    """The status as the predictions file records it: None outside 100 to 599.

    Red team round 18: a server may send any three digits (LinkedIn's 999,
    a proxy's 600), which the schema of the file refuses; recorded as it
    was, the output could no longer be resumed or merged. The message
    still shows it (``HTTP 999: ...``).
    """
    return status if 100 <= status <= 599 else None


def dig(data: Any, *keys: str) -> Any:
    for key in keys:
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    return data
