//! No import cycle between modules, in any crate of the workspace (the
//! root package's `src/` and every `crates/*/src`).
//!
//! For each crate root (`lib.rs`, `main.rs`, `bin/*.rs`) the checker walks
//! the `mod NAME;` declarations to find the crate's modules, reads every
//! file, and records the *imports* between the module files (`foo.rs` or
//! `foo/mod.rs`; an inline `mod m { … }` belongs to its file): the paths
//! one file names into another module,
//!
//! - every leaf of a `use` tree (`pub use` included): `crate::…`,
//!   `super::…` (resolved, repeated), `self::…`, or a child module's name;
//! - the same paths written in code (`crate::a::b::f(…)`,
//!   `super::file::variant_code(v)`, `generate::normalise(p)` where
//!   `generate` is a child module).
//!
//! A path goes to the deepest module it names (`super::file::checksum`
//! imports from `file`, `super::Table` from the parent), and a name that
//! module only imports is followed to where it comes from (`crate::BestMove`
//! re-exported by `lib.rs` from `info.rs` imports from `info.rs`). Comments,
//! strings and `mod NAME;` declarations import nothing; neither does a
//! visibility (`pub(in crate::a)`) nor a macro's `$crate`.
//!
//! **Which edges count: only between siblings.** A module and its
//! submodules are one unit. Inside it, the parent (`mod.rs`) declares the
//! children, re-exports them (`pub use file::TbError`) and calls them, and
//! the children use the parent's items (`super::Table`): counted as
//! edges, nearly every module with children would be a cycle with them
//! (tb, search, eval, record, the GUI's room…), so an import between a
//! module and its own ancestor or descendant is not an edge. Every other
//! import is an edge between the two *sibling* modules that hold the two
//! files (the children of their deepest common ancestor), each standing
//! for itself and all its submodules: `nn/file.rs` importing
//! `crate::tb::file` is an edge `nn → tb`; `tb/generate/work.rs`
//! importing `super::super::file` is an edge `tb/generate → tb/file`. So a
//! cycle is one between siblings at some level of the tree, whichever
//! files inside them make it, and a cycle between unrelated modules
//! shows up at the level of their common ancestor.
//!
//! What this rule does not see: a parent and its own child that import
//! each other (`tb/mod.rs` calling `generate::normalise`, which uses
//! `super::board_of`) have the same shape as a parent re-exporting a child
//! that uses `super::Table`; only a reader can tell the two apart.
//!
//! The test fails listing every strongly connected component of more than
//! one module, with one import per edge as evidence.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

// ---------------------------------------------------------------- lexing

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Ident(String),
    /// `::`
    PathSep,
    Punct(char),
}

