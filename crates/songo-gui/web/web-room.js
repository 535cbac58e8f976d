// The room in the page, for the "worker" transport (transport.js): the
// games, the analysis board and the reviews of `songo gui`'s server, run
// here by songo-wasm's `WebRoom` (the same Rust room, compiled to
// WebAssembly), with each engine in a Web Worker (engine.js). It speaks
// the same JSON messages as the server, so the page cannot tell them apart.
//
// The room never waits: each call returns the messages for the page. The
// engines are this module's to run: WebRoom asks through the host below
// to start one, send it a line, interrupt its search or end it. A worker
// cannot read while it searches, so an interrupt replaces it with a fresh
// one, and the room greets that one again.
//
// What the person does survives a reload: after every change the room's
// state (the game, its settings, the analysis board) is kept in
// localStorage, and put back when the page opens. Saved data that cannot
// be read is set aside under another key, never thrown away.
//
// Finished games are not part of that state (issue 43: another tab's write
// of it would erase them): each is written once, when it ends, to an
// IndexedDB archive under its id, and read back when the page opens. A
// game stays in the saved state until its archive write has completed, so
// none is lost to a closed page, and for good when the browser has no
// IndexedDB (a private window may refuse it): then it is kept as before.
// A game the person deletes leaves the archive too (its undo writes it
// again). A write that fails (storage full or refused) is said in the
// games panel, as `songo gui` says it: an `error` of topic `games`, once per
// streak of failures.
//
// One tab plays (issue 43), as in `songo gui`: the one holding the Web
// Lock `songo-play`, taken when the page opens if no other tab holds it,
// and held for the tab's life. Another tab shows the notice `elsewhere`:
// its room neither writes the storage nor runs an engine, and the page's
// messages are answered `elsewhere`. It waits in the lock's queue (one
// request a tab), so when the playing tab closes, one waiting tab takes
// over by itself: its room built afresh from the storage (the saved
// state, then the archive). Its "play here instead" (`claim`) cancels
// that request and steals the lock; the other tab's request fails
// (AbortError), so it stops its engines, timers and writes, shows the
// notice and waits in the queue. A steal is a handover, so that nothing
// the other tab did between the steal and its stop is lost: the new tab
// asks on the BroadcastChannel `songo-play`, the old one stops (on the
// ask or the AbortError, whichever comes first) and answers with its
// room's saved state, and writes nothing after; the new tab builds from
// that text and writes it. An old tab that does not answer within
// HANDOVER_MS (frozen, or gone) leaves the storage to read, as before.
// Without Web Locks (an old browser) every tab plays, as before.
//
//   export async function openRoom({ onMessage })
//     → { send(message) → boolean,
//         loadRecord(bytes: Uint8Array, name, variant) → {ok, games, message} }

import init, { WebRoom } from "./songo_wasm.js";
import { startEngine } from "./engine.js";

/** Where the room's state is kept. */
export const STORE = "songo.room";
/** Where saved data that could not be restored is set aside. */
export const SET_ASIDE = "songo.room.unreadable";
/** The IndexedDB database of the finished games, and its object store:
 *  one `{id, text}` per game (the record's text), its key the id. */
export const ARCHIVE_DB = "songo";
export const ARCHIVE_STORE = "games";

/** A finished game as the room hands it to the archive.
 *  @typedef {{id: string, text: string}} ArchivedGame */

/**
 * @param {{onMessage: (message: import("./room.js").RoomMessage) => void}} handlers
 * @returns {Promise<import("./transport.js").PageRoom>}
 */
