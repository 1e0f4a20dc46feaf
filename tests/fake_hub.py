"""A loopback HTTP server that speaks the parts of the Hugging Face Hub API the real client uses.

The real ``huggingface_hub`` client is pointed at it with ``HF_ENDPOINT``.
Each route below answers as the Hub does, in the shapes huggingface_hub
2.x parses (read from its ``hf_api.py``, ``file_download.py``,
``_snapshot_download.py``, ``_commit_api.py`` and ``utils/_http.py``):

- ``GET /api/datasets/{o}/{n}[/revision/{rev}]``: dataset info with ``sha``
  and ``siblings``;
- ``GET /api/datasets/{o}/{n}/tree/{rev}[/{path}]``: the file listing;
- ``HEAD`` and ``GET /datasets/{o}/{n}/resolve/{rev}/{path}``: a file, with
  ``X-Repo-Commit``, ``ETag`` (the git blob sha1, as the Hub sends for
  regular files) and ``Content-Length``;
- ``POST /api/repos/create``, ``POST /api/validate-yaml``,
  ``POST /api/datasets/{o}/{n}/preupload/{rev}`` and
  ``POST /api/datasets/{o}/{n}/commit/{rev}`` (an NDJSON body whose files
  are inline base64): publishing with ``upload_folder``.

A file can be made to stall (:meth:`FakeHub.stall`): its download sends
half the bytes and waits, so a test can stop a transfer in the middle; or
to hang up (:attr:`FakeHub.hangups`): half the bytes, then the connection
is closed, on every try.
Requests can be made to fail (:meth:`FakeHub.fail`) with any status,
headers and body, a redirect to themselves included, to test error paths.

Errors carry the Hub's ``X-Error-Code`` / ``X-Error-Message`` headers, which
is how the client tells a missing repository from a missing revision. Like
the Hub, an anonymous request for a missing or private repository gets 401
``RepoNotFound`` (the Hub does not reveal that a private repository exists);
a request with a valid token gets 404.

With :attr:`FakeHub.lfs_suffixes` set, files ending so are served as the
Hub serves LFS files: ``resolve`` answers 302 to a storage URL (here
``/lfs-cdn/{sha256}`` on this server, named ``localhost``) with ``X-Linked-Etag`` (the sha256)
and ``X-Linked-Size``, and the client fetches the bytes there; as on the
Hub, the link asks the storage to name the file (``Content-Disposition``).

Not faked: the Hub tells the client to send large or binary files (PNG
images, by the default ``.gitattributes`` of a dataset repository) through
LFS, which huggingface_hub 2.x uploads with hf_xet to the Xet storage
service, a separate binary protocol. This server answers ``regular`` for
every file, so the client sends everything inline in the commit; an
``lfsFile`` in a commit is refused and recorded in ``unexpected``.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import re
import socket
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, quote, unquote, urlsplit

GITATTRIBUTES = (
    b"*.png filter=lfs diff=lfs merge=lfs -text\n*.jpg filter=lfs diff=lfs merge=lfs -text\n"
)


def git_blob_sha1(content: bytes) -> str:
    """The git object id of a file, which the Hub uses as the ETag of regular files."""
    return hashlib.sha1(b"blob %d\0" % len(content) + content).hexdigest()


@dataclass
class Commit:
    sha: str
    files: dict[str, bytes]
    message: str
    parent: str | None


@dataclass
class Repo:
    repo_id: str
    private: bool = False
    gated: bool = False
    approved: set[str] = field(default_factory=set)  # users granted a gated repo
    commits: dict[str, Commit] = field(default_factory=dict)
    refs: dict[str, str] = field(default_factory=dict)  # branches and tags -> sha

    @property
    def owner(self) -> str:
        return self.repo_id.split("/")[0]

    def head(self, branch: str = "main") -> Commit:
        return self.commits[self.refs[branch]]

    def resolve(self, revision: str) -> Commit | None:
        if revision in self.refs:
            return self.commits[self.refs[revision]]
        if re.fullmatch(r"[0-9a-f]{7,40}", revision):
            found = [c for sha, c in self.commits.items() if sha.startswith(revision)]
            if len(found) == 1:
                return found[0]
        return None


@dataclass
class Request:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class Stall:
    """A file whose download stops half-way: ``requested`` is set, then ``release`` awaited."""

    requested: threading.Event = field(default_factory=threading.Event)
    release: threading.Event = field(default_factory=threading.Event)


@dataclass
class Failure:
    """The answer to requests whose path holds ``fragment`` (``{path}`` in a header: theirs)."""

    fragment: str
    status: int
    headers: dict[str, str]
    body: bytes


class HubError(Exception):
    def __init__(self, status: int, code: str | None, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


class FakeHub:
    """The server and its repositories; ``tokens`` maps a token to its user name."""

    def __init__(self, tokens: dict[str, str] | None = None) -> None:
        self.tokens = dict(tokens or {})
        self.repos: dict[str, Repo] = {}
        self.requests: list[Request] = []
        self.unexpected: list[str] = []
        self.outage = False  # when set, every request gets 503 as from a failing front end
        self.stalls: dict[str, Stall] = {}  # repository path -> its downloads stop half-way
        # Repository paths whose downloads send half the bytes, then close the connection.
        self.hangups: set[str] = set()
        self.failures: list[Failure] = []  # see fail()
        self.extra_headers: dict[str, str] = {}  # sent with every answer (X-HF-Warning)
        # When set, every file download answers from this branch or commit, whatever
        # revision it asks for: a mirror that lags behind or ignores the revision.
        self.resolve_to: str | None = None
        # Repository paths ending so are served as LFS files (see the module docstring).
        self.lfs_suffixes: tuple[str, ...] = ()
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self._server.daemon_threads = True
        self._server.hub = self  # type: ignore[attr-defined]
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    @property
    def storage_url(self) -> str:
        """This server under another host name, as the Hub's storage is another host."""
        return self.url.replace("127.0.0.1", "localhost", 1)

    def __enter__(self) -> FakeHub:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    # -- test set-up and inspection -----------------------------------------------

    def add_dataset(
        self,
        repo_id: str,
        files: dict[str, bytes],
        *,
        private: bool = False,
        gated: bool = False,
        message: str = "Initial upload",
    ) -> str:
        """Create a dataset repository holding ``files`` (plus .gitattributes); its head sha."""
        repo = Repo(repo_id, private=private, gated=gated)
        self.repos[repo_id] = repo
        return self.commit(repo_id, {".gitattributes": GITATTRIBUTES, **files}, message)

    def commit(
        self, repo_id: str, files: dict[str, bytes], message: str, branch: str = "main"
    ) -> str:
        """A new commit on ``branch`` whose tree is exactly ``files``; its sha."""
        repo = self.repos[repo_id]
        parent = repo.refs.get(branch)
        digest = hashlib.sha1(f"{parent}\n{message}\n".encode())
        for path in sorted(files):
            digest.update(f"{path}\0{git_blob_sha1(files[path])}\n".encode())
        sha = digest.hexdigest()
        repo.commits[sha] = Commit(sha, dict(files), message, parent)
        repo.refs[branch] = sha
        return sha

    def files(self, repo_id: str, revision: str = "main") -> dict[str, bytes]:
        commit = self.repos[repo_id].resolve(revision)
        assert commit is not None
        return commit.files

    def stall(self, path: str) -> Stall:
        """Make each download of repository file ``path`` send half of it and wait."""
        self.stalls[path] = Stall()
        return self.stalls[path]

    def fail(
        self,
        fragment: str,
        status: int,
        headers: dict[str, str] | None = None,
        body: bytes = b"",
    ) -> None:
        """Answer every request whose path holds ``fragment`` with ``status``, ``headers``
        and ``body`` instead: ``fail("/api/", 302, {"Location": "{path}"})`` loops."""
        self.failures.append(Failure(fragment, status, dict(headers or {}), body))

    def stall_of(self, method: str, raw_path: str) -> Stall | None:
        found = _match_route(method, urlsplit(raw_path).path.strip("/"))
        return self.stalls.get(found[1][2]) if found and found[0] == "resolve" else None

    def hangs_up(self, method: str, raw_path: str) -> bool:
        """Whether this download is one of :attr:`hangups` (cut mid-body, every time)."""
        found = _match_route(method, urlsplit(raw_path).path.strip("/"))
        return bool(found and found[0] == "resolve" and found[1][2] in self.hangups)

    def paths_requested(self) -> list[str]:
        return [f"{r.method} {r.path}" for r in self.requests]

    # -- request handling -----------------------------------------------------------

    def handle(self, method: str, raw_path: str, headers: dict[str, str], body: bytes):
        """(status, headers, body) for one request."""
        split = urlsplit(raw_path)
        with self._lock:
            self.requests.append(Request(method, unquote(split.path), headers, body))
            try:
                if self.outage:
                    raise HubError(503, None, "Service Unavailable")
                for failure in self.failures:
                    if failure.fragment in unquote(split.path):
                        given = failure.headers.items()
                        answer = {k: v.replace("{path}", raw_path) for k, v in given}
                        return failure.status, answer, failure.body
                user = self._user(headers)
                status, answer, payload = self._route(
                    method, split.path, parse_qs(split.query), user, body
                )
                return status, {**answer, **self.extra_headers}, payload
            except HubError as err:
                extra = {"X-Error-Message": err.message}
                if err.code:
                    extra["X-Error-Code"] = err.code
                return err.status, extra, _json({"error": err.message})

    def _user(self, headers: dict[str, str]) -> str | None:
        auth = headers.get("authorization")
        if auth is None:
            return None
        token = auth.removeprefix("Bearer ").strip()
        if token not in self.tokens:
            raise HubError(401, None, "Invalid credentials in Authorization header")
        return self.tokens[token]

    def _route(
        self, method: str, path: str, query: dict[str, list[str]], user: str | None, body: bytes
    ):
        # Matched on the raw path: a revision arrives quoted whole ("refs%2Fpr%2F1").
        found = _match_route(method, path.strip("/"))
        if found is None:
            self.unexpected.append(f"{method} {path}")
            raise HubError(404, None, f"no such route in the fake hub: {method} {path}")
        name, args = found
        if name == "info":
            return self._info(self._readable(args[0], user), args[1] or "main")
        if name == "tree":
            recursive = query.get("recursive", ["false"])[0].lower() == "true"
            return self._tree(self._readable(args[0], user), args[1], args[2], recursive)
        if name == "resolve":
            repo = self._readable(args[0], user)
            self._check_gate(repo, user)
            return self._resolve(repo, args[1], args[2], method)
        if name == "lfs-cdn":
            status, answer, payload = self._lfs_object(args[0], method)
            # The file's name, as the signed link asked the storage to give it.
            for named in query.get("response-content-disposition", [])[:1]:
                answer = {**answer, "Content-Disposition": named}
            return status, answer, payload
        if name == "create":
            return self._create(json.loads(body), user)
        if name == "validate-yaml":
            return 200, {}, _json({"errors": [], "warnings": []})
        repo = self._writable(args[0], user)
        if name == "preupload":
            return self._preupload(repo, args[1], json.loads(body))
        return self._commit(repo, args[1], body)

    # -- access ---------------------------------------------------------------------

    def _readable(self, repo_id: str, user: str | None) -> Repo:
        repo = self.repos.get(repo_id)
        if repo is None or (repo.private and user != repo.owner):
            raise HubError(404 if user else 401, "RepoNotFound", "Repository not found")
        return repo

    def _check_gate(self, repo: Repo, user: str | None) -> None:
        if repo.gated and (user is None or (user != repo.owner and user not in repo.approved)):
            message = f"Access to dataset {repo.repo_id} is restricted."
            raise HubError(401 if user is None else 403, "GatedRepo", message)

    def _writable(self, repo_id: str, user: str | None) -> Repo:
        repo = self._readable(repo_id, user)
        if user is None:
            raise HubError(401, None, "You must be authenticated to write")
        if user != repo.owner:
            raise HubError(403, None, f"You don't have the rights to write to {repo.repo_id}")
        return repo

    # -- reading ----------------------------------------------------------------------

    def _commit_at(self, repo: Repo, revision: str) -> Commit:
        commit = repo.resolve(revision)
        if commit is None:
            raise HubError(404, "RevisionNotFound", f"Invalid rev id: {revision}")
        return commit

    def _info(self, repo: Repo, revision: str):
        commit = self._commit_at(repo, revision)
        return (
            200,
            {},
            _json(
                {
                    "_id": hashlib.sha1(repo.repo_id.encode()).hexdigest()[:24],
                    "id": repo.repo_id,
                    "author": repo.owner,
                    "sha": commit.sha,
                    "lastModified": "2025-01-01T00:00:00.000Z",
                    "createdAt": "2025-01-01T00:00:00.000Z",
                    "private": repo.private,
                    "gated": "auto" if repo.gated else False,
                    "disabled": False,
                    "downloads": 0,
                    "likes": 0,
                    "tags": [],
                    "siblings": [{"rfilename": path} for path in sorted(commit.files)],
                }
            ),
        )

    def _tree(self, repo: Repo, revision: str, folder: str, recursive: bool):
        commit = self._commit_at(repo, revision)
        prefix = f"{folder.strip('/')}/" if folder.strip("/") else ""
        entries: dict[str, dict[str, Any]] = {}
        for path in sorted(commit.files):
            if not path.startswith(prefix):
                continue
            rest = path[len(prefix) :].split("/")
            # Recursive listings hold every folder on the way; others the first level only.
            for depth in range(1, len(rest) if recursive else min(2, len(rest))):
                sub = prefix + "/".join(rest[:depth])
                entries[sub] = {"type": "directory", "oid": "0" * 40, "size": 0, "path": sub}
            if recursive or len(rest) == 1:
                content = commit.files[path]
                entries[path] = {
                    "type": "file",
                    "oid": git_blob_sha1(content),
                    "size": len(content),
                    "path": path,
                }
        return 200, {}, _json([entries[key] for key in sorted(entries)])

    def _resolve(self, repo: Repo, revision: str, path: str, method: str):
        commit = self._commit_at(repo, self.resolve_to or revision)
        if path not in commit.files:
            raise HubError(404, "EntryNotFound", f"{path} does not exist on {revision}")
        content = commit.files[path]
        if path.endswith(self.lfs_suffixes) and self.lfs_suffixes:
            oid = hashlib.sha256(content).hexdigest()
            return (
                302,
                {
                    "X-Repo-Commit": commit.sha,
                    "ETag": f'"{git_blob_sha1(lfs_pointer(content))}"',
                    "X-Linked-Etag": f'"{oid}"',
                    "X-Linked-Size": str(len(content)),
                    # Another host name for this server: the client follows no
                    # redirect off the hub's host, as to the Hub's storage.
                    # Signed as the Hub signs it: the storage is asked to name the file.
                    "Location": f"{self.storage_url}/lfs-cdn/{oid}?response-content-disposition="
                    + quote(_disposition(path.rpartition("/")[2]), safe=""),
                },
                b"",
            )
        headers = {
            "X-Repo-Commit": commit.sha,
            "ETag": f'"{git_blob_sha1(content)}"',
            "Content-Type": "application/octet-stream",
            "Content-Length": str(len(content)),
        }
        return 200, headers, b"" if method == "HEAD" else content

    def _lfs_object(self, oid: str, method: str):
        for repo in self.repos.values():
            for commit in repo.commits.values():
                for content in commit.files.values():
                    if hashlib.sha256(content).hexdigest() == oid:
                        headers = {
                            "ETag": f'"{oid}"',
                            "Content-Type": "application/octet-stream",
                            "Content-Length": str(len(content)),
                        }
                        return 200, headers, b"" if method == "HEAD" else content
        raise HubError(404, None, "no such object")

    # -- writing ----------------------------------------------------------------------

    def _create(self, payload: dict[str, Any], user: str | None):
        if user is None:
            raise HubError(401, None, "You must be authenticated to create a repository")
        namespace = payload.get("organization") or user
        repo_id = f"{namespace}/{payload['name']}"
        if payload.get("type") != "dataset":
            self.unexpected.append(f"create a {payload.get('type')} repository")
        if namespace != user:
            raise HubError(
                403,
                None,
                f'You don\'t have the rights to create a dataset under the namespace "{namespace}"',
            )
        url = f"{self.url}/datasets/{repo_id}"
        if repo_id in self.repos:
            return 409, {}, _json({"error": "You already created this dataset repo", "url": url})
        private = payload.get("visibility") == "private" or payload.get("private") is True
        self.repos[repo_id] = Repo(repo_id, private=private)
        self.commit(repo_id, {".gitattributes": GITATTRIBUTES}, "initial commit")
        return 200, {}, _json({"url": url, "name": repo_id, "id": repo_id})

    def _preupload(self, repo: Repo, revision: str, payload: dict[str, Any]):
        commit = self._commit_at(repo, revision)
        answers = []
        for item in payload["files"]:
            existing = commit.files.get(item["path"])
            answers.append(
                {
                    "path": item["path"],
                    "uploadMode": "regular",
                    "shouldIgnore": False,
                    "oid": git_blob_sha1(existing) if existing is not None else None,
                }
            )
        return 200, {}, _json({"files": answers, "commitOid": commit.sha})

    def _commit(self, repo: Repo, branch: str, body: bytes):
        if branch not in repo.refs:
            raise HubError(404, "RevisionNotFound", f"Invalid rev id: {branch}")
        files = dict(repo.head(branch).files)
        summary = ""
        for line in body.decode("utf-8").splitlines():
            item = json.loads(line)
            key, value = item["key"], item["value"]
            if key == "header":
                summary = value["summary"]
            elif key == "file":
                assert value["encoding"] == "base64"
                files[value["path"]] = base64.b64decode(value["content"])
            elif key == "deletedFile":
                files.pop(value["path"], None)
            elif key == "deletedFolder":
                folder = value["path"].rstrip("/") + "/"
                files = {p: c for p, c in files.items() if not p.startswith(folder)}
            else:
                self.unexpected.append(f"commit operation {key}")
                raise HubError(400, None, f"the fake hub does not accept {key} operations")
        sha = self.commit(repo.repo_id, files, summary, branch)
        return (
            200,
            {},
            _json(
                {
                    "success": True,
                    "commitOid": sha,
                    "commitUrl": f"{self.url}/datasets/{repo.repo_id}/commit/{sha}",
                    "hookOutput": "",
                }
            ),
        )


