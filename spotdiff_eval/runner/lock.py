"""One writer at a time per output: an exclusive lock on ``OUTPUT.lock``.

Two ``--resume`` runs of one file both read the same journal, asked the same
items twice (paid twice) and appended to one journal; a ``spotdiff merge``
into a file a run was writing replaced it under the run. The lock is an
``flock`` on a file beside the output, held for the whole run or merge and
taken without waiting, so the second writer stops at once with a one-line
error instead of waiting for hours.

The kernel drops an ``flock`` when its process ends, however it ends (even
``kill -9``), so a lock file left behind never blocks the next run. A run
that ends normally, by an error or by Ctrl-C also deletes its lock file.
Deleting it opens a race (a second run may have opened the old file just
before), closed the usual way: after locking, a run checks that the path
still names the file it locked, and starts over if not.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path
from types import TracebackType

from .._util.file_names import check_name, name_beside
from .._util.folders import check_file
from ..errors import SpotDiffError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no flock, no lock
    fcntl = None  # type: ignore[assignment]

#: Errors of a filesystem without locks (some network and FUSE mounts).
_NO_LOCKS = (errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS, errno.EINVAL)


def lock_path(output: Path) -> Path:
    """``predictions/my.json`` -> ``predictions/my.json.lock`` (a name too long for
    that is cut short, see ``file_names``); an output that can have no name is refused."""
    if not output.name:  # "", ".", "/": a folder, as the output's own check says
        raise SpotDiffError(output, "", "is a folder; --output must name a file")
    check_name(output)
    return output.with_name(name_beside(output.name, ".lock"))


class OutputLock:
    """The lock of one output, held from :meth:`acquire` to :meth:`release`.

    ``command`` (``run``, ``merge``) is written into the lock file, so that a
    writer refused can say which command holds the output.
    """

    def __init__(self, output: Path, command: str = "run") -> None:
        self.output = output
        self.command = command
        self.path = lock_path(output)
        self._fd = -1
        #: Why the output could not be locked (the writer goes on unprotected), or None.
        self.unavailable: str | None = None

    def acquire(self) -> OutputLock:
        """Lock the output, or raise :class:`SpotDiffError` if another writer holds it."""
        if fcntl is None:
            self.unavailable = "this system has no flock"
            return self
        check_file(self.output)  # a file where its folder should be: one clear line
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            while True:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o666)
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    who = _holder(fd)
                    os.close(fd)
                    raise SpotDiffError(
                        self.output,
                        "",
                        f"{who} is writing it; wait for it to finish, or choose another --output",
                    ) from None
                except OSError as exc:
                    os.close(fd)
                    if exc.errno not in _NO_LOCKS:
                        raise
                    self.unavailable = f"its filesystem cannot lock files ({exc.strerror})"
                    return self
                if _still_named(fd, self.path):
                    self._fd = fd
                    _write_holder(fd, self.command)
                    return self
                os.close(fd)  # the run before us deleted it as we locked it: again
        except OSError as exc:
            raise SpotDiffError(
                self.output, "", f"cannot create its lock file {self.path.name}: {exc.strerror}"
            ) from None

    def release(self) -> None:
        """Delete the lock file while still holding it, then unlock; safe to call twice."""
        if self._fd < 0:
            return
        try:
            self.path.unlink(missing_ok=True)
        except OSError:
            pass  # a lock file left behind blocks nobody once it is unlocked
        finally:
            os.close(self._fd)  # closing the last descriptor drops the flock
            self._fd = -1

    def unlocked_warning(self) -> str | None:
        """Why the output could not be locked, as the warning to print; None if it is."""
        if self.unavailable is None:
            return None
        return (
            f"{self.output} is not locked against a second run or merge into it: {self.unavailable}"
        )

    def __enter__(self) -> OutputLock:
        """``with lock.acquire():`` releases it at the end of the block."""
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.release()


def _still_named(fd: int, path: Path) -> bool:
    try:
        return os.path.samestat(os.fstat(fd), os.stat(path))
    except FileNotFoundError:
        return False


def _write_holder(fd: int, command: str) -> None:
    """Our process id and command in the lock file, for the other writer's message
    (only a courtesy)."""
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()} {command}\n".encode("ascii"), 0)
    except OSError:
        pass


def _holder(fd: int) -> str:
    """``another run (process 4242)``, as far as the lock file says (older runs wrote
    the process id alone)."""
    try:
        words = os.pread(fd, 64, 0).decode("ascii").split()
    except (OSError, UnicodeDecodeError):
        words = []
    command = words[1] if len(words) > 1 and words[1].isalpha() else "run"
    pid = f" (process {words[0]})" if words and words[0].isdecimal() else ""
    return f"another {command}{pid}"
