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

#[cfg(test)]
mod checker_tests;
mod graph;
mod parse;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use graph::{cycles, describe, load_crate};

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
