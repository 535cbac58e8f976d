//! The page, embedded in the binary: HTML, CSS and JavaScript modules
//! written by hand, with no build step and nothing fetched from elsewhere,
//! so the GUI works offline. The same files, from `crates/songo-gui/assets/`,
//! make the static site (`scripts/web-build.sh`, docs/web.md), which adds
//! its own from `crates/songo-gui/web/`.

pub(crate) const INDEX_HTML: &str = include_str!("../assets/index.html");
pub(crate) const STYLE_CSS: &str = include_str!("../assets/style.css");

const JS: &str = "text/javascript; charset=utf-8";
const TEXT: &str = "text/plain; charset=utf-8";

/// Every file served: its path, its type, its text. The scripts are ES
/// modules: `app.js` imports the others (each panel's from its directory,
/// `transport.js` the page's one channel to the room, here the WebSocket). Every file of the assets
/// directory is here (a test checks it).
pub const FILES: &[(&str, &str, &str)] = &[
    ("/", "text/html; charset=utf-8", INDEX_HTML),
    ("/style.css", "text/css; charset=utf-8", STYLE_CSS),
    ("/app.js", JS, include_str!("../assets/app.js")),
    ("/board.js", JS, include_str!("../assets/board.js")),
    // Types only (JSDoc), fetched by no module: served as written.
    ("/room.js", JS, include_str!("../assets/room.js")),
    (
        "/game-settings.js",
        JS,
        include_str!("../assets/game-settings.js"),
    ),
    // Each panel: its state, its view, its messages, and the panel that
    // joins them (docs/gui.md, "How it is built").
    (
        "/play/panel.js",
        JS,
        include_str!("../assets/play/panel.js"),
    ),
    (
        "/play/state.js",
        JS,
        include_str!("../assets/play/state.js"),
    ),
    ("/play/view.js", JS, include_str!("../assets/play/view.js")),
    ("/play/form.js", JS, include_str!("../assets/play/form.js")),
    (
        "/play/messages.js",
        JS,
        include_str!("../assets/play/messages.js"),
    ),
    (
        "/analysis/panel.js",
        JS,
        include_str!("../assets/analysis/panel.js"),
    ),
    (
        "/analysis/state.js",
        JS,
        include_str!("../assets/analysis/state.js"),
    ),
    (
        "/analysis/view.js",
        JS,
        include_str!("../assets/analysis/view.js"),
    ),
    (
        "/analysis/editor.js",
        JS,
        include_str!("../assets/analysis/editor.js"),
    ),
    (
        "/analysis/explorer.js",
        JS,
        include_str!("../assets/analysis/explorer.js"),
    ),
    (
        "/analysis/messages.js",
        JS,
        include_str!("../assets/analysis/messages.js"),
    ),
    (
        "/review/panel.js",
        JS,
        include_str!("../assets/review/panel.js"),
    ),
    (
        "/review/state.js",
        JS,
        include_str!("../assets/review/state.js"),
    ),
    (
        "/review/view.js",
        JS,
        include_str!("../assets/review/view.js"),
    ),
    (
        "/review/messages.js",
        JS,
        include_str!("../assets/review/messages.js"),
    ),
    (
        "/games/panel.js",
        JS,
        include_str!("../assets/games/panel.js"),
    ),
    (
        "/games/view.js",
        JS,
        include_str!("../assets/games/view.js"),
    ),
    (
        "/games/messages.js",
        JS,
        include_str!("../assets/games/messages.js"),
    ),
    (
        "/rules/panel.js",
        JS,
        include_str!("../assets/rules/panel.js"),
    ),
    (
        "/rules/view.js",
        JS,
        include_str!("../assets/rules/view.js"),
    ),
    (
        "/rules/messages.js",
        JS,
        include_str!("../assets/rules/messages.js"),
    ),
    ("/sound.js", JS, include_str!("../assets/sound.js")),
    // The rules panel shows the rules document itself.
    (
        "/rules.md",
        "text/markdown; charset=utf-8",
        include_str!("../../../docs/rules.md"),
    ),
    ("/util.js", JS, include_str!("../assets/util.js")),
    ("/transport.js", JS, include_str!("../assets/transport.js")),
    ("/i18n.js", JS, include_str!("../assets/i18n.js")),
    // Learn: the lessons (docs/learn.md).
    (
        "/learn/panel.js",
        JS,
        include_str!("../assets/learn/panel.js"),
    ),
    (
        "/learn/state.js",
        JS,
        include_str!("../assets/learn/state.js"),
    ),
    (
        "/learn/view.js",
        JS,
        include_str!("../assets/learn/view.js"),
    ),
    (
        "/learn/messages.js",
        JS,
        include_str!("../assets/learn/messages.js"),
    ),
    (
        "/learn/parts.js",
        JS,
        include_str!("../assets/learn/parts.js"),
    ),
    // Learn: the puzzle trainer and the practice of one's mistakes.
    (
        "/puzzles/panel.js",
        JS,
        include_str!("../assets/puzzles/panel.js"),
    ),
    (
        "/puzzles/state.js",
        JS,
        include_str!("../assets/puzzles/state.js"),
    ),
    (
        "/puzzles/view.js",
        JS,
        include_str!("../assets/puzzles/view.js"),
    ),
    (
        "/puzzles/messages.js",
        JS,
        include_str!("../assets/puzzles/messages.js"),
    ),
    (
        "/mistakes/panel.js",
        JS,
        include_str!("../assets/mistakes/panel.js"),
    ),
    (
        "/mistakes/view.js",
        JS,
        include_str!("../assets/mistakes/view.js"),
    ),
    (
        "/mistakes/messages.js",
        JS,
        include_str!("../assets/mistakes/messages.js"),
    ),
    // The players' rules panel's diagrams (rules/view.js).
    (
        "/rules/diagrams.json",
        "application/json",
        include_str!("../assets/rules/diagrams.json"),
    ),
    // The catalogues of the page's languages (Project Fluent).
    ("/i18n/en.ftl", TEXT, include_str!("../assets/i18n/en.ftl")),
    ("/i18n/fr.ftl", TEXT, include_str!("../assets/i18n/fr.ftl")),
    // Project Fluent's JavaScript implementation, unchanged
    // (scripts/fluent-vendor.sh).
    (
        "/fluent/NOTICE",
        TEXT,
        include_str!("../assets/fluent/NOTICE"),
    ),
    (
        "/fluent/ast.js",
        JS,
        include_str!("../assets/fluent/ast.js"),
    ),
    (
        "/fluent/builtins.js",
        JS,
        include_str!("../assets/fluent/builtins.js"),
    ),
    (
        "/fluent/bundle.js",
        JS,
        include_str!("../assets/fluent/bundle.js"),
    ),
    (
        "/fluent/index.js",
        JS,
        include_str!("../assets/fluent/index.js"),
    ),
    (
        "/fluent/memoizer.js",
        JS,
        include_str!("../assets/fluent/memoizer.js"),
    ),
    (
        "/fluent/resolver.js",
        JS,
        include_str!("../assets/fluent/resolver.js"),
    ),
    (
        "/fluent/resource.js",
        JS,
        include_str!("../assets/fluent/resource.js"),
    ),
    (
        "/fluent/scope.js",
        JS,
        include_str!("../assets/fluent/scope.js"),
    ),
    (
        "/fluent/types.js",
        JS,
        include_str!("../assets/fluent/types.js"),
    ),
];

#[cfg(test)]
mod tests {
    use super::FILES;

    /// A file added to the assets but not here would be missing from
    /// `songo gui` and present in the static site (which copies them all).
    #[test]
    fn every_asset_is_served() {
        fn walk(dir: &std::path::Path, prefix: &str, out: &mut Vec<String>) {
            for e in std::fs::read_dir(dir).unwrap() {
                let e = e.unwrap();
                let name = format!("{prefix}{}", e.file_name().into_string().unwrap());
                if e.file_type().unwrap().is_dir() {
                    walk(&e.path(), &format!("{name}/"), out);
                } else {
                    out.push(name);
                }
            }
        }
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
        let mut on_disk = Vec::new();
        walk(&dir, "", &mut on_disk);
        // Type declarations serve the type check, not the page.
        on_disk.retain(|f| !f.ends_with(".d.ts"));
        on_disk.sort();
        let mut served: Vec<String> = FILES
            .iter()
            .map(|(path, _, _)| match *path {
                "/" => "index.html".to_string(),
                p => p.trim_start_matches('/').to_string(),
            })
            // The rules come from docs/ (web-build.sh copies them too).
            .filter(|name| name != "rules.md")
            .collect();
        served.sort();
        assert_eq!(on_disk, served);
    }
}
