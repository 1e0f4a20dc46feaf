"""huggingface_hub's log lines as a ``spotdiff`` user sees them: redacted, retries worded.

huggingface_hub logs what servers send as it comes (``X-HF-Warning``, URLs,
error texts): a proxy echoing the Authorization header printed the token,
so every line passes through the redactor of the token and of the
credentials in ``HF_ENDPOINT``.

Its retries of a failing request were two raw lines a try ("HTTP Error 503
thrown while requesting HEAD <url>", then "Retrying in 1s [Retry 1/5]."):
eleven lines before the one error line, the file named only inside a URL
(red team round 22; round 18 had left them as a known limit). Each retry is
now one warning in the form of the errors, ``spotdiff: warning: OWNER/NAME:
<file>: the hub answered HTTP 503; trying again in 1 s (retry 1 of 5)``; the
failure before a retry is kept until its retry line, and the last one, which
no retry follows, is said by the error line instead. So is a transfer that
broke and is resumed ("Error while downloading from <url>: <reason>" and
"Trying to resume download...", one record of two lines).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager

from .._util.redaction import Redactor
from .._util.terminal import safe_text
from ._requests import file_in_url, stored_name

#: huggingface_hub's lines around a retry (``utils/_http.py``, ``_http_backoff_base``).
_ANSWERED = re.compile(r"HTTP Error (?P<status>\d+) thrown while requesting [A-Z]+ (?P<url>\S+)")
_RAISED = re.compile(r"'(?P<error>.*)' thrown while requesting [A-Z]+ (?P<url>\S+)", re.DOTALL)
#: huggingface_hub's line when a file's transfer breaks (``file_download.http_get``).
_BROKE = re.compile(
    r"Error while downloading from (?P<url>\S+): (?P<error>.*)\n"
    r"(?P<next>Trying to resume download\.\.\.|Max retries exceeded\.)",
    re.DOTALL,
)
_RETRY = re.compile(
    r"(?:Retrying in|Rate limited\. Waiting) (?P<wait>[0-9.]+)s(?: before retry)? "
    r"\[Retry (?P<retry>\d+)/(?P<retries>\d+)\]\."
)


class _Redacting(logging.Filter):
    """Rewrites a log record's text with every secret the redactor knows replaced."""

    def __init__(self, redactor: Redactor) -> None:
        super().__init__()
        self.redactor = redactor

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg, record.args = self.redactor.text(record.getMessage()), None
        return True


class _Retries(logging.Filter):
    """Words huggingface_hub's retry lines as one warning a retry (see the module docstring)."""

    def __init__(self, repo_id: str, files: tuple[str, ...]) -> None:
        super().__init__()
        self.repo_id, self.files = repo_id, files
        self._failed: dict[int | None, tuple[str, str]] = {}  # thread -> (file, what)

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        if found := _ANSWERED.fullmatch(text):
            self._failed[record.thread] = (
                self._file(found["url"]),
                f"the hub answered HTTP {found['status']}",
            )
            return False
        if found := _RAISED.fullmatch(text):
            what = f"the request failed ({safe_text(found['error'], 120)})"
            self._failed[record.thread] = (self._file(found["url"]), what)
            return False
        if found := _BROKE.fullmatch(text):
            if found["next"].startswith("Max"):
                return False  # the error line says it
            name = self._file(found["url"])
            record.msg = (
                f"spotdiff: warning: {self._place(name)}: the connection broke during its "
                f"download ({safe_text(found['error'], 120)}); resuming it"
            )
            record.args = None
            return True
        if found := _RETRY.fullmatch(text):
            name, what = self._failed.pop(record.thread, ("", "a request failed"))
            record.msg = (
                f"spotdiff: warning: {self._place(name)}: {what}; trying again in "
                f"{float(found['wait']):g} s (retry {found['retry']} of {found['retries']})"
            )
            record.args = None
        return True

    def _place(self, name: str) -> str:
        return f"{self.repo_id}: {name}" if name else self.repo_id

    def _file(self, url: str) -> str:
        """The repository file ``url`` fetches: from the hub, or from its storage."""
        return file_in_url(url) or stored_name(url, self.files)


@contextmanager
def hub_log_lines(redactor: Redactor, repo_id: str, files: tuple[str, ...]) -> Iterator[None]:
    """Within the block, huggingface_hub's lines are worded and redacted as above.

    The filters go on the handlers, which see the records of every
    huggingface_hub logger; the retry lines are worded first, so that the
    redactor sees the final text.
    """
    from huggingface_hub.utils import logging as hf_logging

    filters = (_Retries(repo_id, files), _Redacting(redactor))
    handlers = [*hf_logging.get_logger().handlers, *logging.getLogger().handlers]
    handlers += [logging.lastResort] if logging.lastResort is not None else []
    for handler in handlers:
        for added in filters:
            handler.addFilter(added)
    try:
        yield
    finally:
        for handler in handlers:
            for added in filters:
                handler.removeFilter(added)