_REPO = r"([^/]+/[^/]+)"
#: (methods, raw path pattern, route) for every endpoint the client uses.
_ROUTES = (
    (("GET",), rf"api/datasets/{_REPO}()", "info"),
    (("GET",), rf"api/datasets/{_REPO}/revision/([^/]+)", "info"),
    (("GET",), rf"api/datasets/{_REPO}/tree/([^/]+)(?:/(.+))?", "tree"),
    (("GET", "HEAD"), rf"datasets/{_REPO}/resolve/([^/]+)/(.+)", "resolve"),
    (("GET", "HEAD"), r"lfs-cdn/([0-9a-f]{64})", "lfs-cdn"),
    (("POST",), r"api/repos/create", "create"),
    (("POST",), r"api/validate-yaml", "validate-yaml"),
    (("POST",), rf"api/datasets/{_REPO}/preupload/([^/]+)", "preupload"),
    (("POST",), rf"api/datasets/{_REPO}/commit/([^/]+)", "commit"),
)


def _match_route(method: str, raw: str) -> tuple[str, list[str]] | None:
    for methods, pattern, name in _ROUTES:
        match = re.fullmatch(pattern, raw)
        if method in methods and match:
            return name, [unquote(g) if g is not None else "" for g in match.groups()]
    return None


