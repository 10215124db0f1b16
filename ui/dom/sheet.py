"""The score sheet drawn into the page (the DOM layer of ui/model/sheet.py)."""

from __future__ import annotations

from pyscript import document
from pyscript.ffi import create_proxy

from ui.dom.render import set_text
from ui.model import sheet as score_sheet

_proxies = {}  # box id -> the row buttons' handlers (destroyed when the box is redrawn)


def fill_sheet(box, match, tr, on_review=None, practice=False):
    """Write the sheet of ``match`` into ``box``: a summary line and one row per
    finished hand; with ``on_review``, each row gets a button that reviews its
    hand. A practice match says first that it does not count."""
    box.replaceChildren()
    for proxy in _proxies.pop(str(box.id), []):
        proxy.destroy()
    kept = _proxies.setdefault(str(box.id), [])
    if practice:
        note = document.createElement("p")
        note.className = "sheet-practice"
        set_text(note, tr.t("sheet.practice"))
        box.appendChild(note)
    rows = score_sheet.rows(match, tr)
    summary = document.createElement("p")
    summary.className = "sheet-summary"
    set_text(summary, score_sheet.summary(match, tr) if rows else tr.t("sheet.empty"))
    box.appendChild(summary)
    if not rows:
        return
    table = document.createElement("table")
    table.className = "sheet"
    head = table.createTHead().insertRow()
    for key in score_sheet.COLUMNS + (("sheet.col.review",) if on_review else ()):
        th = document.createElement("th")
        th.scope = "col"
        set_text(th, tr.t(key))
        head.appendChild(th)
    body = table.createTBody()
    for r in rows:
        row = body.insertRow()
        row.className = f"won-{r.winner_who}"
        cells = (str(r.number), r.dealer, r.winner, str(r.game_points), r.reason,
                 f"{r.points[0]}–{r.points[1]}", f"{r.running[0]}–{r.running[1]}")
        for text in cells:
            set_text(row.insertCell(), text)
        if on_review:
            button = document.createElement("button")
            button.type = "button"
            button.className = "minor"
            set_text(button, tr.t("button.review_hand"))
            button.setAttribute("aria-label", tr.t("sheet.review.aria", n=r.number))
            proxy = create_proxy(lambda e, n=r.number: on_review(n - 1))
            kept.append(proxy)
            button.addEventListener("click", proxy)
            row.insertCell().appendChild(button)
    box.appendChild(table)
