//! The checker's own tests: it must not pass by seeing nothing.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::graph::*;
use crate::parse::*;

// ---------------------------------------------------------------- the checker's own tests

/// A crate in memory: `files` as (path under `src/`, text).
fn crate_of(files: &[(&str, &str)]) -> CrateGraph {
    let map: BTreeMap<PathBuf, String> = files
        .iter()
        .map(|(p, s)| (Path::new("/mem/src").join(p), s.to_string()))
        .collect();
    load_crate(Path::new("/mem/src/lib.rs"), &move |p| map.get(p).cloned())
}

fn import_list(g: &CrateGraph) -> Vec<String> {
    g.imports
        .keys()
        .map(|(a, b)| format!("{} -> {}", g.files[a], g.files[b]))
        .collect()
}

fn cycle_list(g: &CrateGraph) -> Vec<Vec<String>> {
    cycles(g)
        .iter()
        .map(|c| {
            let mut names: Vec<String> = c.iter().map(|m| label(g, m)).collect();
            names.sort();
            names
        })
        .collect()
}

#[test]
fn the_lexer_drops_comments_strings_and_lifetimes() {
    let src = r####"
        // use crate::a;
        /* use crate::b; /* nested */ use crate::c; */
        /// [`crate::d`]
        fn f<'a>(x: &'a str) -> char { let _ = "crate::e::\"f()"; let _ = r#"crate::g"#; 'x' }
        const C: u8 = b'\''; const S: &[u8] = br"crate::h"; fn k() { let _ = '\n'; crate::i::j(); }
        const Q: char = '\''; const U: char = '\u{1F600}'; fn l<'b>() -> &'b str { "\\" } fn m() {}
        let r#type = 1;
    "####;
    let idents: Vec<String> = lex(src)
        .into_iter()
        .filter_map(|(t, _)| match t {
            Tok::Ident(s) => Some(s),
            _ => None,
        })
        .collect();
    for gone in ["a", "b", "c", "d", "e", "g", "h", "x"] {
        assert!(
            !idents.contains(&gone.to_string()) || gone == "x",
            "{gone} in {idents:?}"
        );
    }
    assert_eq!(idents.iter().filter(|s| *s == "x").count(), 1, "{idents:?}");
    for kept in ["i", "j", "k", "type", "Q", "U", "l", "str", "m"] {
        assert!(
            idents.contains(&kept.to_string()),
            "{kept} not in {idents:?}"
        );
    }
    let lines: Vec<usize> = lex("a\n/* \n */ b\n\"\n\" c").iter().map(|t| t.1).collect();
    assert_eq!(lines, vec![1, 3, 5]);
}

#[test]
fn use_trees_give_their_leaves() {
    let items = parse(
        "use super::input::{self, ACTIVE, ROWS as R};\n\
         pub use file::{PathKind, TbError};\n\
         pub(crate) use crate::a::{b::{c, d}, *};\n\
         use ::std::fmt;\n",
    );
    let uses: Vec<(String, Kind)> = items
        .named
        .iter()
        .map(|n| (n.segments.join("::"), n.kind))
        .collect();
    assert_eq!(
        uses,
        vec![
            ("super::input".into(), Kind::Use),
            ("super::input::ACTIVE".into(), Kind::Use),
            ("super::input::ROWS".into(), Kind::Use),
            ("file::PathKind".into(), Kind::PubUse),
            ("file::TbError".into(), Kind::PubUse),
            ("crate::a::b::c".into(), Kind::PubUse),
            ("crate::a::b::d".into(), Kind::PubUse),
            ("crate::a::*".into(), Kind::PubUse),
            ("std::fmt".into(), Kind::Use),
        ]
    );
}

