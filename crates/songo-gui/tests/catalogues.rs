//! The page's catalogues (assets/i18n/*.ftl), read with Project Fluent's
//! own parser: they parse whole, they have exactly the same ids and
//! attributes, every text the room can send (songo-room's `Say`) is in
//! each with no variable the room does not give, every id the page asks
//! for is there, and no text is dead.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use songo_room::say::Say;

const LANGUAGES: [&str; 2] = ["en", "fr"];

fn assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")
}

/// The page's own modules in `dir` and its sub-directories (each panel has
/// one, docs/gui.md), not Project Fluent's vendored library.
fn modules(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let path = e.unwrap().path();
        if path.is_dir() {
            if path.file_name().and_then(|n| n.to_str()) != Some("fluent") {
                out.extend(modules(&path));
            }
        } else if path.extension().and_then(|x| x.to_str()) == Some("js") {
            out.push(path);
        }
    }
    out
}

/// One catalogue: each message's attributes and the variables its value
/// and attributes use.
struct Catalogue {
    messages: BTreeMap<String, Message>,
}

struct Message {
    has_value: bool,
    attributes: BTreeSet<String>,
    variables: BTreeSet<String>,
}

fn variables_of(pattern: &Pattern<&str>, out: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            variables_in(expression, out);
        }
    }
}

fn variables_in(expression: &Expression<&str>, out: &mut BTreeSet<String>) {
    match expression {
        Expression::Select { selector, variants } => {
            inline_variables(selector, out);
            for v in variants {
                variables_of(&v.value, out);
            }
        }
        Expression::Inline(inline) => inline_variables(inline, out),
    }
}

fn inline_variables(inline: &InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match inline {
        InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_variables(a, out);
            }
        }
        InlineExpression::Placeable { expression } => variables_in(expression, out),
        _ => {}
    }
}

fn catalogue(lang: &str) -> Catalogue {
    let path = assets().join(format!("i18n/{lang}.ftl"));
    let text = std::fs::read_to_string(&path).unwrap();
    let resource = match fluent_syntax::parser::parse(text.as_str()) {
        Ok(r) => r,
        Err((_, errors)) => panic!("{}: {errors:?}", path.display()),
    };
    let mut messages = BTreeMap::new();
    for entry in &resource.body {
        match entry {
            Entry::Message(m) => {
                let mut variables = BTreeSet::new();
                if let Some(v) = &m.value {
                    variables_of(v, &mut variables);
                }
                for a in &m.attributes {
                    variables_of(&a.value, &mut variables);
                }
                let old = messages.insert(
                    m.id.name.to_string(),
                    Message {
                        has_value: m.value.is_some(),
                        attributes: m.attributes.iter().map(|a| a.id.name.to_string()).collect(),
                        variables,
                    },
                );
                assert!(old.is_none(), "{lang}.ftl: {} twice", m.id.name);
            }
            Entry::Junk { content } => panic!("{lang}.ftl: not Fluent: {content}"),
            _ => {}
        }
    }
    Catalogue { messages }
}

#[test]
fn both_catalogues_have_the_same_ids_and_attributes() {
    let [en, fr] = LANGUAGES.map(catalogue);
    let ids = |c: &Catalogue| c.messages.keys().cloned().collect::<BTreeSet<_>>();
    let (en_ids, fr_ids) = (ids(&en), ids(&fr));
    assert_eq!(
        en_ids.difference(&fr_ids).collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "in en.ftl, not in fr.ftl"
    );
    assert_eq!(
        fr_ids.difference(&en_ids).collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "in fr.ftl, not in en.ftl"
    );
    for (id, m) in &en.messages {
        let f = &fr.messages[id];
        assert_eq!(m.attributes, f.attributes, "{id}: attributes");
        assert_eq!(m.has_value, f.has_value, "{id}: a value in one only");
        // The same variables: a translation that drops one loses meaning,
        // one that adds one shows an error.
        assert_eq!(m.variables, f.variables, "{id}: variables");
    }
}

#[test]
fn everything_the_room_says_is_in_each_catalogue_with_its_arguments() {
    for lang in LANGUAGES {
        let c = catalogue(lang);
        for said in Say::every() {
            let json = serde_json::to_value(&said).unwrap();
            let id = said.id();
            let m = c
                .messages
                .get(&id)
                .unwrap_or_else(|| panic!("{lang}.ftl has no text for the room's {id}"));
            assert!(m.has_value, "{lang}.ftl: {id} has no value");
            let given: BTreeSet<String> = json
                .as_object()
                .unwrap()
                .keys()
                .filter(|k| *k != "id")
                .cloned()
                .collect();
            let unknown: Vec<&String> = m.variables.difference(&given).collect();
            assert!(
                unknown.is_empty(),
                "{lang}.ftl: {id} uses {unknown:?}, the room gives {given:?}"
            );
        }
    }
}

