"""axe-core (npm, pinned in package.json) run inside a page or frame under test.

    violations = run_axe(page)      # [] when the page is clean
    assert_no_violations(page, "the table at the start")

The script is evaluated from ``node_modules/axe-core/axe.min.js`` (no script
tag, so the pages' CSP stays untouched). The rules checked are WCAG 2 A and
AA and axe's best practices; a failure names each rule and its nodes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]

RUN = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: "tag", values: tags}, iframes: false, resultTypes: ["violations"]});
  return result.violations.map((v) => ({id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ") + " :: " + n.failureSummary.replace(/\\s+/g, " "))}));
}"""


def run_axe(target) -> list[dict]:
    """axe's violations in a Page or Frame (axe is loaded into it first)."""
    if not AXE_JS.is_file():
        pytest.fail(f"{AXE_JS} missing: run `npm ci` (axe-core is a devDependency)")
    if not target.evaluate("() => typeof window.axe === 'object'"):
        target.evaluate(AXE_JS.read_text(encoding="utf-8") + "\n;undefined")
    return target.evaluate(RUN, TAGS)


def describe(violations: list[dict]) -> str:
    return "\n".join(f"- {v['id']} ({v['help']}):\n    " + "\n    ".join(v["nodes"]) for v in violations)


def assert_no_violations(target, where: str) -> None:
    violations = run_axe(target)
    assert not violations, f"axe-core found {len(violations)} violation(s) on {where}:\n{describe(violations)}"
