"""The score sheet drawn into the page, from :class:`ui.model.sheet.SheetModel`.

Each row's review button carries its hand's number (``data-review-hand``,
1-based); one listener on the box (``ui/dom/events.py``) handles them all,
so redrawing the sheet leaves no handler behind.
"""

from ui.dom.elements import paragraph, set_text
from ui.dom.web import document


def draw_sheet(box, sheet):
    """Write ``sheet`` into ``box``: a practice note, a summary line and one row per finished hand."""
    box.replaceChildren()
    if sheet.practice_note:
        paragraph(box, sheet.practice_note, "sheet-practice")
    paragraph(box, sheet.summary, "sheet-summary")
    if not sheet.rows:
        return
    table = document.createElement("table")
    table.className = "sheet"
    head = table.createTHead().insertRow()
    for text in sheet.headings:
        th = document.createElement("th")
        th.scope = "col"
        set_text(th, text)
        head.appendChild(th)
    body = table.createTBody()
    for i, (cells, winner_who, number) in enumerate(sheet.rows):
        row = body.insertRow()
        row.className = f"won-{winner_who}"
        for text in cells:
            set_text(row.insertCell(), text)
        if sheet.review:
            button = document.createElement("button")
            button.type = "button"
            button.className = "minor"
            button.dataset.reviewHand = str(number)
            set_text(button, sheet.review)
            button.setAttribute("aria-label", sheet.review_labels[i])
            row.insertCell().appendChild(button)
    box.appendChild(table)
