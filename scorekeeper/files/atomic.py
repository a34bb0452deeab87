"""Reading and writing files safely: bounded reads of regular files only, atomic writes
through symbolic links, read-only files refused, and one writer at a time.

A save writes a temporary file in the same folder, flushes and fsyncs it, and renames it
over the file (os.replace), then fsyncs the folder: a crash at any moment leaves the old
file or the new one, never a torn one. A file written under its lock has one temporary
name (.NAME.tmp), so a save killed half-way leaves at most that one file, which the next
save of that file overwrites; nothing needs to list the folder to tidy it.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from functools import lru_cache

from .. import i18n
from ..errors import SessionError
from ..i18n import _
from ..values import value

#: No sitting comes near this (10,000 deals take under 1 MB); a larger file is refused
#: without being read to the end.
MAX_SIZE = 32 * 1024 * 1024
#: The test-only seam (off unless the variable is set): "STEP:FOLDER" stops a process at
#: STEP -- "waiting" (about to take a lock to change a file), "locked" (the lock taken),
#: "written" (the new file written, not yet in place), "replaced" (in place) -- until
#: FOLDER/go exists, having made FOLDER/paused.
PAUSE_VARIABLE = "SCOREKEEPER_TEST_PAUSE"


@value
class Identity:
    """Which file was read, and as of when: another file, or a change to it, has another."""

    device: int
    inode: int
    size: int
    modified_ns: int
    changed_ns: int

    @classmethod
    def of(cls, info: os.stat_result) -> Identity:
        return cls(info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)


def read_file(path: str, most: int = MAX_SIZE) -> bytes:
    """The bytes of a regular file of at most `most`; a FIFO, a device or a folder is
    refused without waiting on it."""
    return read_with_identity(path, most)[0]


def read_with_identity(path: str, most: int = MAX_SIZE) -> tuple[bytes, Identity]:
    """The bytes of a regular file of at most `most`, and the identity of what was read."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise SessionError(_("no session file {path!r}").format(path=path)) from None
    except OSError as error:
        raise SessionError(_("cannot read {path!r}: {reason}").format(
            path=path, reason=error.strerror)) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise SessionError(_("{path!r} is a folder, not a session file").format(path=path))
        if not stat.S_ISREG(info.st_mode):
            raise SessionError(_("{path!r} is not a regular file").format(path=path))
        if info.st_size > most:
            raise SessionError(_("{path!r} is {size} bytes: too large for a session (at most "
                                 "{most})").format(path=path, size=_grouped(info.st_size),
                                                   most=_grouped(most)))
        chunks = []
        size = 0
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
            size += len(chunk)
            if size > most:
                raise SessionError(_("{path!r} is too large for a session").format(path=path))
        return b"".join(chunks), Identity.of(info)
    except OSError as error:
        raise SessionError(_("cannot read {path!r}: {reason}").format(
            path=path, reason=error.strerror)) from None
    finally:
        os.close(fd)


def _grouped(n: int) -> str:
    """A count of bytes with its thousands grouped as the language groups them."""
    return i18n.number(str(n)) if i18n.speaking().code != "en" else f"{n:,}"


def identity(path: str) -> Identity | None:
    """The identity of the file at `path` now; None if there is none."""
    try:
        return Identity.of(os.stat(path))
    except (OSError, ValueError):
        return None


def real_path(path: str) -> str:
    """The file a path names, through any symbolic links: a save replaces the target and
    leaves the link."""
    folder, name = os.path.split(path)
    found = os.path.join(_real_folder(folder), name)
    return os.path.realpath(found) if os.path.islink(found) else found


@lru_cache(maxsize=16)
def _real_folder(folder: str) -> str:
    """A folder through its links, found once for the many files read from it."""
    return os.path.realpath(folder or ".")


