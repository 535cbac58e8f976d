//! Progress reporting for long jobs (matches, tuning, tablebase generation,
//! a review).
//!
//! A bar on standard error when it is a terminal; when it is not (a log file,
//! CI) indicatif draws nothing, so jobs also print a summary line at the end.

use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

/// How often the bar redraws itself even when nothing advances.
const TICK: Duration = Duration::from_millis(200);

/// A progress line for logs: where there is no bar (standard error is not
/// a terminal), a long job prints a line when [`Heartbeat::due`] says so.
pub struct Heartbeat {
    last: std::time::Instant,
    every: Duration,
    on_terminal: bool,
}

impl Heartbeat {
    /// A line at most every `every`.
    pub fn new(every: Duration) -> Heartbeat {
        Heartbeat {
            last: std::time::Instant::now(),
            every,
            on_terminal: std::io::IsTerminal::is_terminal(&std::io::stderr()),
        }
    }

    /// Whether to print a line now (never beside a bar).
    pub fn due(&mut self) -> bool {
        if self.on_terminal || self.last.elapsed() < self.every {
            return false;
        }
        self.last = std::time::Instant::now();
        true
    }
}

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
