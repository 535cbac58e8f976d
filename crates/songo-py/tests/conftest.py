"""Fixtures: the `songo` command (the independent reference some tests
compare the binding with) and small tablebases it generates.

`SONGO_BIN` names the command; tests/python.rs sets it to the one cargo
built. Without it, a `songo` on the PATH or in the repository's
target/release serves; the tests that need it skip when none is found.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]


def _find_songo() -> str | None:
    named = os.environ.get("SONGO_BIN")
    if named:
        return named
    for candidate in (REPO / "target" / "release" / "songo", shutil.which("songo")):
        if candidate and Path(candidate).is_file():
            return str(candidate)
    return None


@pytest.fixture(scope="session")
def repo() -> Path:
    """The repository's root (scripts/ and the command's target/)."""
    return REPO


@pytest.fixture(scope="session")
def songo_bin() -> str:
    found = _find_songo()
    if found is None:
        pytest.skip("the songo command is not built (cargo build --release) and SONGO_BIN is not set")
    return found


@pytest.fixture(scope="session")
def tables(songo_bin: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """songo40 tables of 10 to 12 seeds (about 8 MB, seconds to make)."""
    directory = tmp_path_factory.mktemp("tables")
    subprocess.run(
        [
            songo_bin, "tb", "generate", "--variant", "songo40", "--max-seeds", "12",
            "--dir", str(directory), "--no-checkpoints", "--threads", "1",
        ],
        check=True,
        capture_output=True,
    )
    return directory
