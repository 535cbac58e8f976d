//! Tags: the `[Name "value"]` line syntax (reading and escaping), tag
//! names, and a record's tags by name.

use super::error::{excerpt, TagNameError, TagSyntaxError};
use super::{GameRecord, FEN_TAG};
use crate::position::Position;

/// Tags written from typed fields rather than from strings.
pub(crate) const DERIVED_TAGS: [&str; 5] =
    ["Variant", "Result", "Termination", "PlyCount", FEN_TAG];

/// Letters, digits and underscores, starting with a letter.
pub(crate) fn is_tag_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Parses `[Name "value"]` (spaces allowed around the parts, then nothing
/// or a `;` comment).
pub(crate) fn parse_tag(line: &str) -> Result<(String, String), TagSyntaxError> {
    let inner = line
        .strip_prefix('[')
        .ok_or(TagSyntaxError::NoOpeningBracket)?
        .trim_start();
    let name_len = inner
        .find(|c: char| c.is_whitespace() || c == '"' || c == ']')
        .unwrap_or(inner.len());
    let name = &inner[..name_len];
    if name.is_empty() {
        return Err(TagSyntaxError::NoName);
    }
    if !is_tag_name(name) {
        return Err(TagSyntaxError::BadName(excerpt(name)));
    }
    let rest = inner[name_len..].trim_start();
    let mut chars = rest
        .strip_prefix('"')
        .ok_or_else(|| TagSyntaxError::UnquotedValue(name.to_string()))?
        .char_indices();
    let unclosed = || TagSyntaxError::NoClosingQuote(name.to_string());
    let mut value = String::new();
    let after = loop {
        match chars.next() {
            None => return Err(unclosed()),
            Some((i, '"')) => break &rest[1 + i + 1..],
            Some((_, '\\')) => match chars.next() {
                Some((_, c @ ('"' | '\\'))) => value.push(c),
                Some((_, c)) => {
                    return Err(TagSyntaxError::UnknownEscape {
                        name: name.to_string(),
                        escape: c,
                    })
                }
                None => return Err(unclosed()),
            },
            Some((_, c)) => value.push(c),
        }
    };
    let after = after
        .trim_start()
        .strip_prefix(']')
        .ok_or_else(|| TagSyntaxError::NoClosingBracket(name.to_string()))?
        .trim();
    if !(after.is_empty() || after.starts_with(';')) {
        return Err(TagSyntaxError::TextAfterTag {
            name: name.to_string(),
            text: excerpt(after),
        });
    }
    Ok((name.to_string(), value))
}

/// A tag value with `\` and `"` escaped and control characters blanked.
pub(crate) fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

impl GameRecord {
    /// The value of a string tag: `Event`, `South`, `North`, `TimeControl`
    /// or an extra tag. (The derived tags are typed fields.)
    pub fn tag(&self, name: &str) -> Option<&str> {
        match name {
            "Event" => Some(&self.event),
            "South" => Some(&self.south),
            "North" => Some(&self.north),
            "TimeControl" => Some(&self.time_control),
            _ => self
                .extra_tags
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.as_str()),
        }
    }

    /// Sets a string tag: one of the named ones, or an extra tag (replaced
    /// in place if present, else appended).
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) -> Result<(), TagNameError> {
        if !is_tag_name(name) {
            return Err(TagNameError::Invalid(name.to_string()));
        }
        if DERIVED_TAGS.contains(&name) {
            return Err(TagNameError::Derived(name.to_string()));
        }
        let value = value.into();
        match name {
            "Event" => self.event = value,
            "South" => self.south = value,
            "North" => self.north = value,
            "TimeControl" => self.time_control = value,
            _ => match self.extra_tags.iter_mut().find(|(n, _)| n == name) {
                Some(slot) => slot.1 = value,
                None => self.extra_tags.push((name.to_string(), value)),
            },
        }
        Ok(())
    }

    /// Every tag as written, in order.
    pub fn tags(&self) -> Vec<(String, String)> {
        let mut tags: Vec<(String, String)> = vec![
            ("Event".into(), self.event.clone()),
            ("Variant".into(), self.variant.to_string()),
            ("South".into(), self.south.clone()),
            ("North".into(), self.north.clone()),
            ("Result".into(), self.result.to_string()),
            ("TimeControl".into(), self.time_control.clone()),
            ("Termination".into(), self.termination.to_string()),
            ("PlyCount".into(), self.moves.len().to_string()),
        ];
        if self.start != Position::startpos() {
            tags.push((FEN_TAG.into(), self.start.to_string()));
        }
        tags.extend(self.extra_tags.iter().cloned());
        tags
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    #[test]
    fn tags_parse_with_escapes() {
        assert_eq!(
            parse_tag(r#"[Event "a \"b\" \\ c"]"#),
            Ok(("Event".into(), r#"a "b" \ c"#.into()))
        );
        assert_eq!(
            parse_tag(r#"[ Round   "3" ]  ; note"#),
            Ok(("Round".into(), "3".into()))
        );
        assert_eq!(
            parse_tag(r#"[Opening ""]"#),
            Ok(("Opening".into(), "".into()))
        );
        let name = || "Event".to_string();
        for (bad, why) in [
            (r#"Event "x""#, TagSyntaxError::NoOpeningBracket),
            (r#"[Event]"#, TagSyntaxError::UnquotedValue(name())),
            (r#"[ "x"]"#, TagSyntaxError::NoName),
            (r#"[Ev-ent "x"]"#, TagSyntaxError::BadName("Ev-ent".into())),
            (r#"[1Event "x"]"#, TagSyntaxError::BadName("1Event".into())),
            (r#"[Event "x]"#, TagSyntaxError::NoClosingQuote(name())),
            (r#"[Event "x\"]"#, TagSyntaxError::NoClosingQuote(name())),
            (
                r#"[Event "x\n"]"#,
                TagSyntaxError::UnknownEscape {
                    name: name(),
                    escape: 'n',
                },
            ),
            (r#"[Event "x""#, TagSyntaxError::NoClosingBracket(name())),
            (
                r#"[Event "x"] [Site "y"]"#,
                TagSyntaxError::TextAfterTag {
                    name: name(),
                    text: r#"[Site "y"]"#.into(),
                },
            ),
        ] {
            assert_eq!(parse_tag(bad), Err(why), "{bad}");
        }
    }

    #[test]
    fn escaping_round_trips_and_blanks_control_characters() {
        for v in [r#"plain"#, r#"q"uote"#, r#"back\slash"#, r#"\"\\"#] {
            let line = format!("[Event \"{}\"]", escape(v));
            assert_eq!(parse_tag(&line).unwrap().1, v);
        }
        assert_eq!(escape("two\nlines\t"), "two lines ");
    }

    #[test]
    fn set_tag_rules() {
        let mut r = GameRecord::new(Variant::Songo40, Position::startpos());
        r.set_tag("Round", "1").unwrap();
        r.set_tag("Date", "2024.01.01").unwrap();
        r.set_tag("Round", "2").unwrap();
        r.set_tag("South", "alpha").unwrap();
        assert_eq!(
            r.extra_tags,
            [
                ("Round".into(), "2".into()),
                ("Date".into(), "2024.01.01".into())
            ]
        );
        assert_eq!(r.tag("South"), Some("alpha"));
        assert_eq!(r.tag("Round"), Some("2"));
        assert_eq!(r.tag("Nope"), None);
        assert!(matches!(
            r.set_tag("Result", "1-0"),
            Err(TagNameError::Derived(_))
        ));
        assert!(matches!(
            r.set_tag("FEN", "x"),
            Err(TagNameError::Derived(_))
        ));
        assert!(matches!(
            r.set_tag("a b", "x"),
            Err(TagNameError::Invalid(_))
        ));
        assert!(matches!(r.set_tag("", "x"), Err(TagNameError::Invalid(_))));
    }
}
