// songo for a web page (docs/npm.md): the engine in a worker, the rules,
// and the protocol's helpers. Nothing loads until it is asked for: the
// rules with loadRules(), an engine with startEngine().

export { startEngine } from "./engine.js";
export { loadRules } from "./rules.js";
export { MAX_DEPTH, VARIANTS, goCommand, parseBestMove, parseInfo, positionCommand } from "./protocol.js";
