// The JSON the page and the room exchange (docs/gui.md's two tables of
// messages; songo-room's messages.rs and view.rs), as JSDoc types for the
// type check. Types only: the modules name them in their JSDoc
// (`import("../room.js").View`), which loads nothing, so the browser never
// fetches this file; it is served with the others because the files
// served are the files written.

export {};

// --- what the room says to a person ------------------------------------

/**
 * A text for a person as meaning (songo-room's `Say`): a catalogue id and
 * its arguments, worded by i18n.js.
 * @typedef {{id: string} & Record<string, any>} Say
 */

/** @typedef {"south" | "north"} Side */

// --- what the room sends -----------------------------------------------

/**
 * A move's path, for the animation (sowing.rs).
 * @typedef {object} Sowing
 * @property {string} pit
 * @property {string} before the position string before the move
 * @property {number[]} pits the counts before it, A–G then a–g
 * @property {number[]} path pit indices 0–13, one per seed sown
 * @property {boolean} store the last seed went to the store
 * @property {string[]} captured
 * @property {number} gained
 * @property {Say} summary
 */

/**
 * @typedef {object} ResultView
 * @property {string} score `1-0`, `0-1`, `1/2-1/2`
 * @property {Say} reason
 * @property {[number, number]} scores South's, North's
 * @property {Side | null} winner
 * @property {boolean} on_time
 * @property {boolean} resigned
 */

/**
 * @typedef {object} TimeControl
 * @property {number} base_ms
 * @property {number} inc_ms
 */

/**
 * @typedef {object} ClockView
 * @property {TimeControl} tc
 * @property {string} label `5+3`
 * @property {[number, number]} left_ms South's, North's, as the room made the message
 * @property {Side | null} running
 */

/**
 * A score as a person reads it (score.rs).
 * @typedef {object} ScoreView
 * @property {string} text
 * @property {Say} say
 * @property {number | null} cp
 * @property {number | null} mate
 * @property {string} bound `exact`, `lower`, `upper`
 * @property {number} south centiseeds from South's side
 * @property {string} south_text
 * @property {Say} south_say
 * @property {[number, number, number]} wdl per mille
 */

/**
 * @typedef {object} HintView
 * @property {number} ply
 * @property {"thinking" | "ready" | "failed"} state
 * @property {string | null} pit
 * @property {ScoreView | null} score
 * @property {number | null} depth
 * @property {string[]} pv
 */

/** @typedef {{level: number, elo: number}} LevelView */

/** @typedef {"your-move" | "thinking" | "over"} PlayStateName */
/** @typedef {"ready" | "thinking" | "reviewing" | "failed"} EngineStatus */

/**
 * The game played (`{"type":"state", …}`).
 * @typedef {object} View
 * @property {"state"} type
 * @property {number} game_id
 * @property {string} variant
 * @property {string[]} variants
 * @property {"south" | "north" | "both"} human
 * @property {[string, string] | null} names
 * @property {number[]} hinted
 * @property {number} level
 * @property {LevelView[]} levels
 * @property {ClockView | null} clock
 * @property {number} think_ms
 * @property {number} engine
 * @property {string[]} engines
 * @property {string} start
 * @property {string} position
 * @property {number[]} pits
 * @property {[number, number]} captured
 * @property {Side} to_move
 * @property {PlayStateName} state
 * @property {string[]} legal
 * @property {Record<string, Say>} why
 * @property {string[]} moves
 * @property {string | null} last
 * @property {Sowing | null} sowing
 * @property {ResultView | null} result
 * @property {EngineStatus} engine_status
 * @property {Say | null} engine_message
 * @property {HintView | null} hint
 */

/**
 * The engine's output line, read (`info`).
 * @typedef {object} LineInfo
 * @property {number} [depth]
 * @property {boolean} forced
 * @property {string} [score]
 * @property {Say} [say]
 * @property {string} bound
 * @property {string[]} pv
 */

/** @typedef {{type: "engine-line", line: string, info?: LineInfo}} EngineLineMessage */
/** @typedef {{type: "illegal", pit: string, why: Say}} IllegalMessage */
/** @typedef {"analysis" | "set-up" | "record" | "review" | "games" | "lessons" | "puzzles" | "mistakes"} Topic */
/** @typedef {{type: "error", message: Say, topic?: Topic}} ErrorMessage */

