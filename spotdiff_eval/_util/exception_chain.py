"""Every exception inside another one, for telling what really went wrong.

A failed download or model call reaches us wrapped: huggingface_hub raises
its own error ``from`` the HTTP client's, urllib keeps the socket error in
``URLError.reason``, and some libraries pass the original as an argument.
The hub and the runner both look inside to name the real cause ("Connection
refused", a 401), so both walk the same way.
"""

from __future__ import annotations

#: More is a pathological chain (an exception that wraps itself anew each
#: retry); the real cause is near the top.
LIMIT = 20


def exception_chain(exc: BaseException) -> list[BaseException]:
    """``exc`` and the exceptions inside it, outermost first, each once, at most LIMIT.

    Depth first in the order cause, context, ``reason``, arguments, so the
    chain Python prints comes first and ``reversed()`` starts at the
    innermost error.
    """
    found: list[BaseException] = []
    todo = [exc]
    while todo and len(found) < LIMIT:
        current = todo.pop()
        if any(current is seen for seen in found):
            continue
        found.append(current)
        inner = [
            current.__cause__,
            current.__context__,
            getattr(current, "reason", None),
            *current.args,
        ]
        todo.extend(reversed([e for e in inner if isinstance(e, BaseException)]))
    return found
