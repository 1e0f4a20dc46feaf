"""Turning Hugging Face Hub failures into one-line :class:`SpotDiffError`\\ s.

huggingface_hub raises rich exceptions with multi-line messages (URLs, request
ids, documentation links). A user of ``spotdiff download`` needs one line that
says what went wrong and what to do, naming the dataset or the endpoint and
never the token. Server-supplied text is untrusted and shown through
:func:`terminal.safe_text`, and the whole message passes through the
:class:`~.redaction.Redactor` of the token: a server (or a proxy) that
echoes the ``Authorization`` header in its error would otherwise print it.

The Hub answers 401 ``RepoNotFound`` both for a dataset that does not exist
and for a private one when no token is sent (it will not confirm that a
private repository exists), so the two cases share one message that says
how to send a token. With a token, 404 means "missing or not visible to this
token".
"""

from __future__ import annotations

import errno
import json
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

from .._util.exception_chain import exception_chain
from .._util.redaction import Redactor
from .._util.terminal import safe_text
from ..errors import SpotDiffError
from ._client import endpoint_secrets
from ._client import plain_http_warning as plain_http_warning
from ._client import summary as _summary
from ._log_lines import hub_log_lines
from ._requests import by_base_name, other_host, repository_file, request_url, stored_file
from ._staging import repository_name
from ._waits import MAX_WAIT_SECONDS, WaitTooLong

#: errno values of a write that failed for want of room: a full disk, a quota,
#: a file size limit.
_FULL = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG})


@dataclass(frozen=True)
class HubCall:
    """What was being done, so an error can say it in the user's terms."""

    repo_id: str
    endpoint: str  # as messages name it: without credentials (_client.shown_endpoint)
    token_env: str  # the environment variable a user sets the token in
    has_token: bool
    revision: str | None = None
    write: bool = False
    base_url: str = ""  # what requests go to, credentials included; endpoint when empty
    files: tuple[str, ...] = ()  # the repository files being downloaded, when listed


def hub_error(exc: BaseException, call: HubCall) -> SpotDiffError | None:
    """The one-line error for ``exc``, or None when it is not a Hub failure we know.

    The most telling error may be a cause: huggingface_hub wraps a lost
    connection or an HTTP error met while downloading a file in its own
    ``LocalEntryNotFoundError``, so the chain is searched first.
    """
    found = _find(exc, call)
    if found is None:
        return None
    redactor = _redactor(call)
    return SpotDiffError(
        redactor.text(found.file), redactor.text(found.where), redactor.text(found.what)
    )


@contextmanager
def hub_errors(call: HubCall) -> Iterator[None]:
    """Within the block, a Hub failure we know is raised as its one-line error,
    and huggingface_hub's log lines are shown redacted, each retry as one warning."""
    with hub_log_lines(_redactor(call), call.repo_id, call.files):
        try:
            yield
        except SpotDiffError:
            raise
        except Exception as exc:
            mapped = hub_error(exc, call)
            if mapped is None:
                raise
            raise mapped from None


def transfer_failure(
    exc: BaseException, call: HubCall, folder: object | None = None
) -> SpotDiffError:
    """The one-line error for any failure of a transfer, known or not.

    The transfer runs in a child process (``_fetch``) whose traceback would
    reach the user's terminal: an unknown failure is summed up instead. A
    full disk fails in a write that names no file: the error names
    ``folder``, the one being written, when there is no file to name.
    """
    found = hub_error(exc, call)
    if found is not None:
        return found
    too_long = isinstance(exc, OSError) and exc.errno == errno.ENAMETOOLONG
    written = repository_name(folder, exc.filename) if too_long and folder else None
    if written is not None:
        # It named the output path of huggingface_hub's record, which the user never
        # asked for and which does not exist (red team round 20).
        record = "with the suffix of huggingface_hub's record of it, " if written[1] else ""
        return SpotDiffError(
            call.repo_id,
            safe_text(written[0], 300),
            f"cannot write it: {os.strerror(errno.ENAMETOOLONG)} ({record}the name is too "
            "long for this filesystem)",
        )
    if isinstance(exc, OSError) and exc.filename is not None:
        return SpotDiffError(exc.filename, "", f"cannot write: {exc.strerror or exc}")
    short = _CUT_SHORT.search(str(exc))
    if short is not None:
        want, got = int(short["want"]), int(short["got"])
        path = _CUT_URL.match(short["name"])  # none for a file fetched from storage (LFS)
        # From storage, the name the storage gave it (red team round 20: it went unnamed).
        stored = "" if path else by_base_name(short["name"], call.files)
        # More bytes than announced (a proxy adding to the body) is no cut: it read
        # "cut short (321 of 311 bytes)" (red team round 18).
        size = (
            f"was cut short ({got:,} of {want:,} bytes)"
            if got < want
            else f"came longer than the hub announced ({got:,} bytes, not {want:,})"
        )
        return SpotDiffError(
            call.repo_id,
            safe_text(short["name"][path.end() :], 120) if path else stored,
            f"a file's download {size}: a network or proxy problem; try again",
        )
    for cause in exception_chain(exc):
        if isinstance(cause, OSError) and cause.errno in _FULL:
            where = cause.filename if cause.filename is not None else folder
            if where is not None:
                return SpotDiffError(where, "", f"cannot write: {cause.strerror or cause}")
    what = _redactor(call).text(f"download failed: {type(exc).__name__}: {_summary(exc)}")
    return SpotDiffError(call.repo_id, "", what)