#[test]
fn paths_in_code_start_at_a_path_start() {
    let items = parse(
        "pub(super) fn f() { crate::a::b::g(); x::y(); Vec::<u8>::new(); super::c::D; }\n\
         pub(in crate::q) fn h() {}\n\
         macro_rules! m { () => { $crate::z::w() } }\n\
         mod inner { fn k() { super::e(); } }\n",
    );
    let code: Vec<(String, Vec<String>)> = items
        .named
        .iter()
        .map(|n| (n.segments.join("::"), n.scope.clone()))
        .collect();
    assert_eq!(
        code,
        vec![
            ("crate::a::b::g".into(), vec![]),
            ("x::y".into(), vec![]),
            ("Vec".into(), vec![]),
            ("super::c::D".into(), vec![]),
            ("super::e".into(), vec!["inner".to_string()]),
        ]
    );
    assert_eq!(items.inline, vec![vec!["inner".to_string()]]);
}

#[test]
fn modules_are_files_and_paths_go_to_the_deepest_module() {
    let g = crate_of(&[
        ("lib.rs", "pub mod nn; pub mod tb; mod util;"),
        ("nn/mod.rs", "mod file; mod input; pub use file::NetError;"),
        (
            "nn/file.rs",
            "use super::input::LAYOUT; use crate::tb::file::checksum; pub struct NetError;",
        ),
        (
            "nn/input.rs",
            "pub const LAYOUT: u8 = 1; #[cfg(test)] mod tests { use super::*; }",
        ),
        ("tb/mod.rs", "pub mod file; pub struct Table;"),
        (
            "tb/file.rs",
            "use super::Table; pub fn checksum() { crate::util::f() }",
        ),
        ("util.rs", "pub fn f() {}"),
        ("unused.rs", "use crate::nn;"),
    ]);
    assert_eq!(
        g.files.values().cloned().collect::<BTreeSet<_>>(),
        [
            "lib.rs",
            "nn/mod.rs",
            "nn/file.rs",
            "nn/input.rs",
            "tb/mod.rs",
            "tb/file.rs",
            "util.rs",
        ]
        .into_iter()
        .map(String::from)
        .collect()
    );
    assert_eq!(
        import_list(&g),
        vec![
            "nn/mod.rs -> nn/file.rs",
            "nn/file.rs -> nn/input.rs",
            "nn/file.rs -> tb/file.rs",
            "tb/file.rs -> tb/mod.rs",
            "tb/file.rs -> util.rs",
        ]
    );
    let edges: Vec<String> = g
        .edges
        .keys()
        .map(|(a, b)| format!("{} -> {}", label(&g, a), label(&g, b)))
        .collect();
    assert_eq!(
        edges,
        vec!["nn/ -> tb/", "nn/file.rs -> nn/input.rs", "tb/ -> util.rs"]
    );
    assert!(cycles(&g).is_empty());
}

#[test]
fn a_cycle_between_siblings_is_found() {
    let g = crate_of(&[
        ("lib.rs", "mod nn; mod other;"),
        ("nn/mod.rs", "mod file; mod input; mod network;"),
        ("nn/file.rs", "use super::network::Network;"),
        ("nn/input.rs", "fn f() { super::file::variant_code(); }"),
        ("nn/network.rs", "use super::input::{self, ROWS};"),
        ("other.rs", "use crate::nn;"),
    ]);
    assert_eq!(
        cycle_list(&g),
        vec![vec!["nn/file.rs", "nn/input.rs", "nn/network.rs"]]
    );
    let text = describe(&g, &cycles(&g)[0]);
    assert!(
        text.contains("nn/input.rs → nn/file.rs: super::file::variant_code (line 1)"),
        "{text}"
    );
}

#[test]
fn a_module_and_its_ancestors_are_one_unit() {
    // A re-export, and a parent calling its child that uses the parent.
    let g = crate_of(&[
        ("lib.rs", "pub mod tb; pub fn top() { tb::probe(); }"),
        (
            "tb/mod.rs",
            "mod file; pub mod generate; pub use file::TbError; pub struct Table;\n\
             pub fn board_of() {} pub fn probe() { generate::normalise(); crate::top(); }",
        ),
        ("tb/file.rs", "use super::Table; pub struct TbError;"),
        (
            "tb/generate/mod.rs",
            "mod work; use super::board_of; pub fn normalise() {}",
        ),
        (
            "tb/generate/work.rs",
            "use super::super::Table; fn f() { crate::tb::probe(); }",
        ),
    ]);
    assert_eq!(g.imports.len(), 7, "{:?}", import_list(&g));
    assert!(g.edges.is_empty(), "{:?}", g.edges);
    assert!(cycles(&g).is_empty());
}

