"""A download lands in a staging folder and is moved into place only once it is accepted.

``spotdiff download`` let huggingface_hub write straight into ``--output``:
a dataset refused after the transfer (it fails validation) stayed there,
and a download stopped half-way left half a dataset, the older files it
had begun to replace already gone. Now the files go into
``<output>/.spotdiff-download-*/files/`` (the same filesystem, so moving is
a rename), are checked there, and only an accepted dataset is moved in. A
failed, refused or stopped download deletes the staging folder, and the
output folder too when it made it, so the destination is as it was.

Moving in is one rename per file; the file it replaces is first put aside
in the staging folder, and a failure on the way puts every file back.
SIGTERM and Ctrl-C wait until every file is in place (``signals_held``):
raised between two renames, they used to leave the files half old and half
new. The list of moves is written into the staging folder before the first
rename, so a run killed outright (SIGKILL) in the middle is finished by the
next download into the same folder, which then deletes the staging folder
once no live run holds its lock (``folder_swap.locked_work_folder``).

A run killed while it was still fetching (no list of moves) touched nothing
of output, and its staging folder holds every file it had finished, each
with huggingface_hub's record of it. The next download takes those over
(``Stage.take_over``, ``Stage.seed``) and fetches only the rest (red team
round 23: it deleted them and fetched the whole dataset again). A file
huggingface_hub had not finished is never taken: it is still in a
``*.incomplete`` file, and it records a file only once the file is whole.
Taken files are checked like fetched ones (the hub's ETag, ``check_received``).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import os
import shutil
import stat
from collections.abc import Iterator, Sequence
from pathlib import Path

from .._util.folder_swap import clean_work_folders, locked_work_folder
from .._util.folders import make_folder, make_parents, remove_empty, writing
from .._util.stopping import signals_held
from ..errors import SpotDiffError

#: Work folder inside --output while a download is fetched and checked.
STAGING_PREFIX = ".spotdiff-download-"
#: In the staging folder: the files a commit moves, written before it moves any.
MOVES = "moves.json"
#: Where huggingface_hub keeps its records of the files it downloaded into a folder.
BOOKKEEPING = Path(".cache", "huggingface")
#: Beside those records: the dataset repository a download came from (red team round 19).
SOURCE = BOOKKEEPING / "spotdiff-dataset.json"


def download_record(name: str) -> Path:
    """huggingface_hub's record of repository file ``name``, relative to the folder."""
    return BOOKKEEPING / "download" / f"{name}.metadata"


def repository_name(folder: object, path: object) -> tuple[str, bool] | None:
    """The repository file that ``path`` in download folder ``folder`` is written for, and
    whether ``path`` is huggingface_hub's record (or lock) of it rather than the file;
    None for a path outside ``folder`` or one named by a hash (a part-downloaded file)."""
    try:
        relative = Path(os.path.abspath(str(path))).relative_to(os.path.abspath(str(folder)))
    except ValueError:
        return None
    records = BOOKKEEPING / "download"
    if relative.parts[:3] != records.parts:
        return relative.as_posix(), False
    name = relative.relative_to(records).as_posix()
    for suffix in (".metadata", ".lock"):
        if name.endswith(suffix):
            return name.removesuffix(suffix), True
    return None


