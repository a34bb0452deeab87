"""Reading and writing files safely: bounded reads of regular files only, atomic writes
through symbolic links, read-only files refused, and one writer at a time.

A save writes a temporary file in the same folder, flushes and fsyncs it, and renames it
over the file (os.replace), then fsyncs the folder: a crash at any moment leaves the old
file or the new one, never a torn one. Each writer has a temporary name of its own
(.NAME.PID-RANDOM.tmp), so that two writers can never put each other's bytes in place; a
save killed half-way (kill -9) leaves its temporary file, which nothing reads.

The lock of a file is a hidden .NAME.lock beside it, opened without following a link; once
taken, it is checked to be still the file at that name (a tidy-up or a sync tool may delete
it), else taken again. While the file exists, its own bytes' inode is locked too (not on
Windows, where an open file cannot be replaced and a held lock file cannot be deleted): a
writer that finds the file replaced while it waited takes the new one, so deleting the lock
file lets no second writer in.
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
from ..text import quoted
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
        return cls(*fields_of(info))


def fields_of(info: os.stat_result) -> tuple[int, int, int, int, int]:
    """An Identity's fields (values.astuple of it), from the file's status `info`: for
    the many files whose identity is only compared (files.folder), made without one."""
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns


def read_file(path: str, most: int = MAX_SIZE) -> bytes:
    """The bytes of a regular file of at most `most`; a FIFO, a device or a folder is
    refused without waiting on it."""
    return read_with_identity(path, most)[0]


def read_with_identity(path: str, most: int = MAX_SIZE) -> tuple[bytes, Identity]:
    """The bytes of a regular file of at most `most`, and the identity of what was read."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise SessionError(_("no session file {path}").format(path=quoted(path))) from None
    except OSError as error:
        raise SessionError(_("cannot read {path}: {reason}").format(
            path=quoted(path), reason=error.strerror)) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise SessionError(_("{path} is a folder, not a session file").format(
                path=quoted(path)))
        if not stat.S_ISREG(info.st_mode):
            raise SessionError(_("{path} is not a regular file").format(path=quoted(path)))
        if info.st_size > most:
            raise SessionError(_("{path} is {size} bytes: too large for a session (at most "
                                 "{most})").format(path=quoted(path), size=_grouped(info.st_size),
                                                   most=_grouped(most)))
        chunks = []
        size = 0
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
            size += len(chunk)
            if size > most:
                raise SessionError(_("{path} is too large for a session").format(path=quoted(path)))
        return b"".join(chunks), Identity.of(info)
    except OSError as error:
        raise SessionError(_("cannot read {path}: {reason}").format(
            path=quoted(path), reason=error.strerror)) from None
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


def entry_fields(path: str) -> tuple[tuple[int, int, int, int, int] | None, bool]:
    """The identity of the file at `path` now, as its fields (fields_of; None if there is
    no file), and whether `path` is itself a symbolic link: one lstat for a file that is
    not one (most are not)."""
    try:
        info = os.lstat(path)
        link = stat.S_ISLNK(info.st_mode)
        return fields_of(os.stat(path) if link else info), link
    except (OSError, ValueError):
        return None, False


def real_folder(folder: str) -> str:
    """The folder through its links: where real_path puts a file of it that is no link."""
    return _real_folder(folder)


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
        raise SessionError(_("{path} is read-only: nothing was changed (chmod u+w to allow "
                             "changes)").format(path=quoted(path)))


def hidden_beside(path: str, suffix: str) -> str:
    """The hidden file `.NAME<suffix>` beside `path` (its lock, its cache)."""
    folder, name = os.path.split(path)
    return os.path.join(folder, f"{'' if name.startswith('.') else '.'}{name}{suffix}")


def write_atomic(path: str, data: bytes, durable: bool = True, mode: int | None = None
                 ) -> None:
    """Replace `path` (a real path, not a link) with `data` atomically. `durable` False
    skips the fsyncs (for a cache, which is checked when read). `mode`: the new file's
    permissions (by default those of the file it replaces, or as the umask makes them)."""
    folder = os.path.dirname(path)
    tmp = hidden_beside(path, f".{os.getpid()}-{os.urandom(4).hex()}.tmp")
    try:
        _write_temp(tmp, data, path, durable, mode)
        pause("written")
        os.replace(tmp, path)
    except OSError as error:
        _unlink(tmp)
        raise SessionError(_("cannot save {path}: {reason}").format(
            path=quoted(path), reason=error.strerror or error)) from None
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


