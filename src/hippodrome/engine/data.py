"""Game data files (DESIGN.md, "Boards and cards are data"): loading, checking, fingerprinting.

Every game keeps its material in a TOML file inside its package, each table marked ``authentic`` (with
its ``source``) or ``reconstructed`` (with the ``constraint`` it satisfies). A game describes its file
with a :class:`DataFile` and a parser that builds its material and lists every problem it finds; this
module does the rest the same way for every game: the fingerprint records carry, the load that refuses
an inconsistent file with a ``DataError``, and the full list of problems for ``hippodrome data check``.
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib.resources import files
from typing import Any, Generic, TypeVar

from hippodrome.engine.errors import DataError

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class DataFile(Generic[T]):
    """One game's data file: where it lies and how it is read."""

    package: str
    """The game package holding the file (``hippodrome.games.royal_turf``)."""
    parser: Callable[[dict[str, Any], list[str]], T | None]
    """Builds the material from the TOML document, appending every problem found to the list."""
    name: str = "material.toml"

    @property
    def source(self) -> str:
        """How errors name the file (``royal_turf/material.toml``)."""
        return f"{self.package.rsplit('.', 1)[-1]}/{self.name}"

    def digest(self) -> str:
        """The fingerprint of the file as installed (see ``Game.data_digest``)."""
        return hashlib.sha256((files(self.package) / self.name).read_bytes()).hexdigest()[:16]

    def load(self) -> T:
        """The material; raises ``DataError`` naming every inconsistency."""
        problems: list[str] = []
        found = self.parse(self._read(), problems)
        if problems or found is None:
            raise DataError(self.source, "; ".join(problems))
        return found

    def check(self, *more: Callable[[T], Iterable[str]]) -> list[str]:
        """Every inconsistency in the file (empty when it is sound); ``more`` are further checks of
        a material that parsed (say, building the tracks it describes)."""
        try:
            raw = self._read()
        except tomllib.TOMLDecodeError as exc:
            return [f"not valid TOML: {exc}"]
        problems: list[str] = []
        found = self.parse(raw, problems)
        if found is not None:
            for extra in more:
                problems.extend(extra(found))
        return problems

    def parse(self, raw: dict[str, Any], problems: list[str]) -> T | None:
        """The parser's material, with a missing or ill-typed value reported as a problem."""
        try:
            return self.parser(raw, problems)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            problems.append(f"missing or malformed value: {exc!r}")
            return None

    def _read(self) -> dict[str, Any]:
        return tomllib.loads((files(self.package) / self.name).read_text(encoding="utf-8"))


def check_provenance(
    raw: dict[str, Any], tables: Iterable[str], problems: list[str]
) -> dict[str, str]:
    """Each table's provenance (``authentic`` with a ``source``, or ``reconstructed`` with a
    ``constraint``), appending to ``problems`` every table that lacks one."""
    provenance: dict[str, str] = {}
    for table in tables:
        kind = raw[table].get("provenance")
        if kind not in ("authentic", "reconstructed"):
            problems.append(f"[{table}] has no provenance (authentic or reconstructed)")
        elif kind == "authentic" and not raw[table].get("source"):
            problems.append(f"[{table}] is authentic but names no source")
        elif kind == "reconstructed" and not raw[table].get("constraint"):
            problems.append(f"[{table}] is reconstructed but states no constraint")
        provenance[table] = str(kind)
    return provenance
