// The room in the page, for the "worker" transport (transport.js): the
// games, the analysis board and the reviews, run in the page with the
// engine in Web Workers (engine.js), speaking the same JSON messages as
// `songo gui`'s server.
//
// Not written yet: the room's logic is to be compiled to WebAssembly (a
// `WebRoom` that takes the page's messages and emits the server's). Until
// then the static site shows its board without a game; its engine runs
// (`?bench`), and the page loads offline.
//
// The contract transport.js expects:
//
//   export async function openRoom({ onMessage })
//     → { send(message) → boolean,
//         loadRecord(bytes: Uint8Array, name, variant) → answer or Promise<answer> }
//
// (answer: {ok, games, message}, the body of songo gui's POST /api/record);
// it rejects with what to tell the person when the room cannot start.

export async function openRoom() {
  throw new Error("the in-page game is not built yet (only ?bench runs the engine)");
}
