"""An installed (non-editable) spotdiff works without the checkout.

Builds the wheel with hatchling (no network: ``--no-build-isolation``),
installs it into a bare folder and runs it from elsewhere, so the package
must find its schemas inside itself.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

from conftest import REPO


def test_wheel_carries_schemas_and_runs_outside_the_checkout(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--wheel-dir",
            str(wheels),
            str(REPO),
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    (wheel,) = wheels.glob("spotdiff_eval-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for schema in ("prediction", "annotation", "manifest", "report", "submission"):
        assert f"spotdiff_eval/_data/schemas/{schema}.schema.json" in names
    assert "spotdiff_eval/_data/site_templates/dataset_card.md.j2" in names

    target = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--target",
            str(target),
            str(wheel),
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(target)}

    def installed(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        """Run Python elsewhere, with the installed copy on its path."""
        return subprocess.run(
            [sys.executable, *args],
            input=stdin,
            cwd=elsewhere,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )

    perfect = REPO / "predictions" / "perfect.json"
    manifest = REPO / "data" / "manifest.json"
    result = installed(
        "-m", "spotdiff_eval", "evaluate", "--manifest", str(manifest),
        "--predictions", str(perfect), "--output", "report.json",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    probe = installed(
        "-c", "import spotdiff_eval.datasets._resources as r; print(r.resource_dir('schemas'))"
    )
    assert probe.returncode == 0, probe.stderr
    assert Path(probe.stdout.strip()).is_relative_to(target)
    card = installed(
        "-c",
        "import json, sys; from spotdiff_eval.generator.card import render_card; "
        "sys.stdout.write(render_card(json.loads(sys.stdin.read())))",
        stdin=(REPO / "data" / "dataset_version.json").read_text(encoding="utf-8"),
    )
    assert card.returncode == 0, card.stderr
    assert card.stdout == (REPO / "data" / "README.md").read_text(encoding="utf-8")
    report = json.loads((elsewhere / "report.json").read_text(encoding="utf-8"))
    assert report["metrics"]["overall_score"] == 1.0
    # The installed `spotdiff` program runs the same command line.
    program = installed(str(target / "bin" / "spotdiff"), "validate", str(perfect))
    assert program.returncode == 0, program.stderr
    assert program.stdout == f"{perfect}: valid\n"
    # Its evaluate ends the process as soon as it is done (``_util.quick_exit``):
    # the whole summary still arrives, as from ``python -m``.
    arguments = ("evaluate", "--manifest", str(manifest), "--predictions", str(perfect))
    summary = installed(str(target / "bin" / "spotdiff"), *arguments)
    module = installed("-m", "spotdiff_eval", *arguments)
    assert summary.returncode == module.returncode == 0, summary.stderr
    assert summary.stdout == module.stdout
    assert "100.0%" in summary.stdout
