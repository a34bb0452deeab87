"""The key that signs what scorekeeper keeps beside a session (its cached standing, the
folder's book cache), so that a derived file is trusted only if this user's scorekeeper
wrote it.

Anyone who can write a session's folder can write a file beside it, and a digest of the
session's bytes is no proof: anyone can compute it. A cache is therefore used only if it
carries a keyed digest (blake2b with a key, an HMAC) made with a secret that lives in the
user's own state folder (`$XDG_STATE_HOME/scorekeeper/cache-key`, else
`~/.local/state/scorekeeper/cache-key`; platformdirs' user_state_dir elsewhere), readable by
the user alone. A cache planted by another user, synced from another machine or crafted by
hand is ignored, and the session is read in full: the cache only ever saves time.

Without a key that can be read or made (no home, a read-only one, a key file that is a link,
not the user's or readable by others) nothing is signed: caches are neither used nor
written, and every command reads the session in full.

On Linux and the BSDs the folder is worked out here, as platformdirs does it: importing
platformdirs costs 23M instructions (11% of the floor of starting Python, valgrind), which a
deal would pay every time.
"""

from __future__ import annotations

import functools
import os
import stat
import sys
from contextlib import suppress

KEY_FILE = "cache-key"
KEY_SIZE = 32
TAG_SIZE = 32


def state_folder() -> str:
    """The user's state folder for scorekeeper (platformdirs.user_state_dir)."""
    if sys.platform == "darwin" or sys.platform == "win32":
        import platformdirs

        return platformdirs.user_state_dir("scorekeeper", appauthor=False)
    base = os.environ.get("XDG_STATE_HOME", "")
    if not base.strip():
        base = os.path.expanduser("~/.local/state")
    return os.path.join(base, "scorekeeper")


@functools.cache
def key() -> bytes | None:
    """This user's signing key, made the first time it is needed; None if there can be
    none (then nothing is signed and no cache is trusted)."""
    folder = state_folder()
    path = os.path.join(folder, KEY_FILE)
    try:
        return _read_key(path)
    except FileNotFoundError:
        pass
    except OSError:
        return None
    try:
        return _make_key(folder, path)
    except OSError:
        return None


def _read_key(path: str) -> bytes | None:
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size != KEY_SIZE:
            return None
        if hasattr(os, "getuid") and (info.st_uid != os.getuid() or info.st_mode & 0o077):
            return None  # another's, or readable by others: not a secret
        secret = os.read(fd, KEY_SIZE + 1)
    finally:
        os.close(fd)
    return secret if len(secret) == KEY_SIZE else None


def _make_key(folder: str, path: str) -> bytes | None:
    """A new key, put in place whole (linked from a file of this process's), or the one
    another process put there first."""
    os.makedirs(folder, mode=0o700, exist_ok=True)
    temporary = f"{path}.{os.getpid()}.tmp"
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL
                 | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(os.urandom(KEY_SIZE))
            file.flush()
            os.fsync(file.fileno())
        with suppress(FileExistsError):  # another process made it first: theirs is the key
            os.link(temporary, path)
    finally:
        os.unlink(temporary)
    return _read_key(path)


def tag(data: bytes) -> bytes | None:
    """The keyed digest of `data`; None if there is no key."""
    secret = key()
    if secret is None:
        return None
    return _blake2b(data, secret)


def sealed(data: bytes) -> bytes | None:
    """`data` with its keyed digest in front; None if there is no key (keep nothing)."""
    made = tag(data)
    return None if made is None else made + data


def opened(kept: bytes) -> bytes | None:
    """What `sealed` sealed, if its digest is this user's key's; None otherwise."""
    made = tag(kept[TAG_SIZE:])
    if made is None or len(kept) < TAG_SIZE:
        return None
    return kept[TAG_SIZE:] if _same(made, kept[:TAG_SIZE]) else None


#: The mode of what is kept sealed beside a file (a cache): the user's alone (it is signed
#: with the user's key, and no one else's scorekeeper would use it).
PRIVATE = 0o600
#: A cache holds no deals, only their sums: far less than this (Bridge: a line a rubber).
MAX_SIZE = 64 * 1024 * 1024


def digest(raw: bytes) -> bytes:
    """A digest of a file's bytes (not keyed), to know a cache was made from them."""
    try:
        from _blake2 import blake2b  # hashlib itself loads OpenSSL: 15 ms at every deal
    except ImportError:  # pragma: no cover - a Python without the module
        from hashlib import blake2b
    return blake2b(raw, digest_size=20).digest()


def read_kept(path: str) -> bytes:
    """The bytes of the regular file `path` (a cache), if it is not too large; a link, a
    FIFO or a device is not read (nor waited on)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_SIZE:
            raise ValueError("not a cache")
        chunks = []
        while chunk := os.read(fd, max(info.st_size, 1 << 16)):
            chunks.append(chunk)
            if sum(map(len, chunks)) > MAX_SIZE:
                raise ValueError("not a cache")
        return b"".join(chunks)
    finally:
        os.close(fd)


def _blake2b(data: bytes, secret: bytes) -> bytes:
    try:
        from _blake2 import blake2b  # hashlib itself loads OpenSSL: 15 ms at every deal
    except ImportError:  # pragma: no cover - a Python without the module
        from hashlib import blake2b
    return blake2b(data, key=secret, digest_size=TAG_SIZE).digest()


def _same(a: bytes, b: bytes) -> bool:
    """hmac.compare_digest (in time that does not depend on where they differ), without
    importing hmac, which loads OpenSSL."""
    from _operator import _compare_digest  # what hmac.compare_digest is, in CPython

    return _compare_digest(a, b)
