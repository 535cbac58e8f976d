//! songo for Python (crates/songo-py) built and tested as a user gets it:
//! a virtual environment under the target directory gets the pinned
//! tools of `crates/songo-py/requirements-test.txt` from PyPI (maturin,
//! pytest, numpy, gymnasium, pettingzoo), `maturin build --release` makes
//! the wheel, pip installs it, and pytest runs `crates/songo-py/tests/`
//! against it, with this build's `songo` command as the independent
//! reference (`SONGO_BIN`: random games replayed by `songo replay`, probes
//! by `songo tb probe`). No test may skip.
//!
//! The test skips, saying why, when python3 or its venv module is missing,
//! unless `SONGO_PY=required`: then it fails. `.ci/run` installs them and
//! sets it.

mod cli_support;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use cli_support::{assert_ran, lossy};

/// Skips the test with `why`, or fails it when `SONGO_PY=required`.
fn missing(why: &str) {
    if std::env::var("SONGO_PY").as_deref() == Ok("required") {
        panic!("SONGO_PY=required but {why}");
    }
    eprintln!("skipped: {why}");
}

/// Runs a command to its end, failing the test with its output if it fails;
/// says how long it took.
fn run(what: &str, command: &mut Command) -> String {
    let started = Instant::now();
    let out = command
        .output()
        .unwrap_or_else(|e| panic!("{what} cannot start: {e}"));
    assert_ran(what, &out);
    eprintln!("{what}: {:.0} s", started.elapsed().as_secs_f64());
    lossy(&out.stdout)
}

/// `python -m pip install`, quiet, for the arguments that follow.
fn pip_install(python: &Path) -> Command {
    let mut c = Command::new(python);
    c.args([
        "-m",
        "pip",
        "install",
        "--quiet",
        "--disable-pip-version-check",
    ]);
    c
}

/// The virtual environment with the test requirements, made or brought up
/// to date (pip runs only when the requirements changed since it last did).
fn venv(root: &Path, dir: &Path) -> Option<PathBuf> {
    let python = dir.join("bin/python");
    if !python.exists() {
        let made = Command::new("python3")
            .arg("-m")
            .arg("venv")
            .arg(dir)
            .output();
        match made {
            Ok(out) if out.status.success() => {}
            Ok(out) => {
                let _ = std::fs::remove_dir_all(dir);
                missing(&format!(
                    "python3 cannot make a virtual environment ({}); install its venv module \
                     with: apt-get install python3-venv",
                    lossy(&out.stderr).trim()
                ));
                return None;
            }
            Err(_) => {
                missing(
                    "python3 is missing; install it with: apt-get install python3 python3-venv",
                );
                return None;
            }
        }
    }
    let requirements = root.join("crates/songo-py/requirements-test.txt");
    let wanted = std::fs::read_to_string(&requirements).expect("the requirements file reads");
    let stamp = dir.join("songo-requirements.txt");
    if std::fs::read_to_string(&stamp).ok().as_deref() != Some(wanted.as_str()) {
        run(
            "pip install -r crates/songo-py/requirements-test.txt",
            pip_install(&python).arg("-r").arg(&requirements),
        );
        std::fs::write(&stamp, wanted).expect("the stamp writes");
    }
    Some(python)
}

#[test]
fn the_python_package_builds_installs_and_passes_its_tests() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let Some(python) = venv(root, &tmp.join("python-venv")) else {
        return;
    };
    let bin = python.parent().expect("the venv has a bin directory");

    // The wheel, in a target directory of its own: maturin's build of the
    // crate differs from cargo's (it tells pyo3 that it builds an
    // extension module), and sharing one would rebuild pyo3 each time.
    let wheels = tmp.join("python-wheels");
    let _ = std::fs::remove_dir_all(&wheels);
    run(
        "maturin build --release",
        Command::new(bin.join("maturin"))
            .args(["build", "--release", "--locked", "--quiet", "-m"])
            .arg(root.join("crates/songo-py/Cargo.toml"))
            .arg("--interpreter")
            .arg(&python)
            .arg("--out")
            .arg(&wheels)
            .env("CARGO_TARGET_DIR", root.join("target/python")),
    );
    let wheel = std::fs::read_dir(&wheels)
        .expect("maturin wrote its output directory")
        .map(|e| e.expect("the directory lists").path())
        .find(|p| p.extension().is_some_and(|e| e == "whl"))
        .expect("maturin built a wheel");
    run(
        "pip install the wheel",
        pip_install(&python)
            .args(["--force-reinstall", "--no-deps"])
            .arg(&wheel),
    );

    let out = run(
        "pytest crates/songo-py/tests",
        Command::new(&python)
            .args(["-m", "pytest", "-p", "no:cacheprovider", "-q", "-rs"])
            .arg(root.join("crates/songo-py/tests"))
            // From outside the source tree, so that `import songo` is the
            // installed wheel, not crates/songo-py/python/songo.
            .current_dir(&tmp)
            .env("SONGO_BIN", env!("CARGO_BIN_EXE_songo")),
    );
    let summary = out.lines().last().unwrap_or_default();
    eprintln!("pytest: {summary}");
    assert!(summary.contains(" passed"), "{out}");
    assert!(
        !summary.contains("skipped") && !summary.contains("failed"),
        "every Python test must run and pass:\n{out}"
    );
}
