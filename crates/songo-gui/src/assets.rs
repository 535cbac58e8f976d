//! The page, embedded in the binary: HTML, CSS and JavaScript modules
//! written by hand, with no build step and nothing fetched from elsewhere,
//! so the GUI works offline. The same files, from `crates/songo-gui/assets/`,
//! make the static site (`scripts/web-build.sh`, docs/web.md), which adds
//! its own from `crates/songo-gui/web/`.

pub const INDEX_HTML: &str = include_str!("../assets/index.html");
pub const STYLE_CSS: &str = include_str!("../assets/style.css");

const JS: &str = "text/javascript; charset=utf-8";

/// Every file served: its path, its type, its text. The scripts are ES
/// modules: `app.js` imports the others (`transport.js` the page's one
/// channel to the room, here the WebSocket). Every file of the assets
/// directory is here (a test checks it).
pub const FILES: &[(&str, &str, &str)] = &[
    ("/", "text/html; charset=utf-8", INDEX_HTML),
    ("/style.css", "text/css; charset=utf-8", STYLE_CSS),
    ("/app.js", JS, include_str!("../assets/app.js")),
    ("/board.js", JS, include_str!("../assets/board.js")),
    ("/play.js", JS, include_str!("../assets/play.js")),
    ("/analysis.js", JS, include_str!("../assets/analysis.js")),
    ("/explorer.js", JS, include_str!("../assets/explorer.js")),
    ("/review.js", JS, include_str!("../assets/review.js")),
    ("/games.js", JS, include_str!("../assets/games.js")),
    ("/rules.js", JS, include_str!("../assets/rules.js")),
    ("/sound.js", JS, include_str!("../assets/sound.js")),
    // The rules panel shows the rules document itself.
    (
        "/rules.md",
        "text/markdown; charset=utf-8",
        include_str!("../../../docs/rules.md"),
    ),
    ("/util.js", JS, include_str!("../assets/util.js")),
    ("/transport.js", JS, include_str!("../assets/transport.js")),
];

#[cfg(test)]
mod tests {
    use super::FILES;

    /// A file added to the assets but not here would be missing from
    /// `songo gui` and present in the static site (which copies them all).
    #[test]
    fn every_asset_is_served() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
        let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
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
