"""What the page keeps on the device: the match, the settings and the statistics.

:class:`Keeper` makes the storage decisions around :class:`ui.model.storage.Store`
(the statistics saved before the match, a replayed deal never saved, another
tab's newer match read back); the turn loop acts on its answers
(:meth:`ui.model.flow.Flow.save`). No browser imports: the backend is injected.
"""

from __future__ import annotations

from ui.model.settings import Settings
from ui.model.storage import FAILED, STALE, SavedDataError, Store
from ui.model.table import Table


class Keeper:
    def __init__(self, store: Store):
        self.store = store

    @property
    def game_key(self) -> str:
        return self.store.game_key

    def save(self, table: Table) -> str | None:
        """Save the match on ``table``: the storage's answer (``None``: a replayed
        deal, never saved nor counted)."""
        if table.replay_of is not None:
            return None
        stats_saved = self.store.save_stats(table.stats)  # first: a tab adopting the match reads these
        status = self.store.save_game(table.match, table.counted_hands, table.practice)
        return status if status == STALE or stats_saved else FAILED

    def load_newer(self) -> Table | None:
        """The match another tab saved, with the statistics saved with it."""
        try:
            saved = self.store.load_game()
        except SavedDataError:
            return None
        return None if saved is None else Table.from_saved(saved, self.store.load_stats())

    def newer_elsewhere(self) -> bool:
        return self.store.newer_elsewhere()

    def load_stats(self):
        return self.store.load_stats()

    def save_settings(self, settings: Settings) -> bool:
        return self.store.save_settings(settings)

    def save_stats(self, stats) -> bool:
        return self.store.save_stats(stats)

    def load_daily(self):
        return self.store.load_daily()

    def save_daily(self, book) -> bool:
        return self.store.save_daily(book)

    def load_problems(self):
        return self.store.load_problems()

    def save_problems(self, book) -> bool:
        return self.store.save_problems(book)

    def load_lessons(self):
        return self.store.load_lessons()

    def lesson_under_way(self) -> bool:
        return self.store.lesson_under_way()

    def daily_on_table(self) -> bool:
        return self.store.daily_on_table()

    def problem_on_table(self) -> bool:
        return self.store.problem_on_table()

    def save_lessons(self, book) -> bool:
        return self.store.save_lessons(book)
