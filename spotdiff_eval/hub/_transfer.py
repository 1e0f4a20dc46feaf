"""Downloading datasets from the Hugging Face Hub and publishing them there.

Both directions go through huggingface_hub, so ``HF_ENDPOINT`` (mirrors),
``HF_TOKEN``, a stored ``hf auth login`` token, proxies and ``HF_HOME`` work
as huggingface_hub users expect. huggingface_hub is imported only here, in
``_errors.py``, ``_client.py`` and ``_fetch.py``, and only when a function runs.

Downloading resolves the requested revision to a commit first and then
fetches that commit, so the files, the printed sha and any later
``--revision <sha>`` all name the same snapshot even if the branch moves
meanwhile. Resolving first also lets every failure (unknown dataset, missing
token, unknown revision, no network) surface as a clear error before a byte is
written: ``snapshot_download`` alone quietly returns whatever an existing
folder holds when the Hub cannot be reached. The files themselves are
fetched in a child process (``_fetch``, so that a stop is immediate) into a
staging folder (``_staging``), and moved into place only once they are checked
(``_checks``).
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

from .._util.folders import check_folder
from .._util.terminal import safe_text
from ..datasets import COMMIT
from ..errors import SpotDiffError
from ..validation import Findings
from ._checks import (
    changed_files,
    check_commit,
    check_listed,
    check_no_pointers,
    check_received,
    check_source,
    dropped_files,
    elsewhere,
    foreign_files,
    git_path,
    shown,
)
from ._client import check_hub_endpoint, http_client_ready, shown_endpoint
from ._errors import HubCall, hub_errors
from ._fetch import fetch_snapshot, progress_bars
from ._files import MANIFEST_IN_REPO, dataset_files, manifest_of
from ._staging import clean_staging, reserved, staged_download

#: The environment variable huggingface_hub itself reads a token from.
DEFAULT_TOKEN_ENV = "HF_TOKEN"

# The Hub's own rule for names (huggingface_hub's validate_repo_id): ASCII
# letters, digits, "-", "_" and ".", starting and ending with a letter, digit
# or "_", at most 96 characters, no "--" or "..". A namespace is required:
# a bare name would silently mean the token owner's namespace.
_NAME = r"[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,94}[A-Za-z0-9_])?"
_REPO_ID = re.compile(rf"({_NAME})/({_NAME})", re.ASCII)


@dataclass(frozen=True)
class DownloadResult:
    repo_id: str
    revision: str  # as asked: a branch, a tag or a sha
    commit: str  # the full commit sha it resolved to
    folder: Path
    manifest: Path
    files: int
    problems: tuple[str, ...]  # findings of validating the downloaded dataset


@dataclass(frozen=True)
class PublishResult:
    repo_id: str
    commit: str
    commit_url: str
    files: tuple[str, ...]  # repository paths published
    unlisted: tuple[str, ...]  # files under data/ left out because no manifest names them


class InvalidDatasetError(SpotDiffError):
    """The dataset to publish has problems; ``findings`` lists each one."""

    def __init__(self, file: object, findings: list[str]) -> None:
        self.findings = tuple(findings)
        super().__init__(file, "", f"{len(findings)} problem(s) found; nothing was published")


def check_repo_id(text: str) -> str:
    """``text`` if it is ``OWNER/NAME`` as the Hub allows; checked before any network call."""
    if _REPO_ID.fullmatch(text) and "--" not in text and ".." not in text:
        return text
    raise SpotDiffError(
        "--dataset", "", f'"{text}" is not OWNER/NAME (for example Abnik/spotdiff-v1-dev)'
    )


def optional_env_token(name: str) -> str | None:
    """The token in environment variable ``name``; None when it is unset or empty."""
    value = os.environ.get(name, "").strip()
    return value or None


def download_dataset(
    repo_id: str,
    *,
    revision: str | None = None,
    output: Path = Path("."),
    token: str | None = None,
    token_env: str = DEFAULT_TOKEN_ENV,
    endpoint: str | None = None,
    progress: bool = True,
) -> DownloadResult:
    """Download a dataset repository into ``output``, keeping its paths, and validate it.

    ``token`` None means huggingface_hub's own choice (``HF_TOKEN``, then a
    stored login); ``token_env`` only names the variable in messages.
    Refuses to overwrite a file in ``output`` that an earlier download did not
    write (a hand-made ``data/manifest.json``, a project's ``README.md``).
    The files are fetched and checked in a staging folder (``_staging``):
    when the check finds ``problems``, or anything fails, ``output`` is left
    as it was, and the problems name the files as they would be in it.
    """
    check_hub_endpoint(endpoint)
    from huggingface_hub import HfApi

    check_repo_id(repo_id)
    _check_token(token, token_env)
    output = Path(output)
    check_folder(output)  # before any network access
    clean_staging(output)  # a download killed while moving files in is finished first
    check_source(output, repo_id)
    api = HfApi(endpoint=endpoint, token=token)
    http_client_ready()
    named = shown_endpoint(api.endpoint)
    call = HubCall(repo_id, named, token_env, _has_token(token), revision, base_url=api.endpoint)
    with hub_errors(call):
        try:
            info = api.dataset_info(repo_id, revision=revision)
            commit = _resolved_commit(info.sha, call)
            if info.siblings is not None:
                names = [sibling.rfilename for sibling in info.siblings]
            else:
                names = api.list_repo_files(repo_id, revision=commit, repo_type="dataset")
        except (AttributeError, KeyError, TypeError) as exc:
            raise _malformed(call, f"{type(exc).__name__}: {exc}") from None
    odd = [name for name in names if not (isinstance(name, str) and name)]
    if odd:
        raise _malformed(call, f"a file named {safe_text(repr(odd[0]), 40)}")
    if MANIFEST_IN_REPO not in names:
        raise SpotDiffError(
            repo_id,
            f"commit {commit}",
            f"has no {MANIFEST_IN_REPO}, so it is not a SpotDiff dataset{elsewhere(names)}; "
            "nothing was downloaded",
        )
    for refused, where in (
        (
            reserved,
            "in a folder downloads keep their own files in, so it is not a SpotDiff dataset",
        ),
        (git_path, "inside a .git folder, which no Hub repository can hold (a hostile mirror?)"),
    ):
        if found := sorted(filter(refused, names)):
            raise SpotDiffError(
                repo_id,
                f"commit {commit}",
                f"holds {shown(found)}, {where}; nothing was downloaded",
            )
    foreign = foreign_files(output, names)
    if foreign:
        raise SpotDiffError(
            output,
            "",
            f"would overwrite {shown(foreign)}, not written by an earlier download; "
            "choose an empty folder with --output",
        )
    changed = changed_files(output, names)
    if changed:
        raise SpotDiffError(
            output,
            "",
            f"would overwrite {shown(changed)}, changed since an earlier download wrote "
            f"{'it' if len(changed) == 1 else 'them'}; move your version away or choose an "
            "empty folder with --output",
        )
    with staged_download(output) as stage:
        stage.seed(names)
        try:
            listed = replace(call, files=tuple(names))  # to name a file its storage cut short
            fetch_snapshot(listed, commit, stage.files, token=token, progress=progress)
        except SpotDiffError as exc:  # a full disk names a staged file: name it in output
            raise SpotDiffError(stage.in_output(exc.file), exc.where, exc.what) from None
        check_listed(stage.files, names, commit, repo_id, output)
        check_commit(stage.files, names, commit, repo_id, output)
        check_received(stage.files, names, repo_id, output)
        check_no_pointers(stage.files, names, repo_id, output)
        problems = [stage.in_output(p) for p in _dataset_problems(stage.files / MANIFEST_IN_REPO)]
        if not problems:
            stage.record_source(repo_id, commit)
            stage.commit(dropped_files(output, names, repo_id))
    return DownloadResult(
        repo_id=repo_id,
        revision=revision or "main",
        commit=commit,
        folder=output,
        manifest=output / MANIFEST_IN_REPO,
        files=len(names),
        problems=tuple(problems),
    )


def publish_dataset(
    root: Path,
    repo_id: str,
    *,
    token: str | None,
    token_env: str = DEFAULT_TOKEN_ENV,
    private: bool = False,
    message: str | None = None,
    endpoint: str | None = None,
    progress: bool = True,
) -> PublishResult:
    """Validate the dataset at ``root`` (which holds ``data/``) and publish it.

    Creates the dataset repository if needed (``private`` applies only then;
    publishing with ``private`` into an existing public repository is
    refused) and makes the repository's ``data/`` hold exactly the dataset's files:
    files a previous publication left there and the dataset no longer lists
    are deleted in the same commit (huggingface_hub splits only very large
    uploads into several commits). Raises :class:`InvalidDatasetError`
    before any network call when validation finds problems.
    """
    check_hub_endpoint(endpoint)
    from huggingface_hub import HfApi

    check_repo_id(repo_id)
    _check_token(token, token_env)
    root = Path(root)
    problems = _dataset_problems(manifest_of(root))
    if problems:
        raise InvalidDatasetError(root, problems)
    plan = dataset_files(root)
    with tempfile.TemporaryDirectory(prefix="spotdiff-publish-") as stage_dir:
        stage = Path(stage_dir)
        for repo_path, local in plan.files:
            target = stage / repo_path
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(local, target)
        _check_staged(stage, plan.root)
        if token is None and not _has_token(None):
            raise SpotDiffError(
                token_env, "", "no token: set it to a Hugging Face token with write access"
            )
        api = HfApi(endpoint=endpoint, token=token)
        http_client_ready()
        call = HubCall(repo_id, shown_endpoint(api.endpoint), token_env, True, write=True)
        with hub_errors(call), progress_bars(progress):
            api.create_repo(repo_id, repo_type="dataset", private=private, exist_ok=True)
            # An existing repository keeps its visibility: never put data meant to
            # stay private (a hidden split) into a public one.
            if private and not api.dataset_info(repo_id).private:
                raise SpotDiffError(
                    repo_id,
                    "",
                    "exists and is public, and --private does not change that; "
                    "nothing was published (make it private on the hub first)",
                )
            info = api.upload_folder(
                repo_id=repo_id,
                repo_type="dataset",
                folder_path=stage,
                commit_message=message or _default_message(root),
                delete_patterns=["data/*"],
            )
    return PublishResult(
        repo_id=repo_id,
        commit=str(info.oid),
        commit_url=str(info.commit_url),
        files=tuple(repo_path for repo_path, _ in plan.files),
        unlisted=plan.unlisted,
    )


def _dataset_problems(manifest: Path) -> Findings:
    from ..validation import validate_target

    return validate_target(manifest, kind="dataset")


def _check_staged(stage: Path, root: Path) -> None:
    """The copy about to be uploaded must be a valid dataset on its own.

    It differs from the original only when a manifest path reaches its file
    through a symlink (the copy keeps the file's real place, not the link's).
    """
    problems = _dataset_problems(stage / MANIFEST_IN_REPO)
    if problems:
        first = problems[0].replace(str(stage), str(root))
        raise SpotDiffError(
            root,
            "",
            f"the files to publish do not form a valid dataset on their own (a symlink?): {first}",
        )


def _default_message(root: Path) -> str:
    from ..datasets import read_manifest

    data = read_manifest(manifest_of(root)).data
    return f"Publish {data['dataset_name']} {data['dataset_version']} with spotdiff"


def _has_token(token: str | None) -> bool:
    """Whether a token will be sent: the one given, else huggingface_hub's (env or login)."""
    if token is not None:
        return True
    from huggingface_hub import constants, get_token

    try:
        return get_token() is not None
    except UnicodeDecodeError:
        # A token file saved as UTF-16 (PowerShell's "hf_... > token") ended in a
        # traceback from huggingface_hub's read of it (red team round 18).
        raise SpotDiffError(
            constants.HF_TOKEN_PATH,
            "",
            "the stored token is not UTF-8 text (saved as UTF-16 by PowerShell?); "
            "run 'hf auth login' again, or set HF_TOKEN",
        ) from None


def _check_token(token: str | None, token_env: str) -> None:
    """Refuse a token no request can carry, naming its variable.

    It goes into an HTTP header: "'ascii' codec can't encode character
    '\\xf6' in position 11" named neither the variable nor the cause, and
    showed a character of the token.
    """
    if token is not None and not (token.isascii() and token.isprintable()):
        raise SpotDiffError(
            token_env,
            "",
            "holds a character no Hugging Face token has (not ASCII, or a control "
            "character); check its value",
        )


def _resolved_commit(sha: object, call: HubCall) -> str:
    """The commit sha the hub resolved the revision to, or a one-line error.

    A mirror whose answer lacks ``sha`` (or holds something else) had the
    transfer ask for revision "None", and the user read that the revision
    they gave was "not found". A revision that is a full commit sha must
    resolve to itself.
    """
    if isinstance(sha, str) and COMMIT.fullmatch(sha):
        asked = (call.revision or "").lower()
        if COMMIT.fullmatch(asked) and asked != sha:
            # A mirror that ignores the revision answered a pinned commit with its
            # head, whose files were taken silently (red team round 19).
            raise SpotDiffError(
                call.endpoint,
                f'revision "{safe_text(call.revision or "")}"',
                f"the hub answered with commit {sha}, not this one (a mirror that ignores "
                "the revision?); nothing was downloaded",
            )
        return sha
    raise SpotDiffError(
        call.endpoint,
        f'revision "{safe_text(call.revision or "main")}"',
        "the hub's answer names no commit sha for it; is HF_ENDPOINT a Hugging Face Hub?",
    )


def _malformed(call: HubCall, detail: str) -> SpotDiffError:
    """A dataset listing no Hugging Face Hub sends (red team round 18): a file without a
    name, siblings that are not a list, an answer that is a list. Parsing it ended in
    a traceback (AttributeError, KeyError, TypeError)."""
    return SpotDiffError(
        call.endpoint,
        f'revision "{safe_text(call.revision or "main")}"',
        f"the hub's answer about the dataset is malformed ({safe_text(detail, 100)}); "
        "is HF_ENDPOINT a Hugging Face Hub?",
    )