#: huggingface_hub's message for a file that came shorter than announced, naming
#: the file by the last 40 characters of its URL ("(…)" before them when cut).
_CUT_SHORT = re.compile(
    r"Consistency check failed: file should be of size (?P<want>\d+) but has size "
    r"(?P<got>\d+) \((?P<name>[^\n]*)\)\."
)
#: What precedes the repository path in that name: the URL up to the commit, or,
#: when cut, "(…)" and the end of the commit sha.
_CUT_URL = re.compile(r"^(?:\(…\)[0-9a-f]*/|.*/resolve/[^/]+/)")


def _find(exc: BaseException, call: HubCall) -> SpotDiffError | None:
    from huggingface_hub import errors as hf

    for cause in exception_chain(exc):
        if isinstance(cause, WaitTooLong):
            return SpotDiffError(
                call.repo_id,
                "",
                f"{cause} (HTTP {cause.status}, more than the {MAX_WAIT_SECONDS} s this "
                "command waits); try again later",
            )
        found = _classify(cause, call)
        if found is not None:
            return found
    if isinstance(exc, hf.LocalEntryNotFoundError):
        return SpotDiffError(call.endpoint, "", f"download failed: {_summary(exc)}")
    if isinstance(exc, json.JSONDecodeError):
        return SpotDiffError(
            call.endpoint, "", "the answer is not JSON: is HF_ENDPOINT a Hugging Face Hub?"
        )
    if isinstance(exc, ValueError):  # e.g. a repository file name that would leave the folder
        return SpotDiffError(call.repo_id, "", _summary(exc))
    return None


def _redactor(call: HubCall) -> Redactor:
    """The tokens huggingface_hub may have sent: the named variable's, else its own choice
    (``HF_TOKEN``, a stored login); and the credentials in ``HF_ENDPOINT``."""
    from huggingface_hub import get_token

    try:
        stored = get_token() or ""
    except Exception:  # an unreadable token file must not hide the real error
        stored = ""
    return Redactor([os.environ.get(call.token_env, "").strip(), stored, *endpoint_secrets()])


def _classify(exc: BaseException, call: HubCall) -> SpotDiffError | None:
    from huggingface_hub import errors as hf

    repo = call.repo_id
    if isinstance(exc, hf.OfflineModeIsEnabled):
        return SpotDiffError(call.endpoint, "", "HF_HUB_OFFLINE is set: unset it to reach the hub")
    if isinstance(exc, _client_errors(("TooManyRedirects",), ("TooManyRedirects",))):
        return SpotDiffError(
            call.endpoint,
            "",
            "the hub redirected too many times (a redirect loop); check HF_ENDPOINT and "
            "proxy settings",
        )
    if isinstance(exc, _client_errors(("UnsupportedProtocol",), ("InvalidSchema",))):
        # HF_ENDPOINT is checked to be http(s): only a redirect leads elsewhere. It read
        # "cannot reach the hub", or "let it through" (red team round 19).
        return SpotDiffError(
            repo,
            "",
            f"the hub redirected to {safe_text(request_url(exc) or '?', 120)}, which is no "
            "http:// or https:// address (a broken or hostile mirror?); is HF_ENDPOINT a "
            "Hugging Face Hub?",
        )
    if isinstance(exc, _client_errors(("TransportError",), ("ConnectionError", "Timeout"))):
        reason = safe_text(str(exc) or type(exc).__name__, 120)
        name = repository_file(exc)
        if name and isinstance(exc, _client_errors(_BROKE, _BROKE_REQUESTS)):
            # A connection that broke in a file's transfer, every retry: it read
            # "<endpoint>: cannot reach the hub", the file unnamed (red team round 18).
            return SpotDiffError(
                repo,
                name,
                f"the connection broke during its download ({reason}): a network or proxy "
                "problem; try again",
            )
        storage = other_host(exc, call.endpoint)
        if storage:
            return SpotDiffError(
                repo,
                stored_file(exc, call.files),
                f"cannot reach {storage}, where the hub redirected (its storage of large "
                f"files?), though the hub itself answered ({reason}); check that the network, "
                "firewall or proxy lets it through",
            )
        return SpotDiffError(
            call.endpoint,
            "",
            f"cannot reach the hub ({reason}); check the network, proxy settings or HF_ENDPOINT",
        )
    if isinstance(exc, hf.FileMetadataError):
        return _not_from_a_hub(exc, call)
    if isinstance(exc, hf.RevisionNotFoundError):
        return SpotDiffError(
            repo,
            f'revision "{safe_text(call.revision or "main")}"',
            "not found (give a branch, a tag or a commit sha of this dataset)",
        )
    if isinstance(exc, hf.GatedRepoError):
        return SpotDiffError(
            repo,
            "",
            f"dataset is gated: accept its conditions at {call.endpoint}/datasets/{repo} "
            f"and set {call.token_env} to a token of that account",
        )
    if isinstance(exc, hf.RepositoryNotFoundError):
        return SpotDiffError(repo, "", _not_found(call))
    if isinstance(exc, hf.DisabledRepoError):
        return SpotDiffError(repo, "", "the hub has disabled this dataset")
    if isinstance(exc, hf.HfHubHTTPError):
        storage = other_host(exc, call.endpoint)
        if storage:
            # A 403 read "access denied", which sends one to the token, not to the
            # storage's expired link or a proxy (red team round 19).
            status = getattr(getattr(exc, "response", None), "status_code", None)
            server = safe_text(getattr(exc, "server_message", None) or "", 160)
            return SpotDiffError(
                repo,
                stored_file(exc, call.files),
                f"{storage}, where the hub redirected (its storage of large files?), "
                f"refused the request (HTTP {status}"
                + (f": {server}" if server else "")
                + "), though the hub itself answered; the hub's link may have expired or "
                "a proxy refused it: try again",
            )
        return SpotDiffError(repo, repository_file(exc), _http_failure(exc, call))
    return None


