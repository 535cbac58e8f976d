//! A book's statistics as text: `songo book stats`, and the summary that
//! ends `songo book build`.

use songo_book::{BookStats, VariantStats};

use songo_cli::outln;
use songo_cli::output::StdoutError;

/// Words joined by spaces.
fn joined<T: ToString>(items: impl IntoIterator<Item = T>) -> String {
    items
        .into_iter()
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// What the book holds of one variant: its positions, its main line, and
/// how many positions each ply has.
pub fn print_variant(s: &VariantStats) -> Result<(), StdoutError> {
    if s.reachable == 0 {
        return outln!("{}: not in the book", s.variant);
    }
    outln!("{}: {} positions", s.variant, s.reachable)?;
    outln!(
        "  main line, {} plies: {}",
        s.main_line.len(),
        joined(&s.main_line)
    )?;
    outln!("  positions per ply: {}", joined(&s.by_ply))
}

/// The whole book: its size, then each variant.
pub fn print_book(name: &str, stats: &BookStats) -> Result<(), StdoutError> {
    outln!(
        "{name}: {} positions, {} moves, {} bytes",
        stats.positions,
        stats.moves,
        stats.file_bytes
    )?;
    for v in &stats.variants {
        print_variant(v)?;
    }
    let unreachable = stats.unreachable();
    if unreachable > 0 {
        outln!("{unreachable} positions not reached from any variant's start")?;
    }
    Ok(())
}
