#!/usr/bin/env python3
"""The engine's bench in WebAssembly inside headless Chromium, beside the
native `songo bench`, alternating: for each of RUNS rounds, one page load
that runs the bench three times in the page (the first run includes the
wasm tiers warming up), then one native bench. Prints every line, so the
ratio is read from runs made side by side on the same machine.

Needs the web build of the engine (`scripts/wasm-engine-build.sh OUT`,
which writes OUT/web), Chromium and chromedriver (Debian's chromium and
chromium-driver). Serves OUT/web and a small page on 127.0.0.1 only; the
WebDriver session is spoken over plain HTTP (no client library).

Usage: scripts/wasm_bench_browser.py OUT/web NATIVE_SONGO [RUNS]
"""
import functools
import http.server
import json
import pathlib
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

PAGE = """<!doctype html><meta charset="utf-8"><pre id="out">running</pre>
<script type="module">
import init, { SongoEngine } from './songo_wasm.js';
await init();
const engine = new SongoEngine(() => {});
const runs = [];
for (let i = 0; i < 3; i++) runs.push(engine.bench());
document.getElementById('out').textContent = 'DONE ' + runs.join(' | ');
</script>
"""
CHROME_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
               "--no-first-run", "--disable-background-networking",
               "--disable-component-update", "--disable-sync"]
DRIVER_PORT = 9517
# The bench takes about a second a run; a page that has not finished in
# a minute is broken.
PAGE_TIMEOUT_S = 60


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(directory):
    """Serves `directory` on a free loopback port; returns the port."""
    handler = functools.partial(QuietHandler, directory=directory)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server.server_address[1]


def webdriver(method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(f"http://127.0.0.1:{DRIVER_PORT}{path}", method=method,
                                 data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())["value"]


def page_bench(url):
    caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {
        "binary": "/usr/bin/chromium", "args": CHROME_ARGS}}}}
    sid = webdriver("POST", "/session", caps)["sessionId"]
    try:
        webdriver("POST", f"/session/{sid}/url", {"url": url})
        until = time.monotonic() + PAGE_TIMEOUT_S
        while time.monotonic() < until:
            text = webdriver("POST", f"/session/{sid}/execute/sync", {
                "script": "return document.getElementById('out').textContent", "args": []})
            if text.startswith("DONE "):
                return text[5:]
            time.sleep(0.25)
        raise SystemExit("the page's bench did not finish")
    finally:
        webdriver("DELETE", f"/session/{sid}")


def main():
    web, native = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    site = tempfile.mkdtemp(prefix="songo-wasm-bench-")
    for f in pathlib.Path(web).iterdir():
        (pathlib.Path(site) / f.name).write_bytes(f.read_bytes())
    (pathlib.Path(site) / "index.html").write_text(PAGE)
    url = f"http://127.0.0.1:{serve(site)}/index.html"
    driver = subprocess.Popen(["chromedriver", f"--port={DRIVER_PORT}"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(1)
        for _ in range(runs):
            print("page:  ", page_bench(url), flush=True)
            out = subprocess.run([native, "bench"], capture_output=True, text=True, check=True)
            print("native:", out.stdout.strip(), flush=True)
    finally:
        driver.kill()


if __name__ == "__main__":
    main()