class Stage:
    """The staging folder of one download into ``output``."""

    def __init__(self, output: Path, work: Path) -> None:
        self.output = output
        self._work = work
        self.files = work / "files"  # the download, laid out as it will be in output
        self._aside = work / "aside"  # files of output the commit replaces, until it ends
        self._resumed = work / "resumed"  # the fetched files of killed runs (take_over)
        self.files.mkdir()
        self.committed = False

    def take_over(self, leftover: Path) -> None:
        """Keep the files a killed run fetched into staging folder ``leftover`` (its
        ``files/``), if it never began moving them in; :meth:`seed` picks from them."""
        fetched = leftover / "files"
        if os.path.lexists(leftover / MOVES) or not _real_folder(fetched):
            return
        self._resumed.mkdir(exist_ok=True)
        with contextlib.suppress(OSError):
            os.rename(fetched, self._resumed / leftover.name)

    def seed(self, names: list[str]) -> None:
        """Put in the files a killed run finished and those an earlier download left, so
        neither is fetched again.

        A killed run's file is moved in with its record (the first run to have
        one wins). An earlier download's is linked: huggingface_hub replaces a
        changed file rather than writing into it, so the originals in output
        are never modified. Where linking fails (a filesystem without hard
        links) the file is simply fetched. Only files of ``names``, the
        commit's listing, are taken.
        """
        resumed = sorted(self._resumed.iterdir()) if self._resumed.is_dir() else []
        for name in names:
            record = download_record(name)
            for run in resumed:
                if _regular(run / name) and _regular(run / record):
                    with contextlib.suppress(OSError):
                        for path in (name, record):
                            (self.files / path).parent.mkdir(parents=True, exist_ok=True)
                            os.rename(run / path, self.files / path)
                    break
        for name in names:
            record = download_record(name)
            if os.path.lexists(self.files / name):
                continue  # a killed run's, taken above
            if not ((self.output / name).is_file() and (self.output / record).is_file()):
                continue
            with contextlib.suppress(OSError):
                for path in (name, record):
                    (self.files / path).parent.mkdir(parents=True, exist_ok=True)
                os.link(self.output / name, self.files / name)
                # huggingface_hub rewrites its records in place: a copy, not a link.
                shutil.copy2(self.output / record, self.files / record)

    def record_source(self, repo_id: str, commit: str) -> None:
        """Note the dataset the staged files come from; it moves in with them (see
        :func:`recorded_source`)."""
        (self.files / SOURCE).parent.mkdir(parents=True, exist_ok=True)
        (self.files / SOURCE).write_text(
            json.dumps({"repo_id": repo_id, "commit": commit}) + "\n", encoding="utf-8"
        )

    def in_output(self, text: str) -> str:
        """``text`` (a finding) naming the staged files as they would be in output."""
        for spelling in (os.path.realpath(self.files), str(self.files)):
            text = text.replace(spelling, str(self.output))
        return text

    def commit(self, dropped: Sequence[str] = ()) -> None:
        """Move every staged file into output, all or none (see the module docstring).

        Files of ``dropped`` (an earlier download's, no longer in the commit:
        ``_checks.dropped_files``) and their records leave output in the same
        move: put aside, so a failure puts them back too.
        """
        names = sorted(
            path.relative_to(self.files)
            for path in self.files.rglob("*")
            if path.is_file() and not _lock(path.relative_to(self.files))
        )
        leaving = [Path(p) for name in dropped for p in (name, download_record(name))]
        with signals_held(), moving_into(self.output):
            (self._work / MOVES).write_text(json.dumps([n.as_posix() for n in names]))
            try:
                self._move_in(names, leaving)
            except OSError as exc:
                if exc.errno != errno.EXDEV:
                    raise
                ends = (Path(os.fsdecode(e)) for e in (exc.filename2, exc.filename) if e)
                outside_work = [e for e in ends if not e.is_relative_to(self._work)]
                raise self._elsewhere(outside_work[0] if outside_work else self.output) from None
        self.committed = True
        emptied = {self.output / folder for name in leaving for folder in name.parents[:-1]}
        remove_empty(sorted(emptied, key=lambda folder: len(folder.parts), reverse=True))

    def _elsewhere(self, target: Path) -> SpotDiffError:
        """The error for a file renamed across filesystems (red team round 20): a folder of
        output that is a link to another disk read "OUT: cannot write: Invalid
        cross-device link", naming neither the link nor what to do."""
        folder = target.parent
        for part in reversed([target, *target.parents]):
            if part.is_relative_to(self.output) and part != self.output and part.is_symlink():
                folder = part
                break
        return SpotDiffError(
            folder,
            "",
            f"is on another filesystem than {self.output} (through a link), and a download "
            f"moves its files in from {self.output}: choose an --output on the filesystem of "
            "the dataset's folders; nothing was written",
        )

    def _move_in(self, names: list[Path], leaving: list[Path]) -> None:
        placed: list[Path] = []
        aside: list[Path] = []
        made: list[Path] = []  # folders made in output
        try:
            for name in leaving:
                if os.path.lexists(self.output / name):
                    (self._aside / name).parent.mkdir(parents=True, exist_ok=True)
                    os.rename(self.output / name, self._aside / name)
                    aside.append(name)
            for name in names:
                target = self.output / name
                if os.path.lexists(target):
                    (self._aside / name).parent.mkdir(parents=True, exist_ok=True)
                    os.rename(target, self._aside / name)
                    aside.append(name)
                made += make_parents(target)
                os.rename(self.files / name, target)
                placed.append(name)
        except BaseException:
            for name in reversed(placed):
                with contextlib.suppress(OSError):
                    os.unlink(self.output / name)
            for name in reversed(aside):
                with contextlib.suppress(OSError):
                    os.rename(self._aside / name, self.output / name)
            remove_empty(sorted(made, key=lambda folder: len(folder.parts), reverse=True))
            raise


