"""Every card face shipped can be drawn inline by js/last-table.js on a reload.

The script draws a kept face only if each of its tags and attributes is on
its allow-lists (FACE_TAGS, FACE_ATTRS); a face that is not would show as an
image again, 40-70 ms later (docs/performance.md, "The faces of a reload
drawn inline"). tools/make_cards.py and the lists must change together.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = (ROOT / "js" / "last-table.js").read_text(encoding="utf-8")


def allow_list(name: str) -> set[str]:
    body = re.search(rf"const {name} = new Set\(\[(.*?)\]\)", SCRIPT, re.S)
    assert body, f"js/last-table.js has no {name}"
    return set(re.findall(r'"([^"]+)"', body.group(1)))


def test_every_face_passes_last_table_s_allow_lists():
    tags, attrs = allow_list("FACE_TAGS"), allow_list("FACE_ATTRS")
    faces = sorted((ROOT / "assets" / "cards").glob("*/*.svg"))
    assert len(faces) == 48  # 24 cards, two decks
    for face in faces:
        text = re.sub(r"<style>[^<]*</style>", "", face.read_text(encoding="utf-8"))  # the script drops it
        assert set(re.findall(r"</?([^\s/>]*)", text)) <= tags, face.name
        assert set(re.findall(r"\s([^\s=/>]+)\s*=", text)) <= attrs, face.name
