#!/usr/bin/env python3
"""Draw the project's playing cards as SVG files.

    python3 tools/make_cards.py           # writes assets/cards/<lang>/<code>.svg and back.svg

One set per language, because the corner index of the jack differs ("V" for
Valete, "F" for Fante); the index letters come from ``locales/<lang>.json``
(``rank.short.*``). Classic look: corner indices, suit pips in the usual
layouts for 9 and 10, a large pip on the ace, double-ended court figures, and
a patterned back. Standard library only; the output is committed.

The four-colour deck (an option of the page) is the same files: a diamond or
a club card names its root ``four`` and restyles its suit's colour when it
is the fragment's target, so ``QD.svg#four`` draws a blue queen of diamonds
and ``KC.svg#four`` a green king of clubs (hearts stay red, spades black, as
in the usual four-colour decks). No second set of files to download, cache
or precache: ui/dom/elements.py ``card_src`` only adds the fragment.
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "cards"

W, H = 200, 280
RED, BLACK = "#c1121f", "#1b1b1b"
SUIT_COLOR = {"C": BLACK, "S": BLACK, "D": RED, "H": RED}
#: The four-colour deck's other colours, shown for the fragment ``#four``.
FOUR_COLOR = {"D": "#1357b8", "C": "#137a3c"}
FOUR_ID = "four"
LANGS = ("pt", "it")

# Suit shapes in a 100x100 box.
SUIT_PATHS = {
    "H": "M50 92 C22 68 2 50 2 29 C2 13 14 2 29 2 C39 2 46 8 50 17 C54 8 61 2 71 2 "
         "C86 2 98 13 98 29 C98 50 78 68 50 92 Z",
    "D": "M50 2 L90 50 L50 98 L10 50 Z",
    "S": "M50 2 C60 18 98 38 98 62 C98 78 86 88 72 88 C63 88 56 84 53 78 "
         "C54 87 58 94 68 99 L32 99 C42 94 46 87 47 78 C44 84 37 88 28 88 "
         "C14 88 2 78 2 62 C2 38 40 18 50 2 Z",
    "C": "M50 4 A22 22 0 0 1 67 40 A22 22 0 1 1 56 76 C57 87 61 94 69 99 L31 99 "
         "C39 94 43 87 44 76 A22 22 0 1 1 33 40 A22 22 0 0 1 50 4 Z",
}

# Pip centres for the 9 and the 10 (x, y, upside-down).
COLS = (68, 100, 132)
ROWS4 = (62, 114, 166, 218)
PIPS = {
    "9": [(COLS[0], y, y > 140) for y in ROWS4] + [(COLS[2], y, y > 140) for y in ROWS4] + [(100, 140, False)],
    "T": [(COLS[0], y, y > 140) for y in ROWS4] + [(COLS[2], y, y > 140) for y in ROWS4]
         + [(100, 88, False), (100, 192, True)],
}

# Court figures: robe colour and headwear per rank.
COURT = {
    "J": {"robe": "#2f6f4f", "trim": "#e2b33c"},
    "Q": {"robe": "#a3233a", "trim": "#e2b33c"},
    "K": {"robe": "#24509a", "trim": "#e2b33c"},
}
GOLD, SKIN, HAIR = "#d9a426", "#f3d2ac", "#6b3e1f"


def symbols(suits: str) -> str:
    """The suit shapes a card uses (its own suit; the back none): each file stays small."""
    return "".join(f'<symbol id="s{s}" viewBox="0 0 100 100"><path d="{SUIT_PATHS[s]}"/></symbol>' for s in suits)


def pip(suit: str, cx: float, cy: float, size: float, flip: bool = False) -> str:
    x, y = cx - size / 2, cy - size / 2
    t = f' transform="rotate(180 {cx} {cy})"' if flip else ""
    return f'<use href="#s{suit}" x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}"{t}/>'


def corner(rank_label: str, suit: str) -> str:
    size = 46 if len(rank_label) == 1 else 40
    spacing = ' letter-spacing="-3"' if len(rank_label) > 1 else ""
    return (f'<text x="24" y="50" font-size="{size}" text-anchor="middle"{spacing}>{rank_label}</text>'
            + pip(suit, 24, 72, 28))


def headwear(rank: str, color: str) -> str:
    if rank == "K":  # a crown with five points
        return (f'<path d="M78 66 L78 46 L87 56 L94 40 L100 54 L106 40 L113 56 L122 46 L122 66 Z" '
                f'fill="{GOLD}" stroke="{BLACK}" stroke-width="1.5"/>'
                f'<circle cx="100" cy="60" r="3" fill="{color}" class="f"/>')
    if rank == "Q":  # a tiara over long hair
        return (f'<path d="M76 92 C74 62 84 52 100 52 C116 52 126 62 124 92 Z" fill="{HAIR}"/>'
                f'<path d="M84 60 L90 48 L95 56 L100 42 L105 56 L110 48 L116 60 Z" '
                f'fill="{GOLD}" stroke="{BLACK}" stroke-width="1.5"/>')
    # the jack: a flat cap with a feather
    return (f'<path d="M78 66 C78 50 122 50 122 66 Z" fill="{color}" class="f" stroke="{BLACK}" stroke-width="1.5"/>'
            f'<path d="M118 58 C132 48 138 36 134 30 C128 40 122 48 112 56 Z" fill="{GOLD}" '
            f'stroke="{BLACK}" stroke-width="1"/>')


def figure_half(rank: str, suit: str) -> str:
    """The top half of a double-ended court card (y 30..140)."""
    c = COURT[rank]
    color = SUIT_COLOR[suit]
    return (
        # shoulders and robe
        f'<path d="M56 140 C58 112 70 100 100 100 C130 100 142 112 144 140 Z" fill="{c["robe"]}" '
        f'stroke="{BLACK}" stroke-width="1.5"/>'
        f'<path d="M86 101 L100 128 L114 101" fill="none" stroke="{c["trim"]}" stroke-width="5"/>'
        f'<path d="M62 132 L138 132" stroke="{c["trim"]}" stroke-width="4"/>'
        # head
        f'<circle cx="100" cy="78" r="19" fill="{SKIN}" stroke="{BLACK}" stroke-width="1.5"/>'
        f'<circle cx="93" cy="76" r="2" fill="{BLACK}"/><circle cx="107" cy="76" r="2" fill="{BLACK}"/>'
        f'<path d="M94 87 Q100 91 106 87" fill="none" stroke="{BLACK}" stroke-width="1.5"/>'
        + headwear(rank, color)
        # the suit pip the figure holds
        + pip(suit, 64, 112, 26)
    )


def face(code: str, labels: dict[str, str]) -> str:
    rank, suit = code[0], code[1]
    color = SUIT_COLOR[suit]
    label = labels[rank]
    parts = [
        f'<rect x="1.5" y="1.5" width="{W - 3}" height="{H - 3}" rx="14" fill="#fffdf7" stroke="#5b5b5b" stroke-width="3"/>',
        f'<g fill="{color}" class="f" font-family="\'DejaVu Sans\', \'Liberation Sans\', Arial, Helvetica, sans-serif" '
        f'font-weight="bold">',
        corner(label, suit),
        f'<g transform="rotate(180 {W / 2} {H / 2})">{corner(label, suit)}</g>',
    ]
    if rank == "A":
        parts.append(pip(suit, 100, 140, 96))
    elif rank in PIPS:
        parts.extend(pip(suit, x, y, 34, flip) for x, y, flip in PIPS[rank])
    else:
        parts.append('</g>')
        parts.append(f'<rect x="48" y="30" width="104" height="220" rx="6" fill="#fbf1d9" stroke="{color}" class="t" stroke-width="2.5"/>')
        parts.append('<clipPath id="frame"><rect x="49" y="31" width="102" height="218" rx="5"/></clipPath>')
        half = figure_half(rank, suit)
        parts.append(f'<g clip-path="url(#frame)">{half}'
                     f'<g transform="rotate(180 100 140)">{half}</g></g>')
        parts.append(f'<path d="M49 140 L151 140" stroke="{color}" class="t" stroke-width="1.5"/>')
        parts.append(f'<g fill="{color}" class="f">')
    parts.append('</g>')
    other = FOUR_COLOR.get(suit)
    if other is None:  # hearts and spades keep their colour in both decks
        return svg("".join(parts).replace(' class="f"', "").replace(' class="t"', ""), suits=suit)
    style = f'<style>:target .f{{fill:{other}}}:target .t{{stroke:{other}}}</style>'
    return svg(style + "".join(parts), f' id="{FOUR_ID}"', suit)


def back() -> str:
    return svg(
        '<defs><pattern id="lattice" width="16" height="16" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)">'
        '<rect width="16" height="16" fill="#1d3f7a"/>'
        '<path d="M0 8 H16 M8 0 V16" stroke="#5b84c9" stroke-width="2"/>'
        '<circle cx="8" cy="8" r="2.5" fill="#d9e4f7"/></pattern></defs>'
        f'<rect x="1.5" y="1.5" width="{W - 3}" height="{H - 3}" rx="14" fill="#fdfdfd" stroke="#5b5b5b" stroke-width="3"/>'
        f'<rect x="14" y="14" width="{W - 28}" height="{H - 28}" rx="8" fill="url(#lattice)"/>'
        f'<rect x="14" y="14" width="{W - 28}" height="{H - 28}" rx="8" fill="none" stroke="#c9a43a" stroke-width="3"/>'
        '<circle cx="100" cy="140" r="30" fill="#1d3f7a" stroke="#c9a43a" stroke-width="3"/>'
        '<text x="100" y="153" font-size="36" text-anchor="middle" fill="#f4e3b0" font-weight="bold" '
        'font-family="\'DejaVu Serif\', Georgia, serif">66</text>'
    )


def svg(body: str, root: str = "", suits: str = "") -> str:
    defs = f'<defs>{symbols(suits)}</defs>' if suits else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg"{root} viewBox="0 0 {W} {H}" width="{W}" height="{H}">'
            f'{defs}{body}</svg>\n')


def rank_labels(lang: str) -> dict[str, str]:
    data = json.loads((ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8"))
    return {r: data[f"rank.short.{r}"] for r in "9JQKTA"}


def main() -> None:
    for lang in LANGS:
        labels = rank_labels(lang)
        d = OUT / lang
        d.mkdir(parents=True, exist_ok=True)
        for s in "CDHS":
            for r in "9JQKTA":
                (d / f"{r}{s}.svg").write_text(face(r + s, labels), encoding="utf-8")
    (OUT / "back.svg").write_text(back(), encoding="utf-8")
    print(f"wrote {len(LANGS) * 24 + 1} cards under {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
