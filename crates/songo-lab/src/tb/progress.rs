//! A tablebase count's progress on standard error.

use indicatif::ProgressBar;
use songo_cli::errln;
use songo_cli::progress::bar;
use songo_core::Variant;
use songo_tb::generate::Progress;

/// A tablebase count's progress on standard error: a bar when it is a
/// terminal, else a line per pass (a long count's log shows how far it got).
pub fn generation_bar(variant: Variant, seeds: u8) -> Box<dyn Progress> {
    if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        Box::new(GenerationBar(bar(
            0,
            &format!("{variant} {seeds:>2} seeds"),
        )))
    } else {
        Box::new(PassLog {
            label: format!("{variant} {seeds:>2} seeds"),
            started: std::time::Instant::now(),
        })
    }
}

struct PassLog {
    label: String,
    started: std::time::Instant,
}

impl Progress for PassLog {
    fn pass(&self, threshold: i32, sweeps: u64) {
        errln!(
            "{}: pass of threshold {threshold} done, {sweeps} sweeps, {:.1} min",
            self.label,
            self.started.elapsed().as_secs_f64() / 60.0
        );
    }
    fn resumed(&self, threshold: i32) {
        errln!(
            "{}: resumed from its checkpoint at the pass of threshold {threshold}",
            self.label
        );
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
    fn resumed(&self, threshold: i32) {
        self.0
            .set_message(format!("resumed at threshold {threshold}"));
    }
    fn end(&self) {
        self.0.finish_and_clear();
    }
}
