"""The prompt: lines, end of input, bad bytes, and a Ctrl-C that is never lost."""

from __future__ import annotations

import contextlib
import os
import select
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from standpat.cli.prompt import Quit, ask, quit_on_interrupt, quit_requested

pytestmark = pytest.mark.skipif(
    os.name != "posix" or threading.current_thread() is not threading.main_thread(),
    reason="signals and select on pipes: POSIX, main thread",
)


@pytest.fixture
def typed(monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    """Standard input is a pipe; yields its writing end."""
    read_end, write_end = os.pipe()
    stdin = os.fdopen(read_end, "r", encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stdin)
    yield write_end
    stdin.close()
    with contextlib.suppress(OSError):  # closed already by a test
        os.close(write_end)


def test_lines_then_end_of_input(typed: int, capsys: pytest.CaptureFixture[str]) -> None:
    os.write(typed, b"c\r\nd 1 3\n\xff\nraise to 8\nquit")
    os.close(typed)
    assert [ask("> ") for _ in range(5)] == ["c", "d 1 3", "?unreadable", "raise to 8", "quit"]
    with pytest.raises(Quit):
        ask("> ")
    assert capsys.readouterr().out == "> " * 6


def on_wait(monkeypatch: pytest.MonkeyPatch, before: Callable[[int], object]) -> list[int]:
    """Call ``before(n)`` as the prompt's n-th wait starts; returns what each wait found ready."""
    real = select.select
    found: list[int] = []

    def wait(rlist: Any, wlist: Any, xlist: Any, *rest: Any) -> Any:
        before(len(found))
        result = real(rlist, wlist, xlist, 5.0)
        found.append(len(result[0]))
        assert result[0], "select waited 5 s for nothing"
        return result

    monkeypatch.setattr(select, "select", wait)  # the module prompt waits with
    return found


def test_a_line_arriving_in_pieces(typed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    pieces = [b"ra", b"ise ", b"to 8\n"]
    found = on_wait(monkeypatch, lambda n: os.write(typed, pieces[n]))
    assert ask("> ") == "raise to 8"
    assert found == [1, 1, 1]


def test_ctrl_c_at_the_prompt_quits(typed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    main = threading.main_thread().ident
    assert main is not None
    kill = threading.Timer(0.05, signal.pthread_kill, (main, signal.SIGINT))
    on_wait(monkeypatch, lambda n: kill.start())
    with pytest.raises(Quit):
        ask("> ")  # Python's own handler: KeyboardInterrupt in the wait
    kill.join()


def test_ctrl_c_inside_a_sitting_asks_to_quit_and_a_second_one_stops(typed: int) -> None:
    with quit_on_interrupt():
        signal.raise_signal(signal.SIGINT)  # while the bots play: no exception, a request
        assert quit_requested()
        os.write(typed, b"c\n")
        with pytest.raises(Quit):
            ask("> ")  # the next prompt quits without reading
        with pytest.raises(KeyboardInterrupt):
            signal.raise_signal(signal.SIGINT)
    assert not quit_requested()
    assert ask("> ") == "c"  # outside the sitting, the line is still there


def test_a_ctrl_c_landing_just_before_the_wait_is_not_lost(
    typed: int, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The race ``input()`` loses: the signal comes after its handler's last check, before the
    blocking call. Here it is delivered at the entry of ``select``; the wake-up pipe must make
    ``select`` return at once (with nothing typed), not wait for a line."""
    found = on_wait(monkeypatch, lambda n: signal.raise_signal(signal.SIGINT))
    with quit_on_interrupt(), pytest.raises(Quit):
        ask("> ")
    assert found == [1]  # the wake-up pipe, at once
