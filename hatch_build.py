"""Hatchling's build hook: a wheel of Hippodrome carries the compiled build where it can be made.

``pip install hippodrome`` (a wheel built from the source) compiles the modules of
``hippodrome.compiled.MODULES`` with mypyc when a C compiler and Python's headers are found, and
ships their extension modules beside the Python sources, which stay in the wheel: where a module's
extension is present, Python imports it rather than the source. Without a compiler, or when the
compilation fails, the wheel is pure Python and says why in the build's output. An editable install
(``pip install -e``, what ``make`` does) stays pure Python, so that an edit to a source takes effect
at once; ``make compiled`` builds the separate copy in ``build/compiled`` for it (docs/engine.md,
"A compiled build"). ``HIPPODROME_PURE=1`` asks for a pure wheel.

The work is ``scripts/build_compiled.py``'s: the same copy in ``build/compiled``, rebuilt only when a
source changed, whose extension modules the wheel then includes.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from types import ModuleType
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

ROOT = Path(__file__).resolve().parent


def _builder() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "build_compiled", ROOT / "scripts" / "build_compiled.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class CompiledBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        if os.environ.get("HIPPODROME_PURE", "") not in ("", "0"):
            self.app.display_info("Hippodrome: HIPPODROME_PURE is set, a pure-Python wheel")
            return
        builder = _builder()
        missing = builder.compiler_missing()
        if missing is not None:
            self.app.display_warning(f"Hippodrome: {missing}; a pure-Python wheel")
            return
        if builder.build(force=False, jobs=os.cpu_count() or 1) != 0:
            self.app.display_warning("Hippodrome: the compiled build failed; a pure-Python wheel")
            return
        # The shared library at the top, each module's own beside its source (setuptools' own
        # build directory in the copy holds former ones).
        found = [*builder.OUT.glob("*.so"), *(builder.OUT / "hippodrome").rglob("*.so")]
        extensions = sorted(found)
        for path in extensions:
            build_data["force_include"][str(path)] = str(path.relative_to(builder.OUT))
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        self.app.display_info(f"Hippodrome: {len(extensions)} compiled extension modules included")
