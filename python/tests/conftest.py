"""Shared fixtures: the kibitz program to compare with (KIBITZ_BIN, set by
ctest; else ../../build/kibitz) and a fresh folder for databases."""
import os

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))


@pytest.fixture(scope="session")
def kibitz_bin():
    path = os.environ.get("KIBITZ_BIN",
                          os.path.join(HERE, "..", "..", "build", "kibitz"))
    if not os.path.exists(path):
        pytest.fail(f"the kibitz program is not at {path} (set KIBITZ_BIN)")
    return path
