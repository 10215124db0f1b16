"""The statistics drawn into the page, from the ``stats`` message's words
(:func:`ui.model.core.stats_fields`): the DOM layer of ui/model/stats_table.py."""

from ui.dom.elements import paragraph, set_text
from ui.dom.web import document


def fill_stats(box, stats):
    """Write ``stats`` into ``box``: the day's deals', problems' and course's
    lines, then a table with a column per level (or a line saying there is
    none yet) and the trend of the reviews."""
    box.replaceChildren()
    for line in stats.lines:
        paragraph(box, line, "stats-daily")
    if len(stats.header) == 1:
        paragraph(box, stats.none)
        return
    table = document.createElement("table")
    table.className = "sheet stats"
    head = table.createTHead().insertRow()
    for text in stats.header:
        th = document.createElement("th")
        th.scope = "col"
        set_text(th, text)
        head.appendChild(th)
    body = table.createTBody()
    for row_texts in stats.rows:
        row = body.insertRow()
        th = document.createElement("th")
        th.scope = "row"
        set_text(th, row_texts[0])
        row.appendChild(th)
        for text in row_texts[1:]:
            set_text(row.insertCell(), text)
    box.appendChild(table)
    if stats.trend:
        paragraph(box, stats.trend, "stats-trend")
