"""`clocktower serve` for the end-to-end tests: a subprocess on a free loopback port with its
own database, waited for until /api/health answers, stopped (terminate, then kill) after."""
from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`clocktower serve` on a free loopback port with its own database; stopped after."""

    def __init__(self, db: Path, log: Path, port: int | None = None):
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        exe = Path(sys.executable).with_name("clocktower")
        cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "clocktower"]
        self.out = open(log, "wb")
        self.proc = subprocess.Popen(
            [*cmd, "serve", "--host", "127.0.0.1", "--port", str(self.port), "--db", str(db)],
            stdout=self.out, stderr=subprocess.STDOUT, cwd=db.parent)
        deadline = time.monotonic() + 60
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"clocktower serve exited ({self.proc.returncode}): "
                                   + log.read_text(errors="replace")[-2000:])
            try:
                with urllib.request.urlopen(self.url + "/api/health", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("clocktower serve did not answer /api/health in 60 s: "
                                   + log.read_text(errors="replace")[-2000:])
            time.sleep(0.2)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.out.close()
