//! Progress reporting for long jobs (matches, tuning, tablebase generation).
//!
//! A bar on standard error when it is a terminal; when it is not (a log file,
//! CI) indicatif draws nothing, so jobs also print a summary line at the end.

use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use songo_core::Variant;
use songo_engine::tb::generate::Progress;

/// How often the bar redraws itself even when nothing advances.
const TICK: Duration = Duration::from_millis(200);

/// A bar of `total` steps with a label and a free-text message.
pub fn bar(total: u64, label: &str) -> ProgressBar {
    let bar = ProgressBar::new(total);
    let style = ProgressStyle::with_template(
        "{prefix} [{elapsed_precise}] {bar:30} {pos}/{len} (eta {eta}) {msg}",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.set_prefix(label.to_string());
    bar.enable_steady_tick(TICK);
    bar
}

/// A spinner for jobs whose length is not known in advance.
pub fn spinner(label: &str) -> ProgressBar {
    let bar = ProgressBar::new_spinner();
    let style = ProgressStyle::with_template("{prefix} [{elapsed_precise}] {spinner} {msg}")
        .unwrap_or_else(|_| ProgressStyle::default_spinner());
    bar.set_style(style);
    bar.set_prefix(label.to_string());
    bar.enable_steady_tick(TICK);
    bar
}

/// A tablebase count's progress as a bar on standard error, drawn only
/// when standard error is a terminal.
pub fn generation_bar(variant: Variant, seeds: u8) -> Box<dyn Progress> {
    if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        Box::new(GenerationBar(bar(
            0,
            &format!("{variant} {seeds:>2} seeds"),
        )))
    } else {
        Box::new(GenerationBar(ProgressBar::hidden()))
    }
}

struct GenerationBar(ProgressBar);

impl Progress for GenerationBar {
    fn begin(&self, steps: u64) {
        self.0.set_length(steps);
    }
    fn advance(&self, steps: u64) {
        self.0.inc(steps);
    }
    fn pass(&self, threshold: i32, sweeps: u64) {
        self.0
            .set_message(format!("threshold {threshold}, {sweeps} sweeps"));
    }
    fn end(&self) {
        self.0.finish_and_clear();
    }
}
