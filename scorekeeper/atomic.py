"""Reading and writing session files safely: bounded reads of regular files only, atomic
writes through symbolic links, read-only files refused, and one writer at a time.

A save writes a temporary file in the same folder, flushes and fsyncs it, and renames it
over the session (os.replace), then fsyncs the folder: a crash at any moment leaves the old
file or the new one, never a torn one.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress

from .errors import SessionError

#: No sitting comes near this (10,000 deals take under 1 MB); a larger file is refused
#: without being read to the end.
MAX_SIZE = 32 * 1024 * 1024
#: Called when a session's lock is taken: from then on a change may be made, and the command
#: line holds Ctrl-C until it has noted it (cli/options.held_interrupt).
lock_taken: Callable[[], None] | None = None


def read_file(path: str) -> bytes:
    """The bytes of a regular file of at most MAX_SIZE; a FIFO, a device or a folder is
    refused without waiting on it."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise SessionError(f"no session file {path!r}") from None
    except OSError as error:
        raise SessionError(f"cannot read {path!r}: {error.strerror}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise SessionError(f"{path!r} is a folder, not a session file")
        if not stat.S_ISREG(info.st_mode):
            raise SessionError(f"{path!r} is not a regular file")
        if info.st_size > MAX_SIZE:
            raise SessionError(f"{path!r} is {info.st_size:,} bytes: too large for a session "
                               f"(at most {MAX_SIZE:,})")
        chunks = []
        size = 0
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
            size += len(chunk)
            if size > MAX_SIZE:
                raise SessionError(f"{path!r} is too large for a session")
        return b"".join(chunks)
    except OSError as error:
        raise SessionError(f"cannot read {path!r}: {error.strerror}") from None
    finally:
        os.close(fd)


def real_path(path: str) -> str:
    """The file a session path names, through any symbolic links: a save replaces the
    target and leaves the link."""
    return os.path.realpath(path)


def check_writable(path: str) -> None:
    """Refuse a session file nobody may write (chmod a-w), even for root, who could."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return
    if not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise SessionError(f"{path!r} is read-only: nothing was changed (chmod u+w to allow "
                           "changes)")


def _temp_name(path: str) -> str:
    folder, name = os.path.split(path)
    return os.path.join(folder, f".{name}.{os.getpid()}.tmp")


def remove_stale_temps(path: str) -> None:
    """Remove what a killed save of `path` left behind (.NAME.toml.PID.tmp). Called under
    the lock, when no other save of the session can be under way."""
    folder, name = os.path.split(path)
    pattern = re.compile(rf"\.{re.escape(name)}\.[0-9]+\.tmp")
    try:
        names = os.listdir(folder or ".")
    except OSError:
        return
    for leftover in names:
        if pattern.fullmatch(leftover):
            _unlink(os.path.join(folder, leftover))


def write_atomic(path: str, data: bytes, durable: bool = True) -> None:
    """Replace `path` (a real path, not a link) with `data` atomically. `durable` False
    skips the fsyncs (for a cache, which is checked when read)."""
    folder = os.path.dirname(path)
    tmp = _temp_name(path)
    try:
        _write_temp(tmp, data, path, durable)
        os.replace(tmp, path)
    except OSError as error:
        _unlink(tmp)
        raise SessionError(f"cannot save {path!r}: {error.strerror or error}") from None
    except BaseException:
        _unlink(tmp)
        raise
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
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0), 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
        f.flush()
        if durable:
            os.fsync(f.fileno())
    os.chmod(tmp, mode)


def _taken() -> None:
    if lock_taken is not None:
        lock_taken()


def _unlink(path: str) -> None:
    with suppress(OSError):
        os.unlink(path)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextmanager
def locked(path: str) -> Iterator[None]:
    """Hold the session's lock (a hidden file beside it) so read-change-writes never
    overlap."""
    folder, name = os.path.split(path)
    lock_path = os.path.join(folder, f".{name}.lock")
    try:
        lock = open(lock_path, "a+b")  # noqa: SIM115 -- held for the with-block below
    except OSError as error:
        raise SessionError(f"cannot lock {path!r}: {error.strerror or error}") from None
    with lock:
        if sys.platform == "win32":
            import msvcrt

            lock.seek(0)
            msvcrt.locking(lock.fileno(), msvcrt.LK_LOCK, 1)
            _taken()
            try:
                yield
            finally:
                lock.seek(0)
                msvcrt.locking(lock.fileno(), msvcrt.LK_UNLCK, 1)
        else:
            import fcntl

            fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
            _taken()
            try:
                yield
            finally:
                fcntl.flock(lock.fileno(), fcntl.LOCK_UN)