def _disposition(name: str) -> str:
    """The ``Content-Disposition`` the Hub's storage sends with a file (and its links ask for)."""
    return f"inline; filename*=UTF-8''{quote(name)}; filename=\"{name}\";"


def lfs_pointer(content: bytes) -> bytes:
    """The Git LFS pointer file the repository's git tree holds for ``content``."""
    oid = hashlib.sha256(content).hexdigest()
    return (
        f"version https://git-lfs.github.com/spec/v1\noid sha256:{oid}\nsize {len(content)}\n"
    ).encode()


def _json(data: Any) -> bytes:
    return json.dumps(data).encode()


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def _serve(self) -> None:
        body = self._read_body()
        headers = {k.lower(): v for k, v in self.headers.items()}
        status, extra, payload = self.server.hub.handle(self.command, self.path, headers, body)  # type: ignore[attr-defined]
        self.send_response(status)
        extra = dict(extra)
        extra.setdefault("Content-Type", "application/json")
        extra.setdefault("Content-Length", str(len(payload)))
        for name, value in extra.items():
            self.send_header(name, value)
        self.end_headers()
        if self.command == "HEAD":
            return
        if self.server.hub.hangs_up(self.command, self.path):  # type: ignore[attr-defined]
            self.wfile.write(payload[: len(payload) // 2])
            self.wfile.flush()
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        stall = self.server.hub.stall_of(self.command, self.path)  # type: ignore[attr-defined]
        if stall is not None:
            half = len(payload) // 2
            self.wfile.write(payload[:half])
            self.wfile.flush()
            stall.requested.set()
            stall.release.wait(120)
            with contextlib.suppress(ConnectionError):  # the client was stopped meanwhile
                self.wfile.write(payload[half:])
            return
        self.wfile.write(payload)

    def _read_body(self) -> bytes:
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            chunks = []
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip(), 16)
                if size == 0:
                    self.rfile.readline()
                    return b"".join(chunks)
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    do_GET = do_HEAD = do_POST = _serve

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: tests read ``FakeHub.requests`` instead."""