def tidy_temporaries(path: str) -> None:
    """Remove what saves of `path` killed half-way left (their temporary files). The
    caller holds the lock of `path`: no save of it is under way."""
    folder, name = os.path.split(path)
    prefix = hidden_beside(name, ".")
    try:
        with os.scandir(folder or ".") as entries:
            left = [entry.path for entry in entries
                    if entry.name.startswith(prefix) and _is_temporary(entry.name[len(prefix):])]
    except OSError:
        return
    for stray in left:
        _unlink(stray)


def _is_temporary(rest: str) -> bool:
    """Whether `rest` is PID-RANDOM.tmp, as write_atomic names a temporary file (or tmp,
    the one name that versions before 0.2 wrote to)."""
    if rest == "tmp":
        return True
    pid, dash, random = rest.removesuffix(".tmp").partition("-")
    return (rest.endswith(".tmp") and bool(dash) and pid.isdigit() and len(random) == 8
            and all(c in "0123456789abcdef" for c in random))


def mode_of(path: str) -> int:
    """The permissions of the file at `path` (a copy of it, or what is made from it, is no
    more readable than it); those the umask makes if there is none."""
    try:
        return os.stat(path).st_mode & 0o777
    except OSError:
        return 0o666 & ~_umask()


def _write_temp(tmp: str, data: bytes, path: str, durable: bool, mode: int | None) -> None:
    wanted = mode_of(path) if mode is None else mode
    flags = (os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
             | getattr(os, "O_NOFOLLOW", 0))
    fd = os.open(tmp, flags, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
        f.flush()
        if durable:
            os.fsync(f.fileno())
    os.chmod(tmp, wanted)


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
    """Hold the lock of `path` (a hidden file beside it, and the file itself while it
    exists) so read-change-writes never overlap; yields True. `on_locked` is called once
    the lock is taken: from then on a change may be made. With `wait` False, yields False
    at once if another holds it."""
    if wait:
        pause("waiting")
    with _held(hidden_beside(path, ".lock"), wait, create=True) as mine:
        if not mine:
            yield False
            return
        with _held(path, wait, create=False) as also:
            if not also:
                yield False
                return
            if on_locked is not None:
                on_locked()
            pause("locked")
            yield True


#: How many times a lock is taken again when the file it was taken on was deleted or
#: replaced meanwhile (each time, by another writer that then finished).
RETRIES = 1000


@contextmanager
def _held(path: str, wait: bool, create: bool) -> Iterator[bool]:
    """The lock on the file at `path` (made if `create`), checked to be the file still at
    that name once taken, else taken again. A file that is not there and not to be made
    (a session not yet written) needs no lock of its own: yields True."""
    if not create and sys.platform == "win32":
        yield True  # an open file cannot be replaced there: the lock file does it all
        return
    for _attempt in range(RETRIES):
        fd = _open_lock(path, create)
        if fd is None:
            yield True
            return
        try:
            if not _take(fd, wait):
                yield False
                return
            if _still_there(fd, path):
                try:
                    yield True
                finally:
                    _release(fd)
                return
            _release(fd)
        finally:
            os.close(fd)
    raise SessionError(_("cannot lock {path}: it is deleted or replaced as fast as it is "
                         "locked").format(path=quoted(path)))


def _open_lock(path: str, create: bool) -> int | None:
    flags = (os.O_RDWR if create else os.O_RDONLY) | getattr(os, "O_NOFOLLOW", 0) | \
        getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags | (os.O_CREAT if create else 0), 0o666)
    except FileNotFoundError:
        if create:
            raise SessionError(_("cannot lock {path}: its folder is gone").format(
                path=quoted(path))) from None
        return None
    except OSError as error:
        if os.path.islink(path):
            raise SessionError(_("{path} is a link: a lock is not followed out of its "
                                 "folder; remove it").format(path=quoted(path))) from None
        if not create:
            return None  # the session cannot be opened: reading it says why
        raise SessionError(_("cannot lock {path}: {reason}").format(
            path=quoted(path), reason=error.strerror or error)) from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        if not create:
            return None
        raise SessionError(_("cannot lock {path}: it is not a file").format(path=quoted(path)))
    return fd


def _still_there(fd: int, path: str) -> bool:
    """Whether the file `fd` is open on is still the one at `path` (not deleted, not
    replaced by another since it was opened)."""
    try:
        there = os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    held = os.fstat(fd)
    return (there.st_dev, there.st_ino) == (held.st_dev, held.st_ino)


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