/**
 * One of the engine's lines on the analysis board.
 * @typedef {object} LineView
 * @property {number} multipv
 * @property {number | null} depth
 * @property {number | null} seldepth
 * @property {ScoreView | null} score
 * @property {string[]} pv
 * @property {number | null} nodes
 * @property {number | null} nps
 * @property {boolean} forced
 */

/**
 * @typedef {object} RecordGameView
 * @property {number} index
 * @property {string} south
 * @property {string} north
 * @property {[Say, Say]} players
 * @property {string} result
 * @property {number} plies
 */

/**
 * Where the analysis board's game comes from.
 * @typedef {object} OriginView
 * @property {"start" | "play" | "set-up" | "record" | "games"} kind
 * @property {string} [name]
 * @property {string} [south]
 * @property {string} [north]
 * @property {[Say, Say]} [players]
 * @property {number} [game]
 * @property {RecordGameView[]} games
 * @property {boolean} modified
 */

/** @typedef {"win" | "draw" | "loss"} TbResult */

/**
 * @typedef {object} TbView
 * @property {Say | null} verdict
 * @property {TbResult | null} worst
 * @property {TbResult | null} best
 * @property {Say | null} note
 * @property {{pit: string, worst: TbResult | null, best: TbResult | null}[]} moves
 */

/**
 * @typedef {object} BookMoveView
 * @property {string} pit
 * @property {string} label `1. C`
 * @property {number} score centiseeds for the side to move
 * @property {string} score_text
 * @property {Say} score_say
 * @property {number} depth
 * @property {number} visits
 */

/** @typedef {{positions: number, moves: BookMoveView[]}} BookView */

/**
 * The analysis board (`{"type":"analysis", …}`).
 * @typedef {object} AnalysisView
 * @property {"analysis"} type
 * @property {number} id
 * @property {string} variant
 * @property {string} start
 * @property {string[]} moves
 * @property {number} ply
 * @property {string} position
 * @property {number[]} pits
 * @property {[number, number]} captured
 * @property {Side} to_move
 * @property {string[]} legal
 * @property {string | null} last
 * @property {ResultView | null} result
 * @property {OriginView} origin
 * @property {boolean} running
 * @property {number} lines_wanted
 * @property {string} engine
 * @property {EngineStatus} engine_status
 * @property {Say | null} engine_message
 * @property {LineView[]} lines
 * @property {TbView | null} tablebase
 * @property {BookView} book
 */

/** @typedef {{type: "analysis-lines", id: number, lines: LineView[]}} AnalysisLinesMessage */

/**
 * @typedef {object} ReviewedMove
 * @property {number} ply
 * @property {string} label
 * @property {Side} side
 * @property {string} played
 * @property {string | null} best
 * @property {number} before
 * @property {number} after
 * @property {number} loss
 * @property {string} judgement
 * @property {string[]} pv
 */

/**
 * The review (`{"type":"review", …}`).
 * @typedef {object} ReviewView
 * @property {"review"} type
 * @property {"none" | "running" | "done" | "failed" | "cancelled"} state
 * @property {Say | null} limit
 * @property {number} done
 * @property {number} total
 * @property {ReviewedMove[]} moves
 * @property {number[]} curve centiseeds from South's side, one per position
 * @property {[number, number, number]} thresholds
 * @property {Say | null} message
 */

/**
 * @typedef {object} FinishedView
 * @property {number} index
 * @property {string} id its archive id (its record's GameId tag)
 * @property {string} date `YYYY.MM.DD`
 * @property {string} variant
 * @property {string} south
 * @property {string} north
 * @property {[Say, Say]} players
 * @property {string} result
 * @property {Say} termination
 * @property {number} plies
 */

/** The list; `deleted`: the game deleted last (its index 0), while an
 *  undo can put it back.
 *  @typedef {{type: "games", games: FinishedView[], deleted: FinishedView | null}} GamesView */
/** @typedef {{type: "record", file_name: string, text: string}} RecordMessage */

/**
 * The answer to a `show-move` (the rules panel's diagrams).
 * @typedef {object} ShownMoveMessage
 * @property {"shown-move"} type
 * @property {string} tag
 * @property {Sowing} [sowing]
 * @property {string} [after]
 * @property {number[]} pits
 * @property {Say} [why]
 */

