//! The house rules at each crate's root (issue 40). On `unsafe`: a crate
//! whose sources hold no `unsafe` code says so with
//! `#![forbid(unsafe_code)]` at its root, so that none creeps in unseen;
//! the two that need it (the engine's shared table and huge pages, the
//! tables' memory maps) keep it to themselves. On documentation: every
//! library says `#![warn(missing_docs)]`, which CI's clippy makes an
//! error.

use std::path::{Path, PathBuf};

/// The `.rs` files under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Whether `text` has `unsafe` code, outside comments.
fn has_unsafe(text: &str) -> bool {
    text.lines().any(|line| {
        let code = line.split("//").next().unwrap_or("");
        code.split(|c: char| !c.is_alphanumeric() && c != '_')
            .any(|word| word == "unsafe")
    })
}

#[test]
fn every_crate_without_unsafe_code_forbids_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // Each crate: its sources' directory and its roots.
    let mut crates = vec![(
        root.join("src"),
        vec![root.join("src/lib.rs"), root.join("src/main.rs")],
    )];
    for entry in std::fs::read_dir(root.join("crates")).unwrap() {
        let dir = entry.unwrap().path().join("src");
        if dir.join("lib.rs").exists() {
            crates.push((dir.clone(), vec![dir.join("lib.rs")]));
        }
    }
    assert!(crates.len() >= 10, "crates not found: {crates:?}");
    let (mut forbidding, mut unsafe_crates) = (0, Vec::new());
    for (dir, roots) in crates {
        let mut files = Vec::new();
        sources(&dir, &mut files);
        let uses_unsafe = files
            .iter()
            .any(|f| has_unsafe(&std::fs::read_to_string(f).unwrap()));
        if uses_unsafe {
            unsafe_crates.push(dir);
            continue;
        }
        for r in roots {
            let text = std::fs::read_to_string(&r).unwrap();
            assert!(
                text.contains("#![forbid(unsafe_code)]"),
                "{} has no unsafe code: its root should say #![forbid(unsafe_code)]",
                r.display()
            );
            forbidding += 1;
        }
    }
    assert!(forbidding >= 10, "{forbidding} roots checked");
    assert_eq!(unsafe_crates.len(), 2, "{unsafe_crates:?}");
}

#[test]
fn the_check_sees_unsafe_code_and_not_its_name_in_comments() {
    assert!(has_unsafe("    let x = unsafe { f() };"));
    assert!(has_unsafe("pub unsafe fn g() {}"));
    assert!(!has_unsafe("// unsafe here is only a word"));
    assert!(!has_unsafe("#![forbid(unsafe_code)]"));
}

#[test]
fn every_library_crate_warns_of_missing_docs() {
    // Issue 40: every public item of a library is documented, and CI's
    // clippy (-D warnings) keeps it so. The command's own library (src/)
    // serves only its binary.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    for entry in std::fs::read_dir(root.join("crates")).unwrap() {
        let lib = entry.unwrap().path().join("src/lib.rs");
        if !lib.exists() {
            continue;
        }
        let text = std::fs::read_to_string(&lib).unwrap();
        assert!(
            text.contains("#![warn(missing_docs)]"),
            "{} is a library: its root should say #![warn(missing_docs)]",
            lib.display()
        );
        checked += 1;
    }
    assert!(checked >= 13, "{checked} libraries checked");
}
