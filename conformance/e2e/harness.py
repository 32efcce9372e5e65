"""Runs one command of the end-to-end suite beside a fresh capture server.

    python harness.py [--timeout SECONDS] -- COMMAND [ARG...]

Starts the capture server (capture.py) on a free port of 127.0.0.1, runs COMMAND with
E2E_CAPTURE_URL (the server's base URL) and E2E_ASSETS (the media files' directory) in its
environment, stops the server and exits with COMMAND's status. COMMAND is killed after
``--timeout`` seconds (default 600); the server stops by itself shortly after that too.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from capture import CaptureServer


def main(argv: list[str]) -> int:
    timeout = 600.0
    if argv[:1] == ["--timeout"]:
        timeout, argv = float(argv[1]), argv[2:]
    if argv[:1] != ["--"] or len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    server = CaptureServer(lifetime=timeout + 30)
    server.start()
    env = dict(os.environ, E2E_CAPTURE_URL=server.url, E2E_ASSETS=str(Path(__file__).parent / "assets"))
    try:
        return subprocess.run(argv[1:], env=env, timeout=timeout, check=False).returncode
    except subprocess.TimeoutExpired:
        print(f"harness: {argv[1]} ran longer than {timeout:.0f} s and was killed", file=sys.stderr)
        return 1
    finally:
        server.stop()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