def check_writable(path: str) -> None:
    """Refuse a session file nobody may write (chmod a-w), even for root, who could."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return
    if not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise SessionError(_("{path!r} is read-only: nothing was changed (chmod u+w to allow "
                             "changes)").format(path=path))


def hidden_beside(path: str, suffix: str) -> str:
    """The hidden file `.NAME<suffix>` beside `path` (its lock, its cache)."""
    folder, name = os.path.split(path)
    return os.path.join(folder, f"{'' if name.startswith('.') else '.'}{name}{suffix}")


def write_atomic(path: str, data: bytes, durable: bool = True, locked: bool = True) -> None:
    """Replace `path` (a real path, not a link) with `data` atomically. `durable` False
    skips the fsyncs (for a cache, which is checked when read). `locked`: the caller holds
    the lock of `path`, so its one temporary name is free; else a name of this process's."""
    folder = os.path.dirname(path)
    tmp = hidden_beside(path, ".tmp" if locked else f".{os.getpid()}.tmp")
    try:
        _write_temp(tmp, data, path, durable)
        pause("written")
        os.replace(tmp, path)
    except OSError as error:
        _unlink(tmp)
        raise SessionError(_("cannot save {path!r}: {reason}").format(
            path=path, reason=error.strerror or error)) from None
    except BaseException:
        _unlink(tmp)
        raise
    pause("replaced")
    if durable and hasattr(os, "O_DIRECTORY"):
        try:
            dir_fd = os.open(folder or ".", os.O_RDONLY | os.O_DIRECTORY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)
        except OSError:
            pass  # the file is saved; only its folder's entry may wait for the disk


def _write_temp(tmp: str, data: bytes, path: str, durable: bool) -> None:
    try:
        mode = os.stat(path).st_mode & 0o777
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(tmp, flags | getattr(os, "O_NOFOLLOW", 0), 0o600)
    except OSError:  # a link or a folder in the way, left by something else: not ours to keep
        _unlink(tmp)
        fd = os.open(tmp, flags | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
        f.flush()
        if durable:
            os.fsync(f.fileno())
    os.chmod(tmp, mode)


def _unlink(path: str) -> None:
    with suppress(OSError):
        os.unlink(path)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextmanager
def locked(path: str, on_locked: Callable[[], None] | None = None, wait: bool = True
           ) -> Iterator[bool]:
    """Hold the lock of `path` (a hidden file beside it) so read-change-writes never
    overlap; yields True. `on_locked` is called once the lock is taken: from then on a
    change may be made. With `wait` False, yields False at once if another holds it."""
    if wait:
        pause("waiting")
    lock_path = hidden_beside(path, ".lock")
    try:
        lock = open(lock_path, "a+b")  # noqa: SIM115 -- held for the with-block below
    except OSError as error:
        raise SessionError(_("cannot lock {path!r}: {reason}").format(
            path=path, reason=error.strerror or error)) from None
    with lock:
        if not _take(lock.fileno(), wait):
            yield False
            return
        if on_locked is not None:
            on_locked()
        pause("locked")
        try:
            yield True
        finally:
            _release(lock.fileno())


def _take(fd: int, wait: bool) -> bool:
    try:
        if sys.platform == "win32":
            import msvcrt

            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_LOCK if wait else msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
    except BlockingIOError:
        return False
    except OSError as error:
        if wait:
            raise SessionError(_("cannot lock: {reason}").format(
                reason=error.strerror or error)) from None
        return False
    return True


def _release(fd: int) -> None:
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_UN)


def pause(step: str) -> None:
    """The test-only seam: stop at `step` while a test acts (see PAUSE_VARIABLE). Off in
    normal runs: one lookup of a variable that is not set."""
    wanted = os.environ.get(PAUSE_VARIABLE)
    if not wanted or wanted.partition(":")[0] != step:
        return
    import time

    folder = wanted.partition(":")[2]
    with open(os.path.join(folder, "paused"), "w"):
        pass
    deadline = time.monotonic() + 60
    while not os.path.exists(os.path.join(folder, "go")) and time.monotonic() < deadline:
        time.sleep(0.002)