def _not_from_a_hub(exc: BaseException, call: HubCall) -> SpotDiffError:
    """A file's answer without the headers every Hub answer has (red team round 18).

    A captive portal or a login page answers 200 with HTML, and a redirect
    off the hub to a page that is not the file lacks them too: the line was
    huggingface_hub's paragraph cut at 200 characters, the advice lost in it.
    """
    text = str(exc)
    missing = _MISSING_HEADER.search(text)
    if missing is None:
        return SpotDiffError(
            call.endpoint, "", f"the hub's answer for a file is incomplete: {_summary(exc)}"
        )
    name = urlsplit(missing["url"]).path.partition("/resolve/")[2].partition("/")[2]
    return SpotDiffError(
        call.repo_id,
        safe_text(unquote(name), 200),
        f"the answer has no {safe_text(missing['header'], 40)} header, so no Hugging Face "
        "Hub sent it (a proxy, a captive portal or a login page?); check the network, "
        "proxy settings or HF_ENDPOINT",
    )


#: huggingface_hub's message for a file's answer that lacks a Hub header.
_MISSING_HEADER = re.compile(
    r"Response from (?P<url>\S+) is missing the '(?P<header>[^']+)' header"
)


#: Errors of a connection that was made and then broke (a body cut, a read that
#: timed out), as opposed to a hub that cannot be reached at all.
_BROKE = ("RemoteProtocolError", "ReadError", "ReadTimeout", "WriteError")
_BROKE_REQUESTS = ("ChunkedEncodingError", "ReadTimeout")


def _not_found(call: HubCall) -> str:
    where = f"dataset not found on {call.endpoint}"
    if call.write:
        return f"{where} (publishing creates it: check the token in {call.token_env})"
    if call.has_token:
        return f"{where}, or the token in {call.token_env} cannot read it"
    return f"{where}, or it is private or gated: set {call.token_env} to a token that can read it"


def _http_failure(exc: BaseException, call: HubCall) -> str:
    response = getattr(exc, "response", None)
    status = getattr(response, "status_code", None)
    server = safe_text(getattr(exc, "server_message", None) or "", 160)
    if status == 401:
        if call.has_token:
            return f"the hub refused the token in {call.token_env} (invalid or expired)"
        return f"the hub asks for a token: set {call.token_env}"
    if status == 403:
        if call.write:
            return (
                f"the token in {call.token_env} may not write to this dataset "
                f"(it needs write access to the {call.repo_id.split('/')[0]} namespace)"
                + (f": {server}" if server else "")
            )
        return "access denied" + (f": {server}" if server else "")
    if status == 429:
        return "the hub limits requests (HTTP 429); try again later"
    detail = f"the hub answered HTTP {status}"
    return detail + (f": {server}" if server else "")


def _client_errors(
    httpx_names: tuple[str, ...], requests_names: tuple[str, ...]
) -> tuple[type[BaseException], ...]:
    """Error classes of whichever HTTP client huggingface_hub uses, by their names.

    huggingface_hub moved from requests to httpx and then to httpx2; each
    raises its own classes for a refused connection, a timeout or a
    redirect loop.
    """
    found: list[type[BaseException]] = []
    for module, names in (
        ("httpx2", httpx_names),
        ("httpx", httpx_names),
        ("requests.exceptions", requests_names),
    ):
        try:
            imported = __import__(module, fromlist=list(names))
        except ImportError:
            continue
        found.extend(getattr(imported, name) for name in names)
    return tuple(found)