/**
 * Learn: one lesson of the list (view.rs's `LessonItem`).
 * @typedef {{id: string, title: string, done: boolean}} LessonItem
 */

/**
 * The lesson shown (view.rs's `LessonView`).
 * @typedef {object} LessonView
 * @property {string} id
 * @property {number} index its place in the list, from 1
 * @property {{title: string, task: string, wrong: string, done: string}} texts catalogue ids
 * @property {string} position
 * @property {number[]} pits
 * @property {[number, number]} captured
 * @property {Side} to_move
 * @property {string[]} legal the pits the rules allow
 * @property {"task" | "wrong" | "solved"} state
 * @property {string | null} tried the pit of the last answer
 * @property {Say | null} why a forbidden pit: the rules' reason
 * @property {Say | null} effect a legal wrong pit: what it would do
 * @property {Sowing | null} sowing solved: the move, for the animation
 * @property {string | null} after
 * @property {number[] | null} after_pits
 * @property {[number, number] | null} after_captured
 * @property {Say | null} end solved and the game over: how
 * @property {[number, number] | null} scores
 * @property {string | null} next the next lesson's id
 */

/**
 * Learn: a variant's lessons and the lesson shown.
 * @typedef {object} LessonsView
 * @property {"lessons"} type
 * @property {string} variant
 * @property {LessonItem[]} lessons
 * @property {number} solved
 * @property {LessonView} lesson
 */

/**
 * One move of a puzzle's line or an exercise (learn_view.rs's `PlyView`).
 * @typedef {object} PlyView
 * @property {string} pit
 * @property {Side} side
 * @property {Sowing} sowing
 * @property {string} after the position after it
 * @property {number[]} pits
 * @property {[number, number]} captured
 */

/**
 * The puzzle shown (learn_view.rs's `PuzzleView`).
 * @typedef {object} PuzzleView
 * @property {string} id
 * @property {string[]} themes
 * @property {number} difficulty 1 to 7
 * @property {number} rating the difficulty's rating
 * @property {Side} solver
 * @property {number} step the solver's moves found
 * @property {number} steps the solver's moves in the line
 * @property {string} position
 * @property {number[]} pits
 * @property {[number, number]} captured
 * @property {Side} to_move
 * @property {string[]} legal
 * @property {"task" | "wrong" | "solved" | "failed"} state
 * @property {boolean} clean no wrong move yet
 * @property {number} answers answers taken: a move names it
 * @property {string | null} tried the last wrong pit
 * @property {Say | null} why a forbidden pit: the rules' reason
 * @property {string | null} answer failed: the move wanted
 * @property {PlyView[]} just_played the moves the last answer played
 * @property {string | null} start over: the puzzle's position
 * @property {number[] | null} start_pits
 * @property {[number, number] | null} start_captured
 * @property {PlyView[]} line over: the whole line
 */

/**
 * Learn: the puzzle trainer (learn_view.rs's `PuzzlesView`).
 * @typedef {object} PuzzlesView
 * @property {"puzzles"} type
 * @property {string} variant
 * @property {string | null} theme
 * @property {number | null} difficulty
 * @property {{theme: string, count: number}[]} themes
 * @property {number[]} difficulties
 * @property {number} total
 * @property {number} played
 * @property {boolean} again
 * @property {number} rating
 * @property {number} deviation
 * @property {number | null} change
 * @property {number} streak
 * @property {PuzzleView} puzzle
 */

/**
 * The engine's verdict on an answer (learn_view.rs's `VerdictView`).
 * @typedef {{judgement: "good" | "inaccuracy" | "mistake" | "blunder", loss: number, best: string | null}} VerdictView
 */

/**
 * The exercise shown (learn_view.rs's `ExerciseView`).
 * @typedef {object} ExerciseView
 * @property {number} index from 1
 * @property {string} label
 * @property {Side} side
 * @property {string} position
 * @property {number[]} pits
 * @property {[number, number]} captured
 * @property {string[]} legal
 * @property {string} played
 * @property {"mistake" | "blunder"} judgement
 * @property {number} loss
 * @property {"task" | "judging" | "judged" | "refused"} state
 * @property {string | null} tried
 * @property {PlyView | null} answer
 * @property {VerdictView | null} verdict
 * @property {Say | null} why
 * @property {boolean} solved
 */