export async function openRoom({ onMessage }) {
  // Opened while the module loads; null when the browser refuses it.
  const archive = openArchive();
  await init();
  /** generation → the engine's handle (engine.js).
   *  @type {Map<number, ReturnType<typeof startEngine>>} */
  const engines = new Map();
  /** @type {WebRoom} */
  let room;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {string | null} */
  let kept = null;
  /** Whether the archive can be written: false once it cannot be opened;
   *  after a failed write, not tried again before this time (ms). */
  let archiving = true;
  let retryAt = 0;
  /** Whether this tab plays (holds the lock): false until it knows. */
  let playing = false;
  /** The failures already said, until the next success: `state-not-kept`,
   *  `archive-failed`. @type {Set<string>} */
  const failing = new Set();

  /** Says a failed write once per streak, in the games panel.
   *  @param {string} id @param {unknown} error */
  const fail = (id, error) => {
    if (failing.has(id)) return;
    failing.add(id);
    const detail = error instanceof Error ? error.message : String(error);
    onMessage({ type: "error", topic: "games", message: { id, detail } });
  };

  // Every message of the room, in order; then the state is kept and the
  // room's next deadline (a stalled engine) is set.
  /** @param {string[]} texts */
  const deliver = (texts) => {
    for (const text of texts) onMessage(JSON.parse(text));
    clearTimeout(timer);
    if (!playing) return;
    keep();
    const ms = room.deadlineMs();
    if (ms !== undefined) timer = setTimeout(() => deliver(room.wake()), Math.ceil(ms) + 1);
  };

  // Games that have just ended go to the archive first; the saved state
  // keeps them until their write has completed (then it is written again,
  // without them), or for good if it fails.
  const keep = () => {
    if (archiving && Date.now() >= retryAt) {
      const ended = room.takeUnarchived();
      if (ended !== "[]") toArchive(ended);
    } else if (!archiving) {
      // No IndexedDB: the games stay in the saved state, as said.
      const ended = room.takeUnarchived();
      if (ended !== "[]") {
        room.archiveFailed(ended);
        fail("archive-failed", "no IndexedDB in this browser");
      }
    }
    unarchive();
    write();
  };

  // The games the person deleted leave the archive, after any write of
  // them begun before (IndexedDB runs one store's writes in order).
  const unarchive = () => {
    const ids = room.takeDeleted();
    if (ids === "[]") return;
    const of = room;
    archive
      .then((db) => (db === null ? undefined : deleteGames(db, JSON.parse(ids))))
      .then(
        () => failing.delete("delete-failed"),
        (error) => {
          console.warn("songo: the deleted games stay in the archive:", error);
          if (room === of) room.deleteFailed(ids);
          fail("delete-failed", error);
        },
      );
  };

  const write = () => {
    if (!playing) return;
    const saved = room.saved();
    if (saved === kept) return;
    try {
      localStorage.setItem(STORE, saved);
      kept = saved;
      failing.delete("state-not-kept");
    } catch (error) {
      // Storage full or refused (a private window): the game goes on.
      fail("state-not-kept", error);
    }
  };

  /** @param {string} ended the games, as `takeUnarchived` gave them */
  const toArchive = (ended) => {
    const games = /** @type {ArchivedGame[]} */ (JSON.parse(ended));
    // The room these games are of (a claim builds another).
    const of = room;
    archive
      .then((db) => {
        if (db === null) throw new Error("no IndexedDB in this browser");
        return putGames(db, games);
      })
      .then(
        () => {
          failing.delete("archive-failed");
          if (room === of) room.archived(ended);
        },
        (error) => {
          console.warn("songo: the finished games stay in localStorage:", error);
          retryAt = Date.now() + RETRY_MS;
          if (room === of) room.archiveFailed(ended);
          fail("archive-failed", error);
        },
      )
      .then(() => {
        if (room === of) write();
      });
  };

  // The room's calls into this host happen inside a room call: nothing
  // here may call the room back at once (wasm-bindgen refuses re-entry),
  // so whatever the room must hear comes later, as an event.
  /** @param {number} generation */
  const launch = (generation) => {
    // A tab that does not play runs no engine (its room is built afresh
    // when it claims the game).
    if (!playing) return;
    const engine = startEngine({
      onLine: (line) => {
        if (engines.get(generation) === engine) deliver(room.engineLine(generation, line));
      },
      onError: () => {
        if (engines.get(generation) !== engine) return;
        engines.delete(generation);
        engine.terminate();
        deliver(room.engineClosed(generation));
      },
    });
    engines.set(generation, engine);
  };
  const host = {
    /** @param {number} generation */
    start(generation) {
      launch(generation);
    },
    /** @param {number} generation @param {string} line */
    send(generation, line) {
      engines.get(generation)?.send(line);
    },
    /** @param {number} generation */
    interrupt(generation) {
      engines.get(generation)?.terminate();
      launch(generation);
      setTimeout(() => {
        if (engines.has(generation)) deliver(room.engineRestarted(generation));
      });
    },
    /** @param {number} generation */
    end(generation) {
      engines.get(generation)?.terminate();
      engines.delete(generation);
    },
  };

  // A room built from `handed` (the state another tab handed over) or
  // else the storage: what the page shows first (the welcome, then the
  // saved state restored). Any room before it ends, with its engines.
  /** @param {string | null} [handed] */
  const build = (handed = null) => {
    clearTimeout(timer);
    for (const engine of engines.values()) engine.terminate();
    engines.clear();
    room?.free();
    room = new WebRoom(host);
    // For scripts and tests that play many games, as `songo gui --no-pause`.
    if (new URLSearchParams(location.search).has("no-pause")) room.setPause(false);
    const first = room.welcome();
    const saved = handed ?? storedState();
    // A handed state is not in the storage yet: the first keep writes it.
    kept = handed === null ? saved : null;
    /** @type {string[]} */
    let restored = [];
    if (saved !== null) {
      try {
        restored = room.restore(saved);
      } catch (error) {
        if (playing) setAside(saved);
        kept = null;
        restored = [
          JSON.stringify({
            type: "error",
            message: { id: "saved-set-aside", detail: String(/** @type {Error} */ (error).message) },
          }),
        ];
      }
    }
    return first.concat(restored);
  };

  // The archive's games join those restored (a game in both is listed
  // once: a migration, or a write whose end the page missed).
  const addArchive = () =>
    archive
      .then(async (db) => {
        if (db === null) {
          archiving = false;
          return;
        }
        const of = room;
        const texts = await readGames(db);
        if (texts.length > 0 && room === of) deliver(room.addArchived(texts));
      })
      .catch((error) => console.warn("songo: the archived games cannot be read:", error));

  // One playing tab (the top comment): the lock request this tab holds
  // (granted, not stolen), or null.
  /** @type {object | null} */
  let holding = null;
  /** Until when (performance.now()) this tab, stopped by a steal, owes
   *  the stealer its room's state (the handover): no longer than the
   *  stealer waits, so a later ask gets no stale answer from it. */
  let owedUntil = 0;
  /** While this tab waits in the lock's queue: what cancels the request.
   *  @type {AbortController | null} */
  let queued = null;
  // The handover's messages: `{ask}` from the tab that has just stolen
  // the lock, `{answer, saved}` from the tab it was stolen from.
  const channel = navigator.locks ? new BroadcastChannel(PLAY_LOCK) : null;

  /** Requests the lock (`ifAvailable`, `steal`, or queued with a `signal`),
   *  held until the tab closes or another tab steals it: the request's
   *  token once granted, null if not (a queued request settles when
   *  granted or cancelled).
   *  @param {LockOptions} options @returns {Promise<object | null>} */
  const lock = (options) =>
    new Promise((resolve) => {
      const request = {};
      navigator.locks
        .request(PLAY_LOCK, options, (held) => {
          if (held === null) {
            resolve(null);
            return undefined;
          }
          holding = request;
          resolve(request);
          // Held for as long as the tab lives.
          return new Promise(() => {});
        })
        .catch(() => {
          // Cancelled in the queue (this tab claims), or stolen
          // (AbortError): only a steal of the request held ends the play.
          resolve(null);
          if (holding === request) lost();
        });
    });

  // This tab no longer plays: another has stolen the lock. It stops its
  // engines, timers and writes before anything else, and waits in the
  // queue again, to take over when the new playing tab closes.
  const lost = () => {
    holding = null;
    if (playing) {
      playing = false;
      owedUntil = performance.now() + HANDOVER_MS;
      clearTimeout(timer);
      for (const engine of engines.values()) engine.terminate();
      engines.clear();
      onMessage({ type: "elsewhere" });
    }
    wait();
  };

  // Waits for the lock behind the tab that plays, at most one request a
  // tab: granted when that tab closes (or crashes), and this tab then
  // takes over by itself, as `songo gui`'s tabs do, from the storage:
  // the closed tab has nothing more to hand over.
  const wait = () => {
    if (queued) return;
    const controller = new AbortController();
    queued = controller;
    lock({ signal: controller.signal }).then((held) => {
      if (queued === controller) queued = null;
      if (held) play(null);
    });
  };

  // This tab plays: its room built afresh from `handed` (or the storage),
  // then shown.
  /** @param {string | null} handed */
  const play = (handed) => {
    queued?.abort();
    queued = null;
    owedUntil = 0;
    playing = true;
    const shown = build(handed);
    deliver([JSON.stringify({ type: "here" })].concat(shown));
    addArchive();
  };

  // Asks the tab the lock was just stolen from for its room's state: the
  // text it answers, or null after HANDOVER_MS (it is frozen or gone;
  // the storage then has what it wrote).
  /** @param {BroadcastChannel} channel @returns {Promise<string | null>} */
  const handover = (channel) =>
    new Promise((resolve) => {
      const ask = `${Date.now()}-${Math.random()}`;
      /** @param {MessageEvent} event */
      const hear = (event) => {
        if (event.data?.answer !== ask) return;
        done(typeof event.data.saved === "string" ? event.data.saved : null);
      };
      /** @param {string | null} saved */
      const done = (saved) => {
        clearTimeout(late);
        channel.removeEventListener("message", hear);
        resolve(saved);
      };
      const late = setTimeout(() => done(null), HANDOVER_MS);
      channel.addEventListener("message", hear);
      channel.postMessage({ ask });
    });

  // An ask comes from a tab that has just stolen the lock: if this tab
  // holds it still, its AbortError is yet to come, and it stops now. The
  // tab stolen from answers, once, with its room's state (the finished
  // games not yet archived too), and writes nothing after: it no longer
  // plays.
  channel?.addEventListener("message", (event) => {
    const ask = event.data?.ask;
    if (typeof ask !== "string") return;
    if (holding !== null) lost();
    if (performance.now() >= owedUntil) return;
    owedUntil = 0;
    channel.postMessage({ answer: ask, saved: room.saved() });
  });

  playing = navigator.locks ? (await lock({ ifAvailable: true })) !== null : true;
  const opening = build();
  // After the transport has opened: the page then shows what it gets.
  setTimeout(() => {
    deliver(playing ? opening : opening.concat([JSON.stringify({ type: "elsewhere" })]));
    addArchive();
    if (!playing) wait();
  });

  // "Play here instead": the lock stolen, the other tab's state handed
  // over, the room built afresh from it, then shown.
  const claim = async () => {
    if (playing) return onMessage({ type: "here" });
    // Holding without playing: a claim is under way.
    if (!channel || holding !== null) return;
    queued?.abort();
    queued = null;
    const held = await lock({ steal: true });
    if (!held) return;
    const handed = await handover(channel);
    // Unless a third tab has stolen the lock meanwhile.
    if (holding === held) play(handed);
  };

  return {
    send(message) {
      if (message.type === "claim") {
        setTimeout(claim);
        return true;
      }
      if (!playing) {
        // As `songo gui` answers a tab that does not play.
        setTimeout(() => onMessage({ type: "elsewhere" }));
        return true;
      }
      // Answered in a task of its own, as a server's answer comes: the
      // page's handlers expect the event that sent a message to finish
      // before its answer redraws the board (a click must not reach a pit
      // that its own move has just disabled). Tasks keep their order.
      const text = JSON.stringify(message);
      setTimeout(() => deliver(room.onPage(text)));
      return true;
    },
    loadRecord(bytes, name, variant, importing = false) {
      if (!playing) {
        onMessage({ type: "elsewhere" });
        return { ok: false, games: 0, message: { id: "elsewhere" } };
      }
      // Imported games join the finished games (and the archive, as
      // deliver keeps them); otherwise the first goes to the board.
      const read = importing ? room.importGames.bind(room) : room.upload.bind(room);
      const [answer, ...messages] = read(bytes, variant || undefined, name);
      deliver(messages);
      return JSON.parse(answer);
    },
  };
}

