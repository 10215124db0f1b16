"""The statistics per level drawn into the page (the DOM layer of ui/model/stats_table.py)."""

from pyscript import document

from ui.dom.elements import set_text
from ui.model import stats_table


def fill_stats(box, stats, tr, daily_lines=()):
    """Write ``stats`` into ``box``: a table with a column per level, or a line
    saying there is none yet; then the trend of the reviews and ``daily_lines``."""
    box.replaceChildren()
    for line in daily_lines:
        p = document.createElement("p")
        p.className = "stats-daily"
        set_text(p, line)
        box.appendChild(p)
    header, rows = stats_table.table(stats, tr)
    if len(header) == 1:
        p = document.createElement("p")
        set_text(p, tr.t("stats.none"))
        box.appendChild(p)
        return
    table = document.createElement("table")
    table.className = "sheet stats"
    head = table.createTHead().insertRow()
    for text in header:
        th = document.createElement("th")
        th.scope = "col"
        set_text(th, text)
        head.appendChild(th)
    body = table.createTBody()
    for heading, *values in rows:
        row = body.insertRow()
        th = document.createElement("th")
        th.scope = "row"
        set_text(th, heading)
        row.appendChild(th)
        for text in values:
            set_text(row.insertCell(), text)
    box.appendChild(table)
    trend = stats_table.trend_line(stats, tr)
    if trend:
        p = document.createElement("p")
        p.className = "stats-trend"
        set_text(p, trend)
        box.appendChild(p)
