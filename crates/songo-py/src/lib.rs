//! songo-py: songo for Python, the `songo` wheel's extension module
//! (`songo._songo`; the package `songo` re-exports it beside its pure-Python
//! environments, `python/songo/`). Built by maturin (`pyproject.toml`);
//! docs/python.md documents the Python API.
//!
//! One concern per module: [`errors`] (the exception classes and the
//! core's errors turned into them: nothing crosses into Python as a
//! panic), [`game`] (`Game`: the rules, move names, results), [`record`]
//! (game records read and written by songo-core), [`engine`] (`Engine`:
//! searches with typed limits and results, the GIL released while they
//! run), [`analysis`] (the typed results: `Score`, `Line`, `Analysis`),
//! [`tablebases`] (`Tablebases`: probing) and [`playouts`] (many random
//! games in one call, for speed).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use pyo3::prelude::*;

pub mod analysis;
pub mod engine;
pub mod errors;
pub mod game;
pub mod playouts;
pub mod record;
pub mod tablebases;

/// songo's rules, engine and tablebases, compiled from Rust.
#[pymodule]
fn _songo(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<game::PyOutcome>()?;
    m.add_class::<record::PyRecord>()?;
    m.add_function(wrap_pyfunction!(record::read_records, m)?)?;
    m.add_class::<analysis::PyScore>()?;
    m.add_class::<analysis::PyLine>()?;
    m.add_class::<analysis::PyAnalysis>()?;
    m.add_class::<engine::PyEngine>()?;
    m.add_class::<tablebases::PyTablebases>()?;
    m.add_class::<tablebases::PyProbe>()?;
    m.add_class::<playouts::PyPlayouts>()?;
    m.add_function(wrap_pyfunction!(playouts::random_playouts, m)?)?;
    m.add("VARIANTS", game::variant_names())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