/// The tokens of a Rust file with their line numbers: comments, string,
/// character and number literals and lifetimes dropped.
fn lex(src: &str) -> Vec<(Tok, usize)> {
    let c: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let mut line = 1;
    let n = c.len();
    // Skips a string body from the opening quote at `i`; `hashes` for a
    // raw string (no escapes then).
    let skip_string = |mut i: usize, raw: Option<usize>, line: &mut usize| -> usize {
        debug_assert_eq!(c[i], '"');
        i += 1;
        while i < n {
            match c[i] {
                '\n' => *line += 1,
                '\\' if raw.is_none() => {
                    if i + 1 < n && c[i + 1] == '\n' {
                        *line += 1;
                    }
                    i += 1;
                }
                '"' => match raw {
                    None => return i + 1,
                    Some(h) => {
                        if (1..=h).all(|k| i + k < n && c[i + k] == '#') {
                            return i + 1 + h;
                        }
                    }
                },
                _ => {}
            }
            i += 1;
        }
        n
    };
    while i < n {
        let ch = c[i];
        if ch == '\n' {
            line += 1;
            i += 1;
        } else if ch.is_whitespace() {
            i += 1;
        } else if ch == '/' && i + 1 < n && c[i + 1] == '/' {
            while i < n && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && i + 1 < n && c[i + 1] == '*' {
            let mut depth = 0;
            while i < n {
                if c[i] == '/' && i + 1 < n && c[i + 1] == '*' {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && i + 1 < n && c[i + 1] == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if c[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
            }
        } else if ch == '"' {
            i = skip_string(i, None, &mut line);
        } else if ch == '\'' {
            // A character literal ('x', '\n', '\u{..}') or a lifetime/label.
            if i + 1 < n && c[i + 1] == '\\' {
                // Past the quote, the backslash and the escaped character.
                i += 3;
                while i < n && c[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if i + 2 < n && c[i + 2] == '\'' {
                i += 3;
            } else {
                i += 1;
                while i < n && (c[i].is_alphanumeric() || c[i] == '_') {
                    i += 1;
                }
            }
        } else if ch.is_ascii_digit() {
            while i < n && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
        } else if ch.is_alphabetic() || ch == '_' {
            let start = i;
            while i < n && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            let word: String = c[start..i].iter().collect();
            let next = c.get(i).copied();
            // String prefixes: b"", c"", r"", r#""#, br"", cr"".
            let raw_prefix = matches!(word.as_str(), "r" | "br" | "cr");
            if matches!(word.as_str(), "b" | "c") && next == Some('"') {
                i = skip_string(i, None, &mut line);
            } else if word == "b" && next == Some('\'') {
                // A byte literal: b'x', b'\n'.
                i += 1;
                if c.get(i) == Some(&'\\') {
                    i += 1;
                }
                i += 1;
                while i < n && c[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if raw_prefix && (next == Some('"') || next == Some('#')) {
                let mut h = 0;
                while i + h < n && c[i + h] == '#' {
                    h += 1;
                }
                if c.get(i + h) == Some(&'"') {
                    i = skip_string(i + h, Some(h), &mut line);
                } else if word == "r" && h == 1 {
                    // A raw identifier: r#type.
                    let s = i + 1;
                    i = s;
                    while i < n && (c[i].is_alphanumeric() || c[i] == '_') {
                        i += 1;
                    }
                    out.push((Tok::Ident(c[s..i].iter().collect()), line));
                } else {
                    out.push((Tok::Ident(word), line));
                }
            } else {
                out.push((Tok::Ident(word), line));
            }
        } else if ch == ':' && i + 1 < n && c[i + 1] == ':' {
            out.push((Tok::PathSep, line));
            i += 2;
        } else {
            out.push((Tok::Punct(ch), line));
            i += 1;
        }
    }
    out
}

// ---------------------------------------------------------------- parsing

/// A path a file names: its segments as written (`super`, `crate`, `self`
/// included; a glob's last one is `*`), where, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Named {
    segments: Vec<String>,
    /// The name a `use` leaf brings in, when not its last segment (`as`).
    alias: Option<String>,
    line: usize,
    kind: Kind,
    /// The inline modules around it, inside the file (`mod tests { … }`).
    scope: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Use,
    PubUse,
    Code,
}

/// What one file says: the modules it declares (`mod x;`, by inline scope)
/// the inline modules it opens, and the paths it names.
#[derive(Debug, Default)]
struct FileItems {
    /// `(scope, name)` of each `mod name;`.
    declared: Vec<(Vec<String>, String)>,
    /// Scopes of the inline modules (`mod a { mod b { … } }`: `[a]`, `[a, b]`).
    inline: Vec<Vec<String>>,
    named: Vec<Named>,
}

fn ident(t: Option<&(Tok, usize)>) -> Option<&str> {
    match t {
        Some((Tok::Ident(s), _)) => Some(s),
        _ => None,
    }
}

fn is(t: Option<&(Tok, usize)>, p: char) -> bool {
    matches!(t, Some((Tok::Punct(q), _)) if *q == p)
}

fn is_sep(t: Option<&(Tok, usize)>) -> bool {
    matches!(t, Some((Tok::PathSep, _)))
}

/// A leaf of a `use` tree: its path (ending in `*` for a glob) and its
/// alias.
type Leaf = (Vec<String>, Option<String>);

/// Parses a `use` tree starting at `toks[i]` (after `use`), pushing each
/// leaf (with `prefix` in front) to `leaves`; returns the index after it.
fn use_tree(
    toks: &[(Tok, usize)],
    mut i: usize,
    prefix: &[String],
    leaves: &mut Vec<Leaf>,
) -> usize {
    let mut path = prefix.to_vec();
    if is_sep(toks.get(i)) {
        i += 1; // a leading `::`: an extern crate, left as it is
    }
    loop {
        match toks.get(i) {
            Some((Tok::Ident(s), _)) => {
                if s == "self" && path.len() == prefix.len() && !prefix.is_empty() {
                    // `{self, …}`: the prefix itself.
                } else {
                    path.push(s.clone());
                }
                i += 1;
                let mut alias = None;
                if ident(toks.get(i)) == Some("as") {
                    alias = ident(toks.get(i + 1)).map(String::from);
                    i += 2;
                }
                if is_sep(toks.get(i)) {
                    i += 1;
                    continue;
                }
                leaves.push((path, alias));
                return i;
            }
            Some((Tok::Punct('*'), _)) => {
                path.push("*".to_string());
                leaves.push((path, None));
                return i + 1;
            }
            Some((Tok::Punct('{'), _)) => {
                i += 1;
                loop {
                    if is(toks.get(i), '}') {
                        return i + 1;
                    }
                    if toks.get(i).is_none() {
                        return i;
                    }
                    i = use_tree(toks, i, &path, leaves);
                    if is(toks.get(i), ',') {
                        i += 1;
                    }
                }
            }
            _ => {
                if path.len() > prefix.len() {
                    leaves.push((path, None));
                }
                return i;
            }
        }
    }
}

/// Whether the tokens before `i` make it a `pub` item (`pub use`,
/// `pub(crate) use`).
fn is_pub_before(toks: &[(Tok, usize)], i: usize) -> bool {
    if i >= 1 && ident(toks.get(i - 1)) == Some("pub") {
        return true;
    }
    // pub ( crate ) use   /   pub ( in a :: b ) use
    if i >= 1 && is(toks.get(i - 1), ')') {
        let mut j = i - 1;
        while j > 0 && !is(toks.get(j), '(') {
            j -= 1;
        }
        return j >= 1 && ident(toks.get(j - 1)) == Some("pub");
    }
    false
}

fn parse(src: &str) -> FileItems {
    let toks = lex(src);
    let mut items = FileItems::default();
    // Inline module scopes: (name, brace depth outside it).
    let mut scopes: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let scope_of =
        |scopes: &[(String, usize)]| scopes.iter().map(|s| s.0.clone()).collect::<Vec<_>>();
    let mut i = 0;
    while i < toks.len() {
        match &toks[i].0 {
            Tok::Punct('{') => {
                depth += 1;
                i += 1;
            }
            Tok::Punct('}') => {
                depth = depth.saturating_sub(1);
                if scopes.last().is_some_and(|s| s.1 == depth) {
                    scopes.pop();
                }
                i += 1;
            }
            Tok::Ident(w) if w == "mod" => match (ident(toks.get(i + 1)), toks.get(i + 2)) {
                (Some(name), Some((Tok::Punct(';'), _))) => {
                    items.declared.push((scope_of(&scopes), name.to_string()));
                    i += 3;
                }
                (Some(name), Some((Tok::Punct('{'), _))) => {
                    scopes.push((name.to_string(), depth));
                    depth += 1;
                    items.inline.push(scope_of(&scopes));
                    i += 3;
                }
                _ => i += 1,
            },
            Tok::Ident(w) if w == "use" && !is_sep(toks.get(i.wrapping_sub(1))) => {
                let kind = if is_pub_before(&toks, i) {
                    Kind::PubUse
                } else {
                    Kind::Use
                };
                let line = toks[i].1;
                let mut leaves = Vec::new();
                i = use_tree(&toks, i + 1, &[], &mut leaves);
                for (segments, alias) in leaves {
                    items.named.push(Named {
                        segments,
                        alias,
                        line,
                        kind,
                        scope: scope_of(&scopes),
                    });
                }
            }
            Tok::Ident(first) if is_sep(toks.get(i + 1)) => {
                let starts = i == 0
                    || !(is_sep(toks.get(i - 1))
                        || is(toks.get(i - 1), '$')
                        || (ident(toks.get(i - 1)) == Some("in")
                            && is(toks.get(i.wrapping_sub(2)), '(')));
                let line = toks[i].1;
                let mut segments = vec![first.clone()];
                let mut j = i + 1;
                while is_sep(toks.get(j)) {
                    match ident(toks.get(j + 1)) {
                        Some(s) => {
                            segments.push(s.to_string());
                            j += 2;
                        }
                        None => break,
                    }
                }
                if starts {
                    items.named.push(Named {
                        segments,
                        alias: None,
                        line,
                        kind: Kind::Code,
                        scope: scope_of(&scopes),
                    });
                }
                i = j;
            }
            _ => i += 1,
        }
    }
    items
}

// ---------------------------------------------------------------- a crate

/// A module path inside the crate (`[]` is the root).
type ModPath = Vec<String>;

/// One crate: its module files, the imports between them, and the edges
/// that count (see the module documentation).
#[derive(Debug)]
struct CrateGraph {
    /// Module path of each file, and the file's name under `src/`.
    files: BTreeMap<ModPath, String>,
    /// Every import of one file from another: (from, to) → the first
    /// evidence.
    imports: BTreeMap<(ModPath, ModPath), Evidence>,
    /// The edges that count, between sibling modules (each standing for
    /// itself and its submodules): (from, to) → the first file import
    /// behind it.
    edges: BTreeMap<(ModPath, ModPath), (ModPath, ModPath, Evidence)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Evidence {
    path: String,
    line: usize,
    kind: Kind,
}

/// Reads a crate from `root` (its `lib.rs`/`main.rs`), through `read`
/// (a file's text, `None` when absent).
fn load_crate(root: &Path, read: &dyn Fn(&Path) -> Option<String>) -> CrateGraph {
    let mut parsed: BTreeMap<ModPath, FileItems> = BTreeMap::new();
    let mut files: BTreeMap<ModPath, String> = BTreeMap::new();
    let mut module_file: BTreeMap<ModPath, ModPath> = BTreeMap::new();
    let base = root
        .parent()
        .expect("a crate root in a directory")
        .to_path_buf();
    let label = |p: &Path| {
        p.strip_prefix(&base)
            .unwrap_or(p)
            .to_string_lossy()
            .replace('\\', "/")
    };
    // (module path, file, directory its children live in)
    let mut todo: Vec<(ModPath, PathBuf, PathBuf)> =
        vec![(Vec::new(), root.to_path_buf(), base.clone())];
    while let Some((path, file, dir)) = todo.pop() {
        let Some(src) = read(&file) else { continue };
        let items = parse(&src);
        files.insert(path.clone(), label(&file));
        module_file.insert(path.clone(), path.clone());
        for scope in &items.inline {
            let mut m = path.clone();
            m.extend(scope.iter().cloned());
            module_file.insert(m, path.clone());
        }
        for (scope, name) in &items.declared {
            let mut child = path.clone();
            child.extend(scope.iter().cloned());
            child.push(name.clone());
            let mut d = dir.clone();
            d.extend(scope.iter());
            let flat = d.join(format!("{name}.rs"));
            let nested = d.join(name).join("mod.rs");
            if read(&flat).is_some() {
                todo.push((child, flat, d.join(name)));
            } else if read(&nested).is_some() {
                todo.push((child, nested, d.join(name)));
            }
        }
        parsed.insert(path, items);
    }
    let mut names = Names::new();
    for (from, items) in &parsed {
        for named in items.named.iter().filter(|n| n.kind != Kind::Code) {
            let mut here = from.clone();
            here.extend(named.scope.iter().cloned());
            let Some(last) = named.alias.as_ref().or(named.segments.last()) else {
                continue;
            };
            if let Some(at @ (_, Some(_))) = resolve(&here, &named.segments, &module_file) {
                names.insert((here, last.clone()), at);
            }
        }
    }
    let mut imports = BTreeMap::new();
    for (from, items) in &parsed {
        for named in &items.named {
            let mut here = from.clone();
            here.extend(named.scope.iter().cloned());
            let Some(at) = resolve(&here, &named.segments, &module_file) else {
                continue;
            };
            let to = module_file[&follow(&names, at)].clone();
            if &to == from {
                continue;
            }
            imports.entry((from.clone(), to)).or_insert(Evidence {
                path: named.segments.join("::"),
                line: named.line,
                kind: named.kind,
            });
        }
    }
    let mut edges = BTreeMap::new();
    for ((from, to), e) in &imports {
        if let Some(edge) = lift(from, to) {
            edges
                .entry(edge)
                .or_insert_with(|| (from.clone(), to.clone(), e.clone()));
        }
    }
    CrateGraph {
        files,
        imports,
        edges,
    }
}

/// Where a path written in module `here` leads: the deepest module it
/// names, and the item it names there (the next segment, unless a glob);
/// `None` for a path that does not start in this crate.
fn resolve(
    here: &[String],
    segments: &[String],
    modules: &BTreeMap<ModPath, ModPath>,
) -> Option<(ModPath, Option<String>)> {
    let first = segments.first()?;
    let (mut at, rest): (ModPath, &[String]) = match first.as_str() {
        "crate" => (Vec::new(), &segments[1..]),
        "self" => (here.to_vec(), &segments[1..]),
        "super" => {
            let mut at = here.to_vec();
            let mut k = 0;
            while segments.get(k).map(String::as_str) == Some("super") {
                at.pop()?;
                k += 1;
            }
            (at, &segments[k..])
        }
        _ => {
            let mut child = here.to_vec();
            child.push(first.clone());
            if !modules.contains_key(&child) {
                return None; // an item, a local, or another crate
            }
            (here.to_vec(), segments)
        }
    };
    let mut item = None;
    for s in rest {
        at.push(s.clone());
        if !modules.contains_key(&at) {
            at.pop();
            item = (s != "*").then(|| s.clone());
            break;
        }
    }
    Some((at, item))
}

/// The names the `use` declarations bring into each module: (module,
/// name) → where the name leads.
type Names = BTreeMap<(ModPath, String), (ModPath, Option<String>)>;

/// The module an item really lives in: a name a module only imports
/// (`pub use file::TbError`, or a plain `use` its children reach through
/// `super::`) is followed to where it comes from.
fn follow(names: &Names, mut at: (ModPath, Option<String>)) -> ModPath {
    for _ in 0..16 {
        let Some(item) = &at.1 else { break };
        match names.get(&(at.0.clone(), item.clone())) {
            Some(next) if *next != at => at = next.clone(),
            _ => break,
        }
    }
    at.0
}

/// The edge an import of file `from` from file `to` counts as: between
/// the two sibling modules that hold them, children of their deepest
/// common ancestor; none when one of the two is the other's ancestor.
fn lift(from: &[String], to: &[String]) -> Option<(ModPath, ModPath)> {
    let common = from.iter().zip(to).take_while(|(a, b)| a == b).count();
    if common == from.len() || common == to.len() {
        return None;
    }
    Some((from[..=common].to_vec(), to[..=common].to_vec()))
}

// ---------------------------------------------------------------- cycles

/// The strongly connected components of more than one node (Tarjan), each
/// sorted, in a stable order.
fn cycles(g: &CrateGraph) -> Vec<Vec<ModPath>> {
    let nodes: Vec<&ModPath> = g
        .edges
        .keys()
        .flat_map(|(a, b)| [a, b])
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let index_of: BTreeMap<&ModPath, usize> =
        nodes.iter().enumerate().map(|(i, p)| (*p, i)).collect();
    let mut adj = vec![Vec::new(); nodes.len()];
    for (from, to) in g.edges.keys() {
        if let (Some(&a), Some(&b)) = (index_of.get(from), index_of.get(to)) {
            adj[a].push(b);
        }
    }
    struct Tarjan<'a> {
        adj: &'a [Vec<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        out: Vec<Vec<usize>>,
    }
    impl Tarjan<'_> {
        fn visit(&mut self, v: usize) {
            self.index[v] = Some(self.next);
            self.low[v] = self.next;
            self.next += 1;
            self.stack.push(v);
            self.on[v] = true;
            for k in 0..self.adj[v].len() {
                let w = self.adj[v][k];
                match self.index[w] {
                    None => {
                        self.visit(w);
                        self.low[v] = self.low[v].min(self.low[w]);
                    }
                    Some(iw) if self.on[w] => self.low[v] = self.low[v].min(iw),
                    _ => {}
                }
            }
            if Some(self.low[v]) == self.index[v] {
                let mut comp = Vec::new();
                loop {
                    let w = self.stack.pop().expect("v is on the stack");
                    self.on[w] = false;
                    comp.push(w);
                    if w == v {
                        break;
                    }
                }
                if comp.len() > 1 {
                    self.out.push(comp);
                }
            }
        }
    }
    let n = nodes.len();
    let mut t = Tarjan {
        adj: &adj,
        index: vec![None; n],
        low: vec![0; n],
        on: vec![false; n],
        stack: Vec::new(),
        next: 0,
        out: Vec::new(),
    };
    for v in 0..n {
        if t.index[v].is_none() {
            t.visit(v);
        }
    }
    let mut out: Vec<Vec<ModPath>> = t
        .out
        .into_iter()
        .map(|c| {
            let mut c: Vec<ModPath> = c.into_iter().map(|i| nodes[i].clone()).collect();
            c.sort();
            c
        })
        .collect();
    out.sort();
    out
}

/// A module's name in messages: its file, or, when it has submodules,
/// its directory (`tb/generate/`, or `a.rs + a/`).
fn label(g: &CrateGraph, m: &ModPath) -> String {
    let file = &g.files[m];
    let has_children = g
        .files
        .keys()
        .any(|k| k.len() > m.len() && k.starts_with(m));
    match (has_children, file.strip_suffix("mod.rs")) {
        (false, _) => file.clone(),
        (true, Some(dir)) => dir.to_string(),
        (true, None) => format!("{file} + {}/", file.trim_end_matches(".rs")),
    }
}

/// A cycle as text: its modules, then each edge inside it with the import
/// behind it.
fn describe(g: &CrateGraph, comp: &[ModPath]) -> String {
    let names: Vec<String> = comp.iter().map(|m| label(g, m)).collect();
    let mut s = names.join(" ↔ ");
    for ((a, b), (from, to, e)) in &g.edges {
        if !(comp.contains(a) && comp.contains(b)) {
            continue;
        }
        let what = format!(
            "{}{} (line {})",
            match e.kind {
                Kind::Use => "use ",
                Kind::PubUse => "pub use ",
                Kind::Code => "",
            },
            e.path,
            e.line
        );
        if a == from && b == to {
            s.push_str(&format!("\n    {} → {}: {what}", g.files[a], g.files[b]));
        } else {
            s.push_str(&format!(
                "\n    {} → {}: {} → {}: {what}",
                label(g, a),
                label(g, b),
                g.files[from],
                g.files[to]
            ));
        }
    }
    s
}

// ---------------------------------------------------------------- the check

/// Every crate root of the workspace: `src/` and `crates/*/src`.
fn crate_roots() -> Vec<PathBuf> {
    let top = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs = vec![top.join("src")];
    let mut members: Vec<PathBuf> = std::fs::read_dir(top.join("crates"))
        .expect("the crates directory")
        .map(|e| e.expect("a directory entry").path().join("src"))
        .filter(|p| p.is_dir())
        .collect();
    members.sort();
    dirs.extend(members);
    let mut roots = Vec::new();
    for d in dirs {
        for name in ["lib.rs", "main.rs"] {
            if d.join(name).is_file() {
                roots.push(d.join(name));
            }
        }
        if let Ok(bins) = std::fs::read_dir(d.join("bin")) {
            let mut bins: Vec<PathBuf> = bins
                .map(|e| e.expect("a directory entry").path())
                .filter(|p| p.extension().is_some_and(|x| x == "rs"))
                .collect();
            bins.sort();
            roots.extend(bins);
        }
    }
    roots
}

fn read_disk(p: &Path) -> Option<String> {
    std::fs::read_to_string(p).ok()
}

/// Every cycle of the workspace, as text, one per component.
fn workspace_cycles() -> (Vec<String>, usize) {
    let top = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    let mut modules = 0;
    for root in crate_roots() {
        let g = load_crate(&root, &read_disk);
        modules += g.files.len();
        let dir = root.parent().expect("a directory");
        let shown = dir.strip_prefix(top).unwrap_or(dir).display().to_string();
        for comp in cycles(&g) {
            found.push(format!("{shown}: {}", describe(&g, &comp)));
        }
    }
    (found, modules)
}

#[test]

fn no_import_cycle_between_modules() {
    let (found, modules) = workspace_cycles();
    assert!(
        modules > 50,
        "only {modules} module files found: the walk is broken"
    );
    assert!(
        found.is_empty(),
        "{} import cycle(s) between modules:\n\n{}\n",
        found.len(),
        found.join("\n\n")
    );
}

/// Every `.rs` file under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("a source directory") {
        let p = e.expect("a directory entry").path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The walk itself, which runs with the suite: every `.rs` file of every
/// crate's `src/` is reached from a crate root (so no module escapes the
/// check), and the workspace has imports to check.
#[test]
fn the_walk_reaches_every_source_file() {
    let roots = crate_roots();
    assert!(roots.len() >= 5, "crate roots: {roots:?}");
    let mut reached = BTreeSet::new();
    let mut imports = 0;
    for root in &roots {
        let dir = root.parent().expect("a directory");
        let g = load_crate(root, &read_disk);
        reached.extend(g.files.values().map(|f| dir.join(f)));
        imports += g.imports.len();
    }
    let mut all = Vec::new();
    for dir in roots
        .iter()
        .filter_map(|r| r.parent())
        .collect::<BTreeSet<_>>()
    {
        rust_files(dir, &mut all);
    }
    let missed: Vec<&PathBuf> = all.iter().filter(|p| !reached.contains(*p)).collect();
    assert!(missed.is_empty(), "files no crate root reaches: {missed:?}");
    assert!(
        all.len() > 50 && imports > 100,
        "{} files, {imports} imports",
        all.len()
    );
}

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
