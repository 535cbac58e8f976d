// What only the static site adds to the page (app.js loads it when the
// transport is "worker"): the service worker that keeps every file for
// offline use, and `index.html?bench`, the fixed bench in the page's engine.

import { startEngine } from "./engine.js";

// The service worker (sw.js, written by scripts/web-build.sh): after this
// first visit the page loads from its cache, with or without a network.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("./sw.js").catch((error) => {
    // Not fatal: the page plays on, but will not load offline.
    console.warn(`songo: no service worker (${error.message}); the page will not work offline`);
  });
}

// `?bench`: the engine's fixed bench (`songo bench`'s positions and depth),
// in an engine worker as the games use it. Its result goes to
// [data-testid=bench-result] in the native bench's last-line form
// `N nodes X nps`; `data-state` is `running`, `done` or `failed`, and
// `data-engine-ready` the milliseconds from the navigation to the engine
// loaded in its worker (docs/web.md's start-up times).
if (new URLSearchParams(location.search).has("bench")) {
  const out = document.createElement("span");
  out.dataset.testid = "bench-result";
  out.dataset.state = "running";
  out.textContent = "running…";
  const line = document.createElement("p");
  line.className = "bench";
  // A developer's readout, in the bench's own (English) words.
  line.lang = "en";
  line.append("Bench: ", out);
  // index.html's header: the page has it.
  /** @type {Element} */ (document.querySelector("header.top")).after(line);
  const engine = startEngine();
  engine.ready.then(
    () => {
      out.dataset.engineReady = String(Math.round(performance.now()));
    },
    () => {},
  );
  engine
    .bench()
    .then((result) => {
      out.textContent = result;
      out.dataset.state = "done";
    })
    .catch((error) => {
      out.textContent = error.message;
      out.dataset.state = "failed";
    })
    .finally(() => engine.terminate());
}
