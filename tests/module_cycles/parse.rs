//! Reading a Rust file: a lexer that drops comments, strings and
//! lifetimes, and a parser of the `mod` declarations and the paths a file
//! names (`use` trees and paths in code).

// ---------------------------------------------------------------- lexing

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Tok {
    Ident(String),
    /// `::`
    PathSep,
    Punct(char),
}

/// The tokens of a Rust file with their line numbers: comments, string,
/// character and number literals and lifetimes dropped.
pub(crate) fn lex(src: &str) -> Vec<(Tok, usize)> {
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
pub(crate) struct Named {
    pub(crate) segments: Vec<String>,
    /// The name a `use` leaf brings in, when not its last segment (`as`).
    pub(crate) alias: Option<String>,
    pub(crate) line: usize,
    pub(crate) kind: Kind,
    /// The inline modules around it, inside the file (`mod tests { … }`).
    pub(crate) scope: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Kind {
    Use,
    PubUse,
    Code,
}

/// What one file says: the modules it declares (`mod x;`, by inline scope)
/// the inline modules it opens, and the paths it names.
#[derive(Debug, Default)]
pub(crate) struct FileItems {
    /// `(scope, name)` of each `mod name;`.
    pub(crate) declared: Vec<(Vec<String>, String)>,
    /// Scopes of the inline modules (`mod a { mod b { … } }`: `[a]`, `[a, b]`).
    pub(crate) inline: Vec<Vec<String>>,
    pub(crate) named: Vec<Named>,
}

pub(crate) fn ident(t: Option<&(Tok, usize)>) -> Option<&str> {
    match t {
        Some((Tok::Ident(s), _)) => Some(s),
        _ => None,
    }
}

pub(crate) fn is(t: Option<&(Tok, usize)>, p: char) -> bool {
    matches!(t, Some((Tok::Punct(q), _)) if *q == p)
}

pub(crate) fn is_sep(t: Option<&(Tok, usize)>) -> bool {
    matches!(t, Some((Tok::PathSep, _)))
}

/// A leaf of a `use` tree: its path (ending in `*` for a glob) and its
/// alias.
pub(crate) type Leaf = (Vec<String>, Option<String>);

/// Parses a `use` tree starting at `toks[i]` (after `use`), pushing each
/// leaf (with `prefix` in front) to `leaves`; returns the index after it.
pub(crate) fn use_tree(
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
pub(crate) fn is_pub_before(toks: &[(Tok, usize)], i: usize) -> bool {
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

pub(crate) fn parse(src: &str) -> FileItems {
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
