//! The page, embedded in the binary: HTML, CSS and JavaScript modules
//! written by hand, with no build step and nothing fetched from elsewhere,
//! so the GUI works offline.

pub const INDEX_HTML: &str = include_str!("../assets/index.html");
pub const STYLE_CSS: &str = include_str!("../assets/style.css");

const JS: &str = "text/javascript; charset=utf-8";

/// Every file served: its path, its type, its text. The scripts are ES
/// modules: `app.js` imports the others.
pub const FILES: &[(&str, &str, &str)] = &[
    ("/", "text/html; charset=utf-8", INDEX_HTML),
    ("/style.css", "text/css; charset=utf-8", STYLE_CSS),
    ("/app.js", JS, include_str!("../assets/app.js")),
    ("/board.js", JS, include_str!("../assets/board.js")),
    ("/play.js", JS, include_str!("../assets/play.js")),
    ("/analysis.js", JS, include_str!("../assets/analysis.js")),
    ("/review.js", JS, include_str!("../assets/review.js")),
    ("/util.js", JS, include_str!("../assets/util.js")),
];
