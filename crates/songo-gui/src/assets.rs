//! The page, embedded in the binary: HTML, CSS and JavaScript written by
//! hand, with no build step and nothing fetched from elsewhere, so the GUI
//! works offline.

pub const INDEX_HTML: &str = include_str!("assets/index.html");
pub const APP_JS: &str = include_str!("assets/app.js");
pub const STYLE_CSS: &str = include_str!("assets/style.css");
