"""The DOM from the model only: :class:`Renderer` copies a :class:`ui.model.present.TableModel` onto the page.

It reads nothing of the app's state: only the model it is given (the focus
to place included) and its own caches of what it drew last (the trick's
cards, the messages, the story, whether the player's turn was said), which
it compares by content, so a new table or language needs no word from
anyone. The markers on ``<html>`` that tests and benchmarks wait on are
written here (see ui/dom/split.py).
"""

import asyncio

from ui.dom.elements import by_id, card_img, card_src, root, set_label, set_lines, set_text
from ui.dom.motion import aim_gather
from ui.dom.sheet import draw_sheet
from ui.dom.web import document, window


#: The seats' places in the model's lists (``m.score``): ui.model.table's
#: HUMAN and COMPUTER, written here so this module imports nothing of the
#: model side (tests/test_ui_layers.py checks both the values and the import).
YOU, COMPUTER = 0, 1


class Renderer:
    def __init__(self, lang):
        self.lang = lang
        self.rendered_trick = []
        #: The player's turn has been said in the live region.
        self.turn_said = False
        self.rendered_messages = None
        self.rendered_story = None
        #: Whether the rows under the story are inert now (None: not set yet).
        self.covered = None
        #: Whether the match's score sheet stands before the story's lines (the markup has it after them).
        self.sheet_first = False

    def hold(self):
        """Say "wait" at once, before the event that started a move returns."""
        root.dataset.toMove = "computer"
        root.dataset.busy = "1"

    def clear_announcements(self):
        by_id("announce").replaceChildren()

    async def sweep(self, winner, seconds):
        """The finished trick sweeps towards ``winner``'s pile (``"you"``/``"computer"``)."""
        trick = by_id("trick")
        aim_gather(trick, by_id("my-pile" if winner == "you" else "opp-pile"))
        trick.classList.add(f"gather-{winner}")
        await asyncio.sleep(seconds)
        trick.classList.remove(f"gather-{winner}")

    def apply_static_texts(self, tr):
        """The page's fixed texts (``data-i18n``, ``data-i18n-label``) in ``tr``'s language."""
        t = tr.t
        self.lang = tr.lang
        root.lang = tr.lang
        for el in document.querySelectorAll("[data-i18n]"):
            set_text(el, t(str(el.dataset.i18n)))
        for el in document.querySelectorAll("[data-i18n-label]"):
            set_label(el, t(str(el.dataset.i18nLabel)))
        document.title = t("app.title")

    def card_src(self, code):
        return card_src(self.lang, code)

    def card_img(self, code, name):
        return card_img(self.lang, code, name)

    def render(self, m):
        """Bring the page in line with the model ``m`` (:func:`ui.model.present.build`);
        ``True`` when the focus the model asked for was placed."""
        self.lang = m.lang
        self.render_look(m)
        self.render_markers(m)
        self.render_score(m)
        self.render_opponent(m)
        self.render_stock(m)
        self.render_trick(m)
        # before the hand takes the focus: what the story shows or hides decides
        # whether the hand is on screen (at a match's end its row is not)
        self.render_story(m)
        focused = self.render_hand(m)
        self.render_status(m)
        self.render_lesson(m)
        self.render_buttons(m)
        self.render_notice(m)
        self.announce(m)
        for lang_button in document.querySelectorAll("button.lang"):
            lang_button.setAttribute("aria-pressed", "true" if str(lang_button.dataset.lang) == m.lang else "false")
        return focused

    def announce(self, m):
        """Say each new event once in the polite live region, then the player's
        turn once it comes. New lines are appended (a screen reader reads only
        those); the region keeps the last few."""
        lines = list(m.announcements)
        if m.can_act and not self.turn_said:
            lines.append(m.turn_text)
        self.turn_said = m.can_act
        if not lines:
            return
        box = by_id("announce")
        p = document.createElement("p")
        set_text(p, " ".join(lines))
        box.appendChild(p)
        while box.children.length > 3:
            box.firstElementChild.remove()

    def render_look(self, m):
        """The colours and the deck chosen (a change of deck redraws every face
        shown), and the model's sound cue, played by js/sound.js."""
        if root.getAttribute("data-theme") != m.theme:
            root.setAttribute("data-theme", m.theme)
        deck = "four" if m.four_colour else "two"
        if root.getAttribute("data-deck") != deck:
            root.setAttribute("data-deck", deck)
            for img in document.querySelectorAll('img.card-img[src*="/cards/"]'):
                src = str(img.getAttribute("src")).split("#")[0]
                if not src.endswith("/back.svg"):
                    img.src = src + ("#four" if m.four_colour else "")
        if m.cue:
            self.play(m.cue)

    def play(self, cue):
        sound = getattr(window, "sixtysixSound", None)  # js/sound.js (deferred: there by now)
        if sound:
            sound.play(cue)

    def render_markers(self, m):
        d = root.dataset
        d.toMove = m.to_move
        d.hand = str(m.hand_number)
        d.score = f"{m.score[YOU]}-{m.score[COMPUTER]}"
        d.stock = str(m.stock_count)
        d.stockState = m.stock_state
        d.result = m.result_reason or ""
        d.hint = m.hint
        d.lang = m.lang
        d.busy = "1" if m.busy else "0"
        d.speed = m.speed
        if m.gathered:
            d.gathered = m.gathered
        d.thinking = "1" if m.thinking else "0"
        d.armed = m.armed
        d.lesson = m.lesson
        d.lessonStep = str(m.lesson_step) if m.lesson else ""
        d.practice = ("on" if m.practice_aids else "match") if m.practice else ""
        d.resumable = "1" if m.resumable else ""

    def render_score(self, m):
        set_text(by_id("score-you"), str(m.score[YOU]))
        set_text(by_id("score-computer"), str(m.score[COMPUTER]))
        set_text(by_id("score-aria"), m.score_aria)
        set_text(by_id("hand-number"), m.hand_number_text)

    def render_opponent(self, m):
        box = by_id("opp-hand")
        set_label(box, m.opponent_aria)
        by_id("practice-badge").hidden = not m.practice
        shown = [str(img.getAttribute("data-code") or "") for img in box.children]
        if m.revealed and shown != [c.code for c in m.revealed]:
            box.replaceChildren()  # the hand is over: the computer's cards face up
            for card in m.revealed:
                img = self.card_img(card.code, card.name)
                img.dataset.code = card.code
                box.appendChild(img)
        elif not m.revealed and any(shown):
            box.replaceChildren()
        while box.children.length > m.opponent_count:
            box.lastElementChild.remove()
        while box.children.length < m.opponent_count:
            img = document.createElement("img")
            img.className = "card-img back"
            img.src = "assets/cards/back.svg"
            img.alt = ""
            box.appendChild(img)
        self.render_pile("opp-pile", "opp-pile-text", m.piles["computer"], m.pile_texts["computer"])
        self.render_pile("my-pile", "my-pile-text", m.piles["you"], m.pile_texts["you"])

    def render_pile(self, pile_id, text_id, count, text):
        pile = by_id(pile_id)
        pile.dataset.count = str(count)
        pile.classList.toggle("empty", count == 0)
        set_text(by_id(text_id), text)

    def render_stock(self, m):
        stock = by_id("stock")
        stock.dataset.state = m.stock_state
        set_label(stock, m.stock_aria)
        trump = by_id("trump-card")
        if m.trump_card is None:
            trump.hidden = True
        else:
            trump.hidden = False
            src = self.card_src(m.trump_card) if m.trump_face_up else "assets/cards/back.svg"
            if not str(trump.src).endswith(src):
                trump.src = src
        set_text(by_id("stock-count"), m.stock_text)
        set_text(by_id("trump-text"), m.trump_text)

    def render_trick(self, m):
        box = by_id("trick")
        codes = [c.code for c in m.trick]
        box.classList.toggle("complete", m.trick_complete)
        for img in list(box.querySelectorAll("img.card-img")):
            if str(img.dataset.code) not in codes:
                img.remove()
        for card in m.trick:
            img = box.querySelector(f'img[data-code="{card.code}"]')
            if not img:
                img = self.card_img(card.code, card.name)
                img.dataset.code = card.code
                img.classList.add(f"by-{card.owner}")
                if card.code not in self.rendered_trick:
                    img.classList.add("arrive")
                box.appendChild(img)
            else:
                img.alt = card.name
                img.src = self.card_src(card.code)
            img.classList.toggle("wins", card.wins)
        self.rendered_trick = codes

    def render_hand(self, m):
        hand = by_id("hand")
        set_label(hand, m.my_hand_aria)
        existing = {str(b.dataset.code): b for b in hand.querySelectorAll("button.card")}
        wanted = [c.code for c in m.my_cards]
        had_focus = hand.contains(document.activeElement)
        for code, button in existing.items():
            if code not in wanted:
                button.remove()
        buttons = []
        for card in m.my_cards:
            button = existing.get(card.code)
            if button is None:
                button = document.createElement("button")
                button.type = "button"
                button.className = "card"
                button.dataset.code = card.code
                button.appendChild(self.card_img(card.code, card.name))
            img = button.firstElementChild
            if img.alt != card.name:
                img.alt = card.name
                img.src = self.card_src(card.code)
            button.setAttribute("aria-disabled", "false" if card.playable else "true")
            button.classList.toggle("playable", card.playable)
            button.classList.toggle("dimmed", card.dimmed)
            button.classList.toggle("hinted", card.hinted)
            buttons.append(button)
        current = [str(b.dataset.code) for b in hand.querySelectorAll("button.card")]
        if current != wanted:
            for button in buttons:
                hand.appendChild(button)
        # One card in the tab order (arrow keys move between them).
        focus_at = None
        if m.focus is not None and buttons:
            at = min(m.focus, len(buttons) - 1)
            # never on a card that may not be played now (a follow in the closed or
            # empty stock's phase): the next one that may, else the one asked for
            focus_at = next((i for i in list(range(at, len(buttons))) + list(range(at)) if m.my_cards[i].playable), at)
        elif had_focus and hand.contains(document.activeElement):
            focus_at = next(i for i, b in enumerate(buttons) if b == document.activeElement)
        tab_at = focus_at if focus_at is not None else next(
            (i for i, c in enumerate(m.my_cards) if c.playable), 0)
        for i, button in enumerate(buttons):
            button.tabIndex = 0 if i == tab_at else -1
        if focus_at is not None:
            buttons[focus_at].focus()
        return m.focus is not None and focus_at is not None

    def render_status(self, m):
        set_text(by_id("turn"), m.turn_text)
        set_text(by_id("points"), m.points_text)
        if m.messages != self.rendered_messages:
            set_lines(by_id("messages"), m.messages)
            self.rendered_messages = list(m.messages)
        set_text(by_id("stats-hands"), m.stats_texts[0])
        set_text(by_id("stats-matches"), m.stats_texts[1])
        by_id("btn-last-trick").disabled = m.last_trick is None

    def render_story(self, m):
        box = by_id("story")
        box.hidden = not m.story_lines
        # Drawn over the computer's row and the middle one (ui/table.css; not in
        # the embedded game, where it comes under them): what it covers leaves
        # the tab order and the reach of taps and screen readers.
        covered = bool(m.story_lines) and not root.classList.contains("embed")
        if covered != self.covered:  # a render per move: the DOM is touched only when it changes
            for row in document.querySelectorAll(".table > .opponent, .table > .middle"):
                row.toggleAttribute("inert", covered)
            self.covered = covered
        sheet = by_id("story-sheet")
        sheet.hidden = not m.match_over
        set_text(by_id("story-title"), m.story_title)
        if m.match_over != self.sheet_first:
            # The match is over: its sheet comes under the title, before the last
            # hand's words, so a phone's box shows the match's hands before it scrolls.
            lines = by_id("story-lines")
            box.insertBefore(sheet, lines if m.match_over else lines.nextElementSibling)
            self.sheet_first = m.match_over
        if m.sheet is not None and m.story_lines != self.rendered_story:
            draw_sheet(sheet, m.sheet)  # the match is over: its score sheet, shown at once
        if m.story_lines != self.rendered_story:
            set_lines(by_id("story-lines"), m.story_lines)
            self.rendered_story = list(m.story_lines)

    def render_lesson(self, m):
        """A lesson's title and its words for this step (the box hides outside lessons)."""
        by_id("lesson").hidden = not m.lesson_title
        set_text(by_id("lesson-title"), m.lesson_title)
        text = by_id("lesson-text")
        text.hidden = not m.lesson_text
        if str(text.textContent) != m.lesson_text:  # the live region speaks only a new step
            set_text(text, m.lesson_text)

    def render_buttons(self, m):
        ids = {"exchange": "btn-exchange", "close": "btn-close", "declare": "btn-declare", "hint": "btn-hint",
               "next_hand": "btn-next-hand", "new_match": "btn-new-match-end", "review": "btn-review",
               "replay": "btn-replay", "replay_other": "btn-replay-other", "share": "btn-share", "back": "btn-back",
               "take_back": "btn-take-back", "next_problem": "btn-next-problem",
               "next_lesson": "btn-next-lesson", "first_match": "btn-first-match"}
        lost_focus = document.activeElement == document.body or by_id("hand").contains(document.activeElement)
        steps = ("next_hand", "new_match", "next_problem", "next_lesson", "first_match")
        for name, el_id in ids.items():
            button = by_id(el_id)
            appears = m.buttons[name] and button.hidden
            button.hidden = not m.buttons[name]
            button.classList.toggle("hinted", m.hinted_button == name)
            if appears and name in steps and lost_focus:
                button.focus()  # the hand ended: its next step is one key away
        if (lost_focus and m.to_move == "none" and m.buttons["back"] and not any(m.buttons[s] for s in steps)
                and document.activeElement == document.body):
            by_id("btn-back").focus()  # a deal with no next hand (the day's, one dealt again) ended: the way back
        by_id("btn-hint").setAttribute("aria-busy", "true" if m.hint_pending else "false")
        for name, text in m.button_texts.items():
            button = by_id(ids[name])
            set_text(button, text)  # the question while a first tap asks, else the move's name
            button.classList.toggle("armed", m.armed == name)
            if m.armed == name and m.armed_waits:  # the tap that asked is not over yet
                button.setAttribute("aria-disabled", "true")
            else:
                button.removeAttribute("aria-disabled")

    def render_notice(self, m):
        by_id("notice").hidden = not m.notice_text
        if m.notice_text:
            set_text(by_id("notice-text"), m.notice_text)


    def fill_last_trick(self, m):
        box = by_id("last-trick-cards")
        box.replaceChildren()
        for card in m.last_trick or []:
            figure = document.createElement("figure")
            img = self.card_img(card.code, card.name)
            img.classList.add(f"by-{card.owner}")
            caption = document.createElement("figcaption")
            set_text(caption, card.owner_name)
            figure.append(img, caption)
            box.appendChild(figure)
        set_text(by_id("last-trick-text"), m.last_trick_text)
