"""Reading the player's lines at a terminal prompt, shared by every ``standpat play`` runner.

:func:`ask` turns end of input and Ctrl-C into :class:`Quit`, so a runner
ends cleanly however the player leaves; :class:`InputError` is a line that
means nothing where it was typed (the runner prints it and asks again).

A Ctrl-C is never lost, whenever it comes.  ``input()`` notices a signal
only when it interrupts the read; one that lands after the prompt is written
and before the read starts (a few microseconds, but a busy machine can
stretch them) is noticed only after the next line, so the player pressed
Ctrl-C and nothing happened.  :func:`ask` instead waits with ``select`` on
the input and on a signal wake-up pipe, which the signal handler writes to
at the moment the signal arrives.

Inside :func:`quit_on_interrupt` (the runners' whole sitting) a first Ctrl-C
does not raise in the middle of a move: it asks to quit, and the prompt that
is waiting, or the next one, raises :class:`Quit`.  A second one raises
:class:`KeyboardInterrupt` at once.
"""

from __future__ import annotations

import os
import select
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from standpat.errors import StandpatError

__all__ = ["InputError", "Quit", "ask", "quit_on_interrupt", "quit_requested"]


class InputError(StandpatError, ValueError):
    """A command line the player typed that means nothing here."""


class Quit(Exception):  # noqa: N818 - a signal, not an error
    """The player typed ``quit`` (or closed the input, or pressed Ctrl-C)."""


class _Interrupts:
    """Whether the player pressed Ctrl-C inside :func:`quit_on_interrupt`."""

    requested = False

    @classmethod
    def handle(cls, signum: int, frame: FrameType | None) -> None:
        if cls.requested:
            raise KeyboardInterrupt
        cls.requested = True


def quit_requested() -> bool:
    """True once the player pressed Ctrl-C inside :func:`quit_on_interrupt`."""
    return _Interrupts.requested


@contextmanager
def quit_on_interrupt() -> Iterator[None]:
    """Inside, a first Ctrl-C asks to quit (see the module docstring); a second raises.

    Only the main thread receives signals: elsewhere this changes nothing.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _Interrupts.requested = False
    previous = signal.signal(signal.SIGINT, _Interrupts.handle)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        _Interrupts.requested = False


def ask(prompt: str) -> str:
    """One line from the player; raises :class:`Quit` on end of input or Ctrl-C.

    Bytes that are not text come back as a line no parser accepts, so the
    runner explains and asks again instead of crashing.
    """
    if _Interrupts.requested:
        raise Quit
    try:
        line = _read_line(prompt)
    except UnicodeDecodeError:
        return "?unreadable"
    except (EOFError, KeyboardInterrupt):
        raise Quit from None
    if line is None:  # Ctrl-C while waiting
        raise Quit
    return line


def _read_line(prompt: str) -> str | None:
    """Print ``prompt`` and read one line; None when a Ctrl-C asked to quit meanwhile."""
    reader = _stdin_reader()
    if reader is None:  # no file descriptor to wait on (a test's stdin, another OS)
        return input(prompt)
    sys.stdout.write(prompt)
    sys.stdout.flush()
    return reader.readline()


class _LineReader:
    """Lines from a file descriptor, waiting so that no signal is missed (see the module)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.pending = b""

    def readline(self) -> str | None:
        """The next line without its newline; EOFError at the end; None on a quit request."""
        while b"\n" not in self.pending:
            if not self._wait():
                return None
            chunk = os.read(self.fd, 4096)
            if not chunk:
                if not self.pending:
                    raise EOFError
                break
            self.pending += chunk
        line, _, self.pending = self.pending.partition(b"\n")
        encoding = sys.stdin.encoding if sys.stdin is not None else "utf-8"
        return line.decode(encoding or "utf-8").removesuffix("\r")

    def _wait(self) -> bool:
        """Block until the input is readable (True) or a Ctrl-C asks to quit (False).

        A Ctrl-C under Python's own handler raises KeyboardInterrupt from here.
        """
        wake_read, wake_write = os.pipe()
        os.set_blocking(wake_write, False)
        try:
            previous = signal.set_wakeup_fd(wake_write, warn_on_full_buffer=False)
        except ValueError:  # not the main thread, which alone gets signals
            os.close(wake_read)
            os.close(wake_write)
            return True
        try:
            while not _Interrupts.requested:
                readable, _, _ = select.select([self.fd, wake_read], [], [])
                if self.fd in readable:
                    return True
                os.read(wake_read, 64)  # a signal came; its handler has run or runs now
            return False
        finally:
            signal.set_wakeup_fd(previous)
            os.close(wake_read)
            os.close(wake_write)


class _Stdin:
    """The reader of the current ``sys.stdin`` (made again when a test or a caller replaces it)."""

    source: object = None
    reader: _LineReader | None = None


def _stdin_reader() -> _LineReader | None:
    """The reader of the process's standard input, or None where ``select`` cannot wait on it."""
    stdin = sys.stdin
    if os.name != "posix" or stdin is None:
        return None
    if _Stdin.source is not stdin or _Stdin.reader is None:
        try:
            fd = stdin.fileno()
        except (AttributeError, OSError, ValueError):
            return None
        _Stdin.source, _Stdin.reader = stdin, _LineReader(fd)
    return _Stdin.reader