function storedState() {
  try {
    return localStorage.getItem(STORE);
  } catch {
    return null;
  }
}

/** @param {string} saved */
function setAside(saved) {
  try {
    localStorage.setItem(SET_ASIDE, saved);
    localStorage.removeItem(STORE);
  } catch {
    // Nothing more to do: the room starts fresh.
  }
}

/** The Web Lock that the playing tab holds. */
export const PLAY_LOCK = "songo-play";

/** How long a claiming tab waits for the other tab's state (ms): an
 *  answer takes a few; a tab frozen in the background or closed gives
 *  none, and the claiming tab then reads the storage. */
const HANDOVER_MS = 1000;

/** After a failed archive write, how long before the next try (ms). */
const RETRY_MS = 10_000;

/**
 * Opens the finished games' archive, making its store the first time.
 * @returns {Promise<IDBDatabase | null>} null when the browser has no
 *   IndexedDB or refuses it (a private window may)
 */
function openArchive() {
  return new Promise((resolve) => {
    try {
      const request = indexedDB.open(ARCHIVE_DB, 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore(ARCHIVE_STORE, { keyPath: "id" });
      };
      request.onsuccess = () => {
        const db = request.result;
        // A newer page in another tab upgrading the database: let it.
        db.onversionchange = () => db.close();
        resolve(db);
      };
      request.onerror = () => {
        console.warn("songo: no IndexedDB, finished games stay in localStorage:", request.error);
        resolve(null);
      };
    } catch (error) {
      console.warn("songo: no IndexedDB, finished games stay in localStorage:", error);
      resolve(null);
    }
  });
}