/**
 * Learn: the practice of the person's mistakes (learn_view.rs's `MistakesView`).
 * @typedef {object} MistakesView
 * @property {"mistakes"} type
 * @property {Say | null} limit
 * @property {{label: string, judgement: string, solved: boolean}[]} exercises
 * @property {number} solved
 * @property {ExerciseView | null} exercise
 */

/**
 * Everything the room sends a page.
 * @typedef {View | EngineLineMessage | IllegalMessage | ErrorMessage | AnalysisView
 *   | AnalysisLinesMessage | ReviewView | RecordMessage | GamesView | ShownMoveMessage
 *   | LessonsView | PuzzlesView | MistakesView | {type: "elsewhere"} | {type: "here"}} RoomMessage
 */

/**
 * The answer to a record file posted (`POST /api/record`).
 * @typedef {{ok: boolean, games: number, message?: Say}} RecordAnswer
 */

// --- what the page sends (built by each panel's messages.js) -------------

/** @typedef {{think_ms: number} | {tc: TimeControl}} Timing */

/**
 * @typedef {{type: "new-game", variant: string, side: string, level: number, engine: number,
 *   names?: [string, string]} & Timing} NewGameMessage
 */
/** @typedef {{type: "move", pit: string, ply: number, game: number}} MoveMessage */
/** @typedef {{type: "take-back", agreed?: true}} TakeBackMessage */
/** @typedef {{depth: number} | {movetime: number}} ReviewLimit */
/** @typedef {{type: "review", game: "play" | "analysis"} & ReviewLimit} ReviewMessage */
/** @typedef {{type: "set-up", variant: string, position: string}} SetUpMessage */
/** @typedef {{type: "analyse-game"}} AnalyseGameMessage */
/** @typedef {{type: "goto", ply: number}} GotoMessage */
/** @typedef {{type: "analysis-move", pit: string, ply: number, id: number}} AnalysisMoveMessage */
/** @typedef {{type: "analyse", on: boolean, lines?: number}} AnalyseMessage */
/** @typedef {{type: "play-from-here", level: number} & Timing} PlayFromHereMessage */
/** @typedef {{type: "load-game", index: number}} LoadGameMessage */
/** @typedef {{type: "save", game: "play" | "analysis"}} SaveMessage */
/** @typedef {{type: "open-game", index?: number, id?: string}} OpenGameMessage */
/** @typedef {{type: "delete-game", id: string}} DeleteGameMessage */
/** @typedef {{type: "show-move", variant: string, position: string, pit: string, tag: string}} ShowMoveMessage */
/** @typedef {{type: "lesson-open", variant: string, lesson?: string}} LessonOpenMessage */
/** @typedef {{type: "lesson-move", pit: string, lesson: string}} LessonMoveMessage */
/** @typedef {{type: "puzzle-next", variant: string, theme?: string, difficulty?: number}} PuzzleNextMessage */
/** @typedef {{type: "puzzle-move", pit: string, puzzle: string, step: number, answers: number}} PuzzleMoveMessage */
/** @typedef {{type: "mistake-open", index: number}} MistakeOpenMessage */
/** @typedef {{type: "mistake-move", pit: string, index: number}} MistakeMoveMessage */

/**
 * Everything a page sends the room.
 * @typedef {NewGameMessage | MoveMessage | TakeBackMessage | ReviewMessage | SetUpMessage
 *   | AnalyseGameMessage | GotoMessage | AnalysisMoveMessage | AnalyseMessage
 *   | PlayFromHereMessage | LoadGameMessage | SaveMessage | OpenGameMessage | ShowMoveMessage
 *   | DeleteGameMessage | LessonOpenMessage | LessonMoveMessage | PuzzleNextMessage
 *   | PuzzleMoveMessage | MistakeOpenMessage | MistakeMoveMessage
 *   | {type: "resign" | "restart-engine" | "state" | "hint" | "restart-analyst"
 *       | "cancel-review" | "export-games" | "undo-delete" | "claim" | "mistakes-start"}} PageMessage
 */
