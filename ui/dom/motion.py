"""Where a finished trick flies: towards the winner's pile, wherever the layout put it.

The piles sit in different corners on a phone, a phone on its side and a
desktop, so the direction is measured, not written into the stylesheet.
"""


def gather_vector(trick_box, pile_box):
    """The move (dx, dy) in px from the trick's centre to the pile's centre;
    the boxes are anything with left, top, width and height (DOMRect)."""
    dx = (pile_box.left + pile_box.width / 2) - (trick_box.left + trick_box.width / 2)
    dy = (pile_box.top + pile_box.height / 2) - (trick_box.top + trick_box.height / 2)
    return round(dx), round(dy)


def aim_gather(trick, pile):
    """Point the trick's gather animation (ui/table.css, --gather-x/-y) at ``pile``."""
    dx, dy = gather_vector(trick.getBoundingClientRect(), pile.getBoundingClientRect())
    trick.style.setProperty("--gather-x", f"{dx}px")
    trick.style.setProperty("--gather-y", f"{dy}px")
