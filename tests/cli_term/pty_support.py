"""Drive ``ludoteca`` through a pseudo-terminal of a given size and read what a person sees,
with the ``pyte`` terminal emulator."""

from __future__ import annotations

import fcntl
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Sequence

import pyte


def _take_terminal() -> None:
    """In the child (a new session): make the pseudo-terminal its controlling terminal, so
    that Ctrl-C there interrupts it as at a real terminal."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """``ludoteca ARGS`` in a ``cols``×``rows`` pseudo-terminal; ``raw`` keeps every byte."""

    def __init__(self, args: Sequence[str], cols: int = 80, rows: int = 24,
                 cwd: str | None = None) -> None:
        self.cols, self.rows = cols, rows
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        env.update(TERM="xterm-256color", PYTHONUNBUFFERED="1", NO_COLOR="1")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "ludoteca.cli", *args], stdin=slave, stdout=slave,
            stderr=slave, cwd=cwd, env=env, start_new_session=True, close_fds=True,
            preexec_fn=_take_terminal)
        os.close(slave)
        self.master = master
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = b""

    def pump(self, timeout: float = 0.05) -> bool:
        """Read what is there (waiting up to ``timeout``); False at the end of the output."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return True
        try:
            data = os.read(self.master, 65536)
        except OSError:
            return False
        if not data:
            return False
        self.raw += data
        self.stream.feed(data)
        return True

    def wait_for(self, text: str, timeout: float = 10.0) -> float:
        """Wait until ``text`` is on the screen; the seconds it took."""
        start = time.monotonic()
        while text not in self.text():
            if time.monotonic() - start > timeout or not self.pump(0.05):
                if text in self.text():
                    break
                raise AssertionError(f"{text!r} not on the screen after {timeout} s:\n"
                                     + self.text())
        return time.monotonic() - start

    def settle(self, quiet: float = 0.3, timeout: float = 10.0) -> None:
        """Read until nothing arrives for ``quiet`` seconds."""
        end = time.monotonic() + timeout
        last = time.monotonic()
        while time.monotonic() < end:
            size = len(self.raw)
            if not self.pump(0.05):
                return
            if len(self.raw) != size:
                last = time.monotonic()
            elif time.monotonic() - last > quiet:
                return

    def interrupt(self) -> None:
        """Ctrl-C, typed at the terminal."""
        os.write(self.master, b"\x03")

    def send(self, line: str) -> None:
        os.write(self.master, (line + "\r").encode())

    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.screen.display]

    def text(self) -> str:
        return "\n".join(self.lines())

    def cursor_row(self) -> int:
        return self.screen.cursor.y

    def close(self) -> int | None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            code = self.proc.wait(5)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            code = self.proc.wait(5)
        os.close(self.master)
        return code

    def finish(self, timeout: float = 10.0) -> int:
        """Wait for the program to end; its exit code."""
        end = time.monotonic() + timeout
        while time.monotonic() < end and self.pump(0.05):
            if self.proc.poll() is not None:
                while self.pump(0.05):
                    pass
                break
        code = self.proc.wait(max(0.1, end - time.monotonic()))
        os.close(self.master)
        return code

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.proc.poll() is None or self.master:
            try:
                self.close()
            except OSError:
                pass
