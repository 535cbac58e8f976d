#!/usr/bin/env python3
"""Start-up of the static site: the time from the navigation to a playable
board (the board's data-state "your-move" and a pit enabled), measured in
headless Chromium at phone width, in fresh browser profiles:

    scripts/web-build.sh OUT_DIR
    python3 scripts/web_startup.py OUT_DIR [RUNS]

Each run is a new profile (an empty cache) that visits the page three
times: the first visit, then twice more (served by the service worker once
it controls the page). Needs chromium and chromedriver (Debian's); the
site is served by Python's own static server on 127.0.0.1. WebDriver is
spoken over plain HTTP (no client library)."""

import functools
import http.server
import json
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

# Resolves with performance.now() at the first frame where the board is
# playable: measured in the page, so the polling costs no precision.
WAIT = """const done = arguments[0];
const ready = () => { const b = document.querySelector('[data-testid=board]');
  return b && b.dataset.state === 'your-move'
    && document.querySelector('button[data-pit]:not([disabled])'); };
const check = () => ready() ? done(performance.now()) : requestAnimationFrame(check);
check();"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    site, runs = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 3
    handler = functools.partial(Quiet, directory=site)
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/index.html"
    port = free_port()
    driver = subprocess.Popen(["chromedriver", f"--port={port}"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def wd(method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method, data=data,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request) as r:
            return json.load(r)["value"]

    try:
        for _ in range(100):
            try:
                wd("GET", "/status")
                break
            except OSError:
                time.sleep(0.05)
        for run in range(runs):
            profile = tempfile.mkdtemp()
            args = ["--headless=new", "--no-sandbox", f"--user-data-dir={profile}",
                    "--window-size=390,844"]
            caps = {"alwaysMatch": {"goog:chromeOptions": {"binary": "/usr/bin/chromium", "args": args}}}
            session = wd("POST", "/session", {"capabilities": caps})["sessionId"]
            wd("POST", f"/session/{session}/timeouts", {"script": 30000})
            times = []
            for _ in range(3):
                wd("POST", f"/session/{session}/url", {"url": url})
                ms = wd("POST", f"/session/{session}/execute/async", {"script": WAIT, "args": []})
                controlled = wd("POST", f"/session/{session}/execute/sync",
                                {"script": "return !!navigator.serviceWorker.controller", "args": []})
                times.append(f"{ms:.0f} ms ({'service worker' if controlled else 'network'})")
            print(f"run {run + 1}: " + ", ".join(times))
            wd("DELETE", f"/session/{session}")
    finally:
        driver.kill()
        httpd.shutdown()


if __name__ == "__main__":
    main()
