"""The checks of a download: of the hub's listing, of what it sent, of what ``--output`` holds.

Split from ``_transfer`` (red team round 19). Each raises a one-line
:class:`SpotDiffError` or returns the names at fault; none makes a request.
huggingface_hub records each file it downloads into a folder
(``_staging.download_record``): its commit and ETag are what most checks read.
"""

from __future__ import annotations

import hashlib
import os
import re
import unicodedata
from pathlib import Path

from .._util.lfs import starts_as_pointer
from .._util.terminal import safe_text
from ..errors import SpotDiffError
from ._files import MANIFEST_IN_REPO
from ._staging import BOOKKEEPING, download_record, recorded_source, reserved


def check_listed(files: Path, names: list[str], commit: str, repo_id: str, output: Path) -> None:
    """Refuse files the hub sent beyond those its listing named (red team round 18).

    The transfer lists the commit's files again, in its own process: a hub
    that answered that second listing with more files (``.git/config``, a
    planted ``.spotdiff-download-*`` folder) had them written into output,
    past every check made on the first listing. Names are compared composed
    (NFC): macOS's HFS+ stores every name decomposed, whatever was asked.
    """
    listed = {unicodedata.normalize("NFC", name) for name in names}
    sent = sorted(
        name
        for name in (path.relative_to(files).as_posix() for path in files.rglob("*"))
        if unicodedata.normalize("NFC", name) not in listed
        and not (files / name).is_dir()
        and Path(name).parts[:2] != BOOKKEEPING.parts
    )
    if sent:
        raise SpotDiffError(
            repo_id,
            f"commit {commit}",
            f"the hub sent {shown(sent)}, which its listing of the commit did not name; "
            f"nothing was written to {output}",
        )


def check_commit(files: Path, names: list[str], commit: str, repo_id: str, output: Path) -> None:
    """Refuse a download whose files are not all of ``commit``.

    huggingface_hub records the commit the hub said each file came from
    (``X-Repo-Commit``) in its download record, and does not compare it with
    the one asked for: a mirror that ignores the revision put the files of
    its head under the name of the resolved commit.
    """
    for name in sorted(names):
        try:
            record = (files / download_record(name)).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            record = ""
        sent = record.split("\n", 1)[0].strip()
        if sent == commit:
            continue
        what = (
            f"the hub sent {name} from commit {safe_text(sent, 80)} instead"
            if sent
            else f"no download record names the commit of {name}"
        )
        raise SpotDiffError(repo_id, f"commit {commit}", f"{what}; nothing was written to {output}")


def shown(names: list[str]) -> str:
    return ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")


def changed_files(output: Path, names: list[str]) -> list[str]:
    """Files an earlier download wrote whose bytes are no longer the ones it wrote.

    A hand-edited annotation was silently replaced by the hub's copy, or,
    when its modification time was within a second of the download or kept
    (``cp -p``, ``rsync -t``), silently kept while the download said it had
    the resolved commit. huggingface_hub's record of each file holds its
    ETag: the git blob sha1 of a regular file, the sha256 of an LFS one.
    A record with another kind of ETag (a mirror's own) is not checked.
    """
    changed = []
    for name in sorted(names):
        path, record = output / name, output / download_record(name)
        if not (os.path.lexists(path) and record.is_file()):
            continue
        etag = _recorded_etag(record)
        if etag is not None and etag not in _file_hashes(path, etag):
            changed.append(name)
    return changed


def dropped_files(output: Path, names: list[str], repo_id: str) -> list[str]:
    """Files an earlier download of ``repo_id`` wrote that ``names`` no longer holds.

    A new version that drops an item (red team round 20): downloaded over the
    older one, the folder kept the dropped item's files while saying it held
    the new commit, and publishing it again listed them as strays. Only files
    this dataset's downloads wrote (``recorded_source``, a download record) and
    unchanged since are named: a file fixed by hand, or one of another
    dataset, is never deleted.
    """
    earlier = recorded_source(output)
    records = output / BOOKKEEPING / "download"
    if earlier is None or earlier.casefold() != repo_id.casefold() or not records.is_dir():
        return []
    listed = {unicodedata.normalize("NFC", name) for name in names}
    found = (
        record.relative_to(records).as_posix().removesuffix(".metadata")
        for record in records.rglob("*.metadata")
    )
    return [
        name
        for name in sorted(found)
        if unicodedata.normalize("NFC", name) not in listed
        and not reserved(name)
        and (output / name).is_file()
        and not (output / name).is_symlink()
        and not changed_files(output, [name])
    ]


def check_received(files: Path, names: list[str], repo_id: str, output: Path) -> None:
    """Refuse a download whose files are not the bytes the hub announced (red team round 18).

    huggingface_hub checks a file's size, when it knows one, never its
    hash: a proxy that changed an annotation's bytes (same length) had its
    values scored as the golden ones, and one that answered the size request
    (HEAD) with ``Content-Length: 0`` had every file written empty, the card
    and ``viewer.jsonl`` accepted so. Each file is compared with the ETag
    recorded for it, as :func:`changed_files` compares an earlier download.
    """
    for name in sorted(names):
        etag = _recorded_etag(files / download_record(name))
        if etag is not None and etag not in _file_hashes(files / name, etag):
            raise SpotDiffError(
                repo_id,
                name,
                f"the bytes received do not match the hash the hub gave for it ({etag[:12]}...): "
                f"a network, proxy or mirror problem; try again; nothing was written to {output}",
            )