#[test]
fn a_module_stands_for_its_submodules() {
    // tb/file.rs calls the generator, whose worker reads tb/file.rs: a
    // cycle between the siblings tb/file.rs and tb/generate/.
    let g = crate_of(&[
        ("lib.rs", "mod tb; mod nn;"),
        ("tb/mod.rs", "mod file; mod generate;"),
        (
            "tb/file.rs",
            "pub fn width() {} fn f() { super::generate::g(); }",
        ),
        ("tb/generate/mod.rs", "mod work; pub fn g() {}"),
        ("tb/generate/work.rs", "use super::super::file::width;"),
        // Across the tree: nn/file.rs ↔ tb/generate/work.rs is nn/ ↔ tb/.
        ("nn/mod.rs", "mod file; pub struct Network;"),
        ("nn/file.rs", "use crate::tb::file;"),
    ]);
    assert_eq!(cycle_list(&g), vec![vec!["tb/file.rs", "tb/generate/"]]);
    let text = describe(&g, &cycles(&g)[0]);
    assert!(
        text.contains("tb/generate/ → tb/file.rs: tb/generate/work.rs → tb/file.rs: use super::super::file::width (line 1)"),
        "{text}"
    );
    let g = crate_of(&[
        ("lib.rs", "mod tb; mod nn;"),
        ("tb/mod.rs", "mod generate;"),
        ("tb/generate/mod.rs", "mod work;"),
        (
            "tb/generate/work.rs",
            "fn f() { crate::nn::Network::new(); }",
        ),
        ("nn/mod.rs", "mod file; pub struct Network;"),
        ("nn/file.rs", "use crate::tb::generate;"),
    ]);
    assert_eq!(cycle_list(&g), vec![vec!["nn/", "tb/"]]);
}

#[test]
fn a_name_is_followed_to_where_it_comes_from() {
    // `crate::BestMove` is info.rs's, re-exported by the root; `super::Helper`
    // is util.rs's, imported by tb/mod.rs; `Alias` is `b::Thing` renamed.
    let g = crate_of(&[
        (
            "lib.rs",
            "mod analysis; mod info; mod tb; mod util; mod b;\n\
             pub use info::BestMove; pub use b::Thing as Alias;",
        ),
        ("analysis.rs", "use crate::BestMove; pub struct Verdict;"),
        (
            "info.rs",
            "pub struct BestMove; fn f(_: crate::analysis::Verdict) {}",
        ),
        ("tb/mod.rs", "mod file; use crate::util::Helper;"),
        ("tb/file.rs", "use super::Helper;"),
        (
            "util.rs",
            "pub struct Helper; fn g() { crate::Alias::new(); }",
        ),
        ("b.rs", "pub struct Thing;"),
    ]);
    assert!(
        import_list(&g).contains(&"tb/file.rs -> util.rs".to_string()),
        "{:?}",
        import_list(&g)
    );
    assert!(import_list(&g).contains(&"util.rs -> b.rs".to_string()));
    assert_eq!(cycle_list(&g), vec![vec!["analysis.rs", "info.rs"]]);
}

#[test]
fn inline_modules_belong_to_their_file() {
    let g = crate_of(&[
        ("lib.rs", "mod a; mod b;"),
        (
            "a.rs",
            "mod imp { pub fn f() { crate::b::g(); } } #[cfg(test)] mod tests { use super::imp; }",
        ),
        ("b.rs", "pub fn g() {} fn h() { crate::a::imp::f(); }"),
    ]);
    assert_eq!(cycle_list(&g), vec![vec!["a.rs", "b.rs"]]);
}