@contextlib.contextmanager
def moving_into(output: Path) -> Iterator[None]:
    """Hold ``output``'s lock: one download at a time moves files into it.

    Two downloads into one folder (two jobs of a Makefile, two terminals)
    each checked their own staged files, then renamed them in at the same
    time: the folder ended with the manifest of one commit and other files
    of the other, which neither had checked. Now the second one's moves
    wait for the first one's, and the folder holds the second commit whole.
    """
    fd = os.open(output, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # releases the lock


def finish_moves(output: Path, leftover: Path) -> None:
    """Finish the commit a killed run began in staging folder ``leftover`` of ``output``.

    Without a list of moves the run never began moving: nothing of output
    was touched. With one, each file still staged is moved in, and a file
    put aside with nothing in its place is put back.
    """
    try:
        names = json.loads((leftover / MOVES).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return
    for name in names if isinstance(names, list) else ():
        relative = Path(str(name))
        if relative.is_absolute() or ".." in relative.parts:
            continue  # not a list this module wrote
        target, staged, kept = (
            output / relative,
            leftover / "files" / relative,
            leftover / "aside" / relative,
        )
        if os.path.lexists(staged):
            make_parents(target)
            os.replace(staged, target)
        elif not os.path.lexists(target) and os.path.lexists(kept):
            os.replace(kept, target)


def recorded_source(output: Path) -> str | None:
    """The dataset repository an earlier download into ``output`` came from, if it said.

    huggingface_hub's records name each file's commit, not its repository: a
    download of another dataset into the folder of an earlier one replaced the
    files both hold (the manifest, the card) and left the others, two datasets
    mixed in one folder that validated (red team round 19). None for a folder
    no download wrote, or one written before the source was recorded.
    """
    try:
        recorded = json.loads((output / SOURCE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    repo_id = recorded.get("repo_id") if isinstance(recorded, dict) else None
    return repo_id if isinstance(repo_id, str) else None


def reserved(name: str) -> bool:
    """Whether repository file ``name`` would land where downloads keep their own files.

    A repository holding ``.spotdiff-download-x/moves.json`` and
    ``.spotdiff-download-x/files/notes.txt`` planted what looks like a killed
    run's staging folder: the next download into the same folder "finished"
    its moves and replaced the user's ``notes.txt``, which no download wrote.
    Files under ``.cache/huggingface/`` would pass for huggingface_hub's
    records of the files a download wrote. Compared in any case: on a
    case-insensitive filesystem (macOS, Windows) ``.Cache/HuggingFace`` is
    the same folder.
    """
    parts = name.casefold().split("/")
    return parts[0].startswith(STAGING_PREFIX) or tuple(parts[:2]) == BOOKKEEPING.parts


def _lock(name: Path) -> bool:
    """A lock file huggingface_hub keeps beside its records: not part of the download."""
    return name.suffix == ".lock" and name.parts[:2] == BOOKKEEPING.parts


def clean_staging(output: Path, stage: Stage | None = None) -> None:
    """Finish the moves killed runs began in ``output`` and delete their staging folders.

    Called before the hub is asked anything, so that a download killed while
    moving files in is finished even when the next one cannot reach the hub.
    Without ``stage`` the staging folder of a run killed before it moved
    anything is kept, for the next download to resume from; with one, that
    stage takes its files over (:meth:`Stage.take_over`) and it is deleted.
    """
    if not os.path.isdir(output):
        return

    def recover(leftover: Path) -> None:
        finish_moves(output, leftover)
        if stage is not None:
            stage.take_over(leftover)

    def fetching(leftover: Path) -> bool:
        return stage is None and not os.path.lexists(leftover / MOVES)

    with writing(output), moving_into(output):
        clean_work_folders(output, STAGING_PREFIX, recover=recover, keep=fetching)


@contextlib.contextmanager
def staged_download(output: Path) -> Iterator[Stage]:
    """A :class:`Stage` in ``output`` (made if missing), deleted on the way out.

    Unless the body commits the stage, ``output`` and the folders above it
    that this made are removed again (when still empty).
    """
    made = make_folder(output)
    stage: Stage | None = None
    try:
        with writing(output), locked_work_folder(output, STAGING_PREFIX) as work:
            stage = Stage(output, work)
            clean_staging(output, stage)  # this one is locked: never its own leftover
            yield stage
    finally:
        if stage is None or not stage.committed:
            remove_empty(made)


def _real_folder(path: Path) -> bool:
    """A folder, not a link to one."""
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False


def _regular(path: Path) -> bool:
    """A regular file, not a link to one."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False
