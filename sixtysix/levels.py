"""The computer's levels, defined once (light: the page's main thread imports it
without loading the bots).

>>> LEVELS, URL_LEVELS
(('easy', 'medium', 'hard'), ('easy', 'medium', 'hard', 'random'))
"""

#: The strengths offered to players, weakest first (:func:`sixtysix.bots.make` names).
LEVELS = ("easy", "medium", "hard")
#: What a link's ``?level=`` may also ask for: the random player, a yardstick.
URL_LEVELS = LEVELS + ("random",)