/// The page's own texts: `data-l10n-id` in index.html, and the ids its
/// modules pass to `tell`, `t`, `say`, `message`, `recordMessage` and
/// `tellAttr` (and keep in maps of ids), as string literals.
fn page_ids() -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    let html = std::fs::read_to_string(assets().join("index.html")).unwrap();
    for part in html.split("data-l10n-id=\"").skip(1) {
        ids.insert(part[..part.find('"').unwrap()].to_string());
    }
    ids
}

/// Every string literal of the page's modules (and the static site's),
/// and every string of the rules panel's diagrams (their captions' ids).
fn js_literals() -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    // The lessons' texts are named by the lesson file (songo-learn).
    for l in songo_learn::lesson::builtin().all() {
        out.extend([&l.title, &l.task, &l.wrong, &l.done].map(String::clone));
    }
    let diagrams = std::fs::read_to_string(assets().join("rules/diagrams.json")).unwrap();
    for (i, part) in diagrams.split('"').enumerate() {
        if i % 2 == 1 {
            out.insert(part.to_string());
        }
    }
    let dirs = [assets(), Path::new(env!("CARGO_MANIFEST_DIR")).join("web")];
    for dir in dirs {
        for path in modules(&dir) {
            let text = std::fs::read_to_string(&path).unwrap();
            for (i, part) in text.split('"').enumerate() {
                if i % 2 == 1 {
                    out.insert(part.to_string());
                }
            }
        }
    }
    out
}

#[test]
fn every_lesson_text_is_in_each_catalogue() {
    for lang in LANGUAGES {
        let c = catalogue(lang);
        for l in songo_learn::lesson::builtin().all() {
            for id in [&l.title, &l.task, &l.wrong, &l.done] {
                let m = c.messages.get(id.as_str());
                assert!(
                    m.is_some_and(|m| m.has_value && m.variables.is_empty()),
                    "{lang}.ftl: lesson {}: no text {id} (or one with variables)",
                    l.id
                );
            }
        }
    }
}

#[test]
fn every_id_the_page_names_has_a_text_and_every_text_is_used() {
    let c = catalogue("en");
    for id in page_ids() {
        assert!(
            c.messages.contains_key(&id),
            "index.html names {id}: no text"
        );
    }
    let room: BTreeSet<String> = Say::every().iter().map(Say::id).collect();
    let literals = js_literals();
    let html = page_ids();
    let dead: Vec<&String> = c
        .messages
        .keys()
        .filter(|id| !room.contains(*id) && !literals.contains(*id) && !html.contains(*id))
        .collect();
    assert!(dead.is_empty(), "texts nothing shows: {dead:?}");
}

#[test]
fn the_page_calls_for_no_id_the_catalogue_lacks() {
    // Calls with a literal id: `tell(x, "id"`, `t("id"`, `say("id"`,
    // `message("id"`, `recordMessage("id"`, `tellAttr(x, "attr", "id"`.
    let c = catalogue("en");
    for path in modules(&assets()) {
        let text = std::fs::read_to_string(&path).unwrap();
        for call in [
            "tell(",
            "t(",
            "say(",
            "message(",
            "recordMessage(",
            "tellAttr(",
        ] {
            for (at, _) in text.match_indices(call) {
                // Only the call itself, not `tellSay(` for `say(` nor a
                // longer name ending the same way.
                let before = text[..at].chars().last().unwrap_or(' ');
                if before.is_alphanumeric() || before == '_' || before == '.' {
                    continue;
                }
                let rest = &text[at + call.len()..];
                let end = rest.find(['\n', ';']).unwrap_or(rest.len());
                let args = &rest[..end];
                let literals: Vec<&str> = args.split('"').skip(1).step_by(2).collect();
                let id = match (call, literals.as_slice()) {
                    ("tellAttr(", [_, id, ..]) | (_, [id, ..]) => *id,
                    _ => continue,
                };
                // A selector's first literal (`$("[data-testid=…]")`) is
                // not an id: the id is the literal after it.
                let id = if id.starts_with('[') {
                    match literals.get(1) {
                        Some(next) => next,
                        None => continue,
                    }
                } else {
                    id
                };
                if !id
                    .chars()
                    .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '-')
                {
                    continue;
                }
                assert!(
                    c.messages.contains_key(id),
                    "{}: {call}… names {id}, which has no text",
                    path.display()
                );
            }
        }
    }
}
