//! One crate as a graph of its modules, and the cycles in it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::parse::{parse, FileItems, Kind};

// ---------------------------------------------------------------- a crate

/// A module path inside the crate (`[]` is the root).
pub(crate) type ModPath = Vec<String>;

/// One crate: its module files, the imports between them, and the edges
/// that count (see the module documentation).
#[derive(Debug)]
pub(crate) struct CrateGraph {
    /// Module path of each file, and the file's name under `src/`.
    pub(crate) files: BTreeMap<ModPath, String>,
    /// Every import of one file from another: (from, to) → the first
    /// evidence.
    pub(crate) imports: BTreeMap<(ModPath, ModPath), Evidence>,
    /// The edges that count, between sibling modules (each standing for
    /// itself and its submodules): (from, to) → the first file import
    /// behind it.
    pub(crate) edges: BTreeMap<(ModPath, ModPath), (ModPath, ModPath, Evidence)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Evidence {
    pub(crate) path: String,
    pub(crate) line: usize,
    pub(crate) kind: Kind,
}

/// Reads a crate from `root` (its `lib.rs`/`main.rs`), through `read`
/// (a file's text, `None` when absent).
pub(crate) fn load_crate(root: &Path, read: &dyn Fn(&Path) -> Option<String>) -> CrateGraph {
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
pub(crate) fn resolve(
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
pub(crate) type Names = BTreeMap<(ModPath, String), (ModPath, Option<String>)>;

/// The module an item really lives in: a name a module only imports
/// (`pub use file::TbError`, or a plain `use` its children reach through
/// `super::`) is followed to where it comes from.
pub(crate) fn follow(names: &Names, mut at: (ModPath, Option<String>)) -> ModPath {
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
pub(crate) fn lift(from: &[String], to: &[String]) -> Option<(ModPath, ModPath)> {
    let common = from.iter().zip(to).take_while(|(a, b)| a == b).count();
    if common == from.len() || common == to.len() {
        return None;
    }
    Some((from[..=common].to_vec(), to[..=common].to_vec()))
}

// ---------------------------------------------------------------- cycles

/// The strongly connected components of more than one node (Tarjan), each
/// sorted, in a stable order.
pub(crate) fn cycles(g: &CrateGraph) -> Vec<Vec<ModPath>> {
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
pub(crate) fn label(g: &CrateGraph, m: &ModPath) -> String {
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
pub(crate) fn describe(g: &CrateGraph, comp: &[ModPath]) -> String {
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