/**
 * Writes games into the archive, each under its id (the same game again
 * replaces itself: nothing is listed twice).
 * @param {IDBDatabase} db
 * @param {ArchivedGame[]} games
 * @returns {Promise<void>} resolved once the write has completed
 */
function putGames(db, games) {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(ARCHIVE_STORE, "readwrite", { durability: "strict" });
    const store = tx.objectStore(ARCHIVE_STORE);
    for (const game of games) store.put({ id: game.id, text: game.text });
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error("the archive write was aborted"));
  });
}

/**
 * Removes games from the archive (one not there is removed already).
 * @param {IDBDatabase} db
 * @param {string[]} ids
 * @returns {Promise<void>} resolved once the removal has completed
 */
function deleteGames(db, ids) {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(ARCHIVE_STORE, "readwrite", { durability: "strict" });
    const store = tx.objectStore(ARCHIVE_STORE);
    for (const id of ids) store.delete(id);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error("the archive removal was aborted"));
  });
}

/**
 * Every archived game's record text.
 * @param {IDBDatabase} db
 * @returns {Promise<string[]>}
 */
function readGames(db) {
  return new Promise((resolve, reject) => {
    const request = db.transaction(ARCHIVE_STORE, "readonly").objectStore(ARCHIVE_STORE).getAll();
    request.onsuccess = () =>
      resolve(
        request.result
          .map((/** @type {unknown} */ game) =>
            game !== null && typeof game === "object" && "text" in game ? game.text : null,
          )
          .filter((text) => typeof text === "string"),
      );
    request.onerror = () => reject(request.error);
  });
}
