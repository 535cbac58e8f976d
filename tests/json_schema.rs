//! The JSON that the `songo` command prints, pinned: `analyze --json` and
//! `review --json`, their keys in their order and the form of each value
//! (docs/json.md describes them), and the exact text of the objects that
//! do not depend on the search. A program reading this output relies on
//! all of it, so a change here is a change of the documented schema.

mod cli_support;
mod tb_support;

use std::fmt;

use cli_support::{songo, text};
use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use tb_support::TempDir;

/// The shape of a JSON value as text: `str`, `int`, `float`, `bool`,
/// `null`, `[S]` for an array whose items all have the shape S (`[]` when
/// empty, `[S1|S2]` when they differ), `{k:S,…}` with the keys in the order
/// of the text.
#[derive(Debug, PartialEq)]
struct Shape(String);

impl<'de> Deserialize<'de> for Shape {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Shape, D::Error> {
        d.deserialize_any(ShapeVisitor)
    }
}

struct ShapeVisitor;

impl<'de> Visitor<'de> for ShapeVisitor {
    type Value = Shape;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E>(self, _: bool) -> Result<Shape, E> {
        Ok(Shape("bool".into()))
    }
    fn visit_i64<E>(self, _: i64) -> Result<Shape, E> {
        Ok(Shape("int".into()))
    }
    fn visit_u64<E>(self, _: u64) -> Result<Shape, E> {
        Ok(Shape("int".into()))
    }
    fn visit_f64<E>(self, _: f64) -> Result<Shape, E> {
        Ok(Shape("float".into()))
    }
    fn visit_str<E>(self, _: &str) -> Result<Shape, E> {
        Ok(Shape("str".into()))
    }
    fn visit_unit<E>(self) -> Result<Shape, E> {
        Ok(Shape("null".into()))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Shape, A::Error> {
        let mut items: Vec<String> = Vec::new();
        while let Some(Shape(s)) = seq.next_element()? {
            if !items.contains(&s) {
                items.push(s);
            }
        }
        Ok(Shape(format!("[{}]", items.join("|"))))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Shape, A::Error> {
        let mut fields = Vec::new();
        while let Some((k, Shape(s))) = map.next_entry::<String, Shape>()? {
            fields.push(format!("{k}:{s}"));
        }
        Ok(Shape(format!("{{{}}}", fields.join(","))))
    }
}

fn shape(json: &str) -> String {
    serde_json::from_str::<Shape>(json)
        .unwrap_or_else(|e| panic!("{e}: {json}"))
        .0
}

/// The shapes of the objects of `analyze --json`.
const POSITION: &str =
    "{type:str,variant:str,position:str,side:str,moves:[str],legal:[str],over:bool}";
const INFO: &str = "{type:str,depth:int,seldepth:int,multipv:int,score:{cp:int},bound:str,\
                    wdl:[int],nodes:int,nps:int,time_ms:int,hashfull:int,pv:[str]}";
const INFO_MATE: &str = "{type:str,depth:int,seldepth:int,multipv:int,score:{mate:int},bound:str,\
                         wdl:[int],nodes:int,nps:int,time_ms:int,hashfull:int,pv:[str]}";
const BESTMOVE: &str = "{type:str,move:str,ponder:str,score:{cp:int},depth:int,nodes:int,\
                        time_ms:int,result:null,reason:null}";
const TABLEBASE: &str = "{type:str,text:str,result:{worst:str,best:str},\
                         moves:[{move:str,result:{worst:str,best:str}}]}";

/// The standard output of a successful run, as lines.
fn lines(args: &[&str]) -> Vec<String> {
    let out = songo(args);
    assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    text(&out.stdout).lines().map(str::to_string).collect()
}

#[test]
fn analyze_json_keeps_its_schema() {
    let out = lines(&["analyze", "--moves", "C d", "--depth", "4", "--json"]);
    assert_eq!(
        out[0],
        r#"{"type":"position","variant":"songo40","position":"6,6,0,6,6,6,6/6,5,5,0,6,6,6 s 0 0 Gg","side":"south","moves":["C","d"],"legal":["A","B","D","E","F"],"over":false}"#
    );
    assert_eq!(shape(&out[0]), POSITION);
    let (last, infos) = out[1..].split_last().unwrap();
    assert!(infos.len() >= 4, "{out:?}");
    for info in infos {
        assert_eq!(shape(info), INFO, "{info}");
    }
    assert_eq!(shape(last), BESTMOVE, "{last}");
    assert!(last.starts_with(r#"{"type":"bestmove","move":""#), "{last}");
    assert!(last.ends_with(r#","result":null,"reason":null}"#), "{last}");
}

#[test]
fn analyze_json_of_forced_wins_and_finished_games_keeps_its_schema() {
    let out = lines(&[
        "analyze",
        "--variant",
        "songo36-beginner",
        "--fen",
        "0,0,0,0,0,1,1/1,1,0,0,0,0,9 s 34 23 -",
        "--depth",
        "3",
        "--multipv",
        "2",
        "--json",
    ]);
    assert_eq!(
        out[0],
        r#"{"type":"position","variant":"songo36-beginner","position":"0,0,0,0,0,1,1/1,1,0,0,0,0,9 s 34 23 -","side":"south","moves":[],"legal":["F","G"],"over":false}"#
    );
    assert_eq!(shape(&out[0]), POSITION.replace("moves:[str]", "moves:[]"));
    let (last, infos) = out[1..].split_last().unwrap();
    for info in infos {
        let multipv: serde_json::Value = serde_json::from_str(info).unwrap();
        let expected = if multipv["multipv"] == 1 {
            INFO_MATE
        } else {
            INFO
        };
        assert_eq!(shape(info), expected, "{info}");
    }
    assert_eq!(
        shape(last),
        BESTMOVE
            .replace("ponder:str", "ponder:null")
            .replace("{cp:int}", "{mate:int}")
    );

    let over = lines(&[
        "analyze",
        "--variant",
        "songo36-amateur",
        "--fen",
        "3,2,1,5,0,0,0/0,0,0,0,0,0,0 s 36 23 -",
        "--json",
    ]);
    assert_eq!(
        over,
        [
            r#"{"type":"position","variant":"songo36-amateur","position":"3,2,1,5,0,0,0/0,0,0,0,0,0,0 s 36 23 -","side":"south","moves":[],"legal":[],"over":true}"#,
            r#"{"type":"bestmove","move":null,"ponder":null,"score":null,"depth":0,"nodes":0,"time_ms":0,"result":"1-0","reason":"capture threshold reached"}"#,
        ]
    );
}

#[test]
fn analyze_json_tablebase_keeps_its_schema() {
    let dir = TempDir::new("json-schema");
    let d = dir.0.to_str().unwrap();
    let made = songo(&[
        "tb",
        "generate",
        "--variant",
        "songo40",
        "--max-seeds",
        "10",
        "--no-checkpoints",
        "--dir",
        d,
    ]);
    assert!(made.status.success(), "{}", text(&made.stderr));
    let analyze = |fen: &str| {
        lines(&[
            "analyze",
            "--variant",
            "songo40",
            "--fen",
            fen,
            "--depth",
            "2",
            "--json",
            "--tablebases",
            d,
        ])
    };
    let covered = analyze("1,1,1,1,1,1,1/1,1,1,0,0,0,0 s 30 30 -");
    let draw = r#"{"worst":"draw","best":"draw"}"#;
    let moves: Vec<String> = ["A", "B", "C", "D", "E", "F"]
        .iter()
        .map(|m| format!(r#"{{"move":"{m}","result":{draw}}}"#))
        .collect();
    assert_eq!(
        covered[1],
        format!(
            r#"{{"type":"tablebase","text":"draw (mover's margin gain +4 of 10 seeds) for South","result":{draw},"moves":[{}]}}"#,
            moves.join(",")
        )
    );
    assert_eq!(shape(&covered[1]), TABLEBASE);
    let beyond = analyze("2,1,1,1,1,1,1/1,1,1,0,0,0,0 s 29 30 -");
    assert_eq!(
        beyond[1],
        r#"{"type":"tablebase","text":"not covered (11 seeds on the board, tables up to 10, pit-7 flags -)","result":null,"moves":[]}"#
    );
    for out in [&covered, &beyond] {
        assert_eq!(shape(&out[0]), POSITION.replace("moves:[str]", "moves:[]"));
        let (last, infos) = out[2..].split_last().unwrap();
        for info in infos {
            assert_eq!(shape(info), INFO, "{info}");
        }
        assert_eq!(shape(last), BESTMOVE, "{last}");
    }
}

/// The shape of `review --json`: the keys in alphabetical order.
const REVIEW: &str = "{games:[{curve:[int],game:int,moves:[{after:int,before:int,best:str,\
                      judgement:str,label:str,loss:int,move:str,mover:str,ply:int,pv:[str]}],\
                      north:str,result:str,south:str,summary:{north:{blunders:int,\
                      inaccuracies:int,mistakes:int},south:{blunders:int,inaccuracies:int,\
                      mistakes:int}}}],limit:str,thresholds:{blunder:int,inaccuracy:int,mistake:int}}";

#[test]
fn review_json_keeps_its_schema() {
    let game = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/review-blunder.pgn");
    let out = songo(&["review", game, "--depth", "4", "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert_eq!(shape(&s), REVIEW);
    // Indented by two spaces, one key a line, a newline at the end.
    assert!(
        s.starts_with("{\n  \"games\": [\n    {\n      \"curve\": [\n"),
        "{s}"
    );
    assert!(s.ends_with("\n  }\n}\n"), "{s}");
    let doc: serde_json::Value = serde_json::from_str(&s).unwrap();
    assert_eq!(doc["limit"], "depth 4");
    assert_eq!(
        doc["thresholds"],
        serde_json::json!({"inaccuracy": 100, "mistake": 250, "blunder": 500})
    );
    let g = &doc["games"][0];
    assert_eq!(
        (&g["game"], &g["south"], &g["north"], &g["result"]),
        (
            &serde_json::json!(1),
            &serde_json::json!("L1"),
            &serde_json::json!("L2"),
            &serde_json::json!("*")
        )
    );
    let moves: Vec<(String, String, String, u64)> = g["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["label"].as_str().unwrap().to_string(),
                m["move"].as_str().unwrap().to_string(),
                m["mover"].as_str().unwrap().to_string(),
                m["ply"].as_u64().unwrap(),
            )
        })
        .collect();
    let expected = [
        ("1. C", "C", "south", 0),
        ("1... b", "b", "north", 1),
        ("2. G", "G", "south", 2),
        ("2... b", "b", "north", 3),
    ]
    .map(|(l, m, s, p)| (l.to_string(), m.to_string(), s.to_string(), p));
    assert_eq!(moves, expected);
    for m in g["moves"].as_array().unwrap() {
        let j = m["judgement"].as_str().unwrap();
        assert!(
            ["good", "inaccuracy", "mistake", "blunder"].contains(&j),
            "{m}"
        );
    }
}

/// The shape of `book probe --json`.
const BOOK_PROBE: &str = "{variant:str,position:str,in_book:bool,\
                          moves:[{move:str,score:int,seeds:str,depth:int,visits:int}]}";

#[test]
fn book_probe_json_keeps_its_schema() {
    let dir = TempDir::new("json-book");
    let book = dir.0.join("one.book").display().to_string();
    let built = songo(&[
        "book",
        "build",
        "--out",
        &book,
        "-v",
        "songo40",
        "--positions",
        "1",
        "--depth",
        "1",
    ]);
    assert!(built.status.success(), "{}", text(&built.stderr));
    let out = lines(&["book", "probe", "--book", &book, "--json"]);
    assert_eq!(out.len(), 1, "{out:?}");
    assert_eq!(shape(&out[0]), BOOK_PROBE, "{}", out[0]);
    assert!(
        out[0].starts_with(
            r#"{"variant":"songo40","position":"5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg","in_book":true,"moves":[{"move":""#
        ),
        "{}",
        out[0]
    );
    let out = lines(&["book", "probe", "--book", &book, "--moves", "A", "--json"]);
    assert_eq!(
        out,
        [
            r#"{"variant":"songo40","position":"0,6,6,6,6,6,5/5,5,5,5,5,5,5 n 0 0 Gg","in_book":false,"moves":[]}"#
        ]
    );
}
