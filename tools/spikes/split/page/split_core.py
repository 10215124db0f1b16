"""The spike's worker side (Pyodide): the table, the presenter and the bot.

Messages in: JSON objects {"op": ...}. Messages out: text 'kind|id|payload'
through ``send`` (postMessage in the plain worker, the outbox in the PyScript
worker). ``handle`` returns the direct answer (or None) and pushes the rest.
"""

import json

from ui.model import present
from ui.model.botcall import choose
from ui.model.i18n import Translator, load_catalog
from ui.model.page import PageState
from ui.model.stats import Stats
from ui.model.table import COMPUTER, Table


class Core:
    def __init__(self, send):
        self.send = send
        self.table = None
        self.state = None
        self.tr = None
        self.last = ""

    def model(self):
        self.last = present.model_json(present.build(self.table, self.state, self.tr, self.table.take_events()))
        return self.last

    def start(self, seed, lang):
        self.tr = Translator(lang, load_catalog(lang))
        self.state = PageState(lang=lang, level="medium")
        self.table = Table.new(seed, Stats())
        return "model|0|" + self.model()

    def tap(self, code):
        actions = self.table.actions_for_card(code)
        if not actions:
            return "model|0|" + self.model()
        self.table.apply_human(actions)
        return "model|0|" + self.model()

    def computer(self):
        """The computer's turns after the player's, each pushed as a model."""
        t = self.table
        while not t.hand_over and t.to_move == COMPUTER:
            if t.showing_trick is not None:
                t.gather()
            t.apply_computer(choose(t.view(COMPUTER), "medium"))
            self.send("model|0|" + self.model())
        if t.showing_trick is not None and not t.hand_over:
            t.gather()
            self.send("model|0|" + self.model())

    def handle(self, text):
        """The direct answer to one command (text), or None."""
        msg = json.loads(text)
        op = msg["op"]
        if op == "start":
            return self.start(msg["seed"], msg.get("lang", "pt"))
        if op == "tap":
            return self.tap(msg["code"])
        if op == "ping":  # answered by the current model (~4-5 kB of JSON)
            return "pong|" + msg["id"] + "|" + (self.last or self.model())
        if op == "ping_push":
            self.send("pong|" + msg["id"] + "|" + (self.last or self.model()))
            return None
        return "error|0|unknown op " + op

    def after(self, text):
        """What follows a command, pushed (the computer's turns after a tap)."""
        if json.loads(text)["op"] == "tap":
            self.computer()