def check_no_pointers(files: Path, names: list[str], repo_id: str, output: Path) -> None:
    """Refuse Git LFS pointer texts the hub sent as files (red team round 20).

    The Hub serves an LFS file's content, never its pointer: a pointer received
    is what the repository itself holds, committed from a clone without Git
    LFS. Validation's advice for a pointer ("run `git lfs pull`") is for such
    a clone, not for a download folder, where nothing can fetch the file.
    """
    pointers = [name for name in sorted(names) if starts_as_pointer(files / name)]
    if pointers:
        more = len(pointers) - 1
        raise SpotDiffError(
            repo_id,
            pointers[0],
            "the repository holds a Git LFS pointer in place of this file"
            + (f" (and {more} more file{'s' if more > 1 else ''})" if more else "")
            + ": it was uploaded from a clone without Git LFS; its maintainer must upload "
            f"the files themselves; nothing was written to {output}",
        )


def _recorded_etag(record: Path) -> str | None:
    """The ETag in huggingface_hub's download record, if it is a hash this module can
    check (a git blob sha1 or a sha256); None otherwise, or if unreadable."""
    try:
        etag = record.read_text(encoding="utf-8").split("\n")[1].strip().lower()
    except (OSError, UnicodeDecodeError, IndexError):
        return None  # huggingface_hub drops an unreadable record and checks the file itself
    return etag if len(etag) in (40, 64) and _HEX.fullmatch(etag) else None


_HEX = re.compile(r"[0-9a-f]+", re.ASCII)


def _file_hashes(path: Path, etag: str) -> set[str]:
    """The file's hashes of the kind ``etag`` is: its sha256, or its git blob sha1 and
    (a mirror's ETag) its plain sha1; none if it cannot be read."""
    try:
        with open(path, "rb") as file:
            if len(etag) == 64:
                digests = [hashlib.sha256()]
            else:
                size = os.fstat(file.fileno()).st_size
                digests = [hashlib.sha1(b"blob %d\0" % size), hashlib.sha1()]
            while chunk := file.read(1 << 20):
                for digest in digests:
                    digest.update(chunk)
    except OSError:  # a folder, or unreadable: not the file the download wrote
        return set()
    return {digest.hexdigest() for digest in digests}


def git_path(name: str) -> bool:
    """Whether repository file ``name`` lies in a ``.git`` folder (red team round 18).

    Git itself refuses to track such a path, so only a hostile hub or mirror
    lists one. Written by a download, ``.git/config`` in a fresh folder made it
    a git repository whose ``core.fsmonitor`` command ran at the next
    ``git status`` there (a shell prompt runs one on ``cd``), and
    ``.git/hooks/...`` went into the checkout a download into ``.`` was run in.
    Compared as git compares (any case; Windows drops trailing dots and
    spaces), with either slash.
    """
    parts = name.replace("\\", "/").split("/")
    return any(part.casefold().rstrip(". ") == ".git" for part in parts)


def check_source(output: Path, repo_id: str) -> None:
    """Refuse to download into a folder that holds another downloaded dataset
    (``_staging.recorded_source``), before any request. Repository names are
    compared in any case, as the Hub compares them."""
    earlier = recorded_source(output)
    if earlier is not None and earlier.casefold() != repo_id.casefold():
        raise SpotDiffError(
            output,
            "",
            f"holds the dataset {safe_text(earlier)}, downloaded there earlier; downloading "
            f"{repo_id} into it would mix the two: choose another folder with --output",
        )


def foreign_files(output: Path, names: list[str]) -> list[str]:
    """Repository files that would replace a local file no earlier download wrote.

    huggingface_hub records each file it downloads into a folder
    (``_staging.download_record``); a file without that record was made by
    someone else.
    """
    return sorted(
        name
        for name in names
        if os.path.lexists(output / name) and not (output / download_record(name)).is_file()
    )


def elsewhere(names: list[str]) -> str:
    """Where the repository holds a manifest instead, for the error (red team round 19).

    A maintainer who uploaded the folder above the dataset root, or data/ into
    data/, read only that the repository "is not a SpotDiff dataset".
    """
    found = sorted(name for name in names if name.rpartition("/")[2].casefold() == "manifest.json")
    if not found:
        return ""
    case_only = [name for name in found if name.casefold() == MANIFEST_IN_REPO]
    if case_only:
        # Red team round 22: uploaded from macOS or Windows as Data/ or Manifest.json,
        # where the case does not matter, it read "uploaded from another folder?".
        return (
            f" as published (it holds {safe_text(case_only[0], 200)}, which differs in case "
            f"only: names on the hub are case-sensitive, rename it {MANIFEST_IN_REPO})"
        )
    return (
        f" as published (it holds {safe_text(shown(found), 200)}: was the dataset uploaded "
        f"from another folder? data/ must be at the top of the repository)"
    )
