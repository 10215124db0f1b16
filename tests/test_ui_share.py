"""Share links (ui/model/share.py): a hand round-trips, and broken links are refused
cleanly (a LinkError, never another exception, never a half-read hand)."""

from __future__ import annotations

import random

import pytest

from sixtysix import Game, bots
from ui.model import share
from ui.model.share import LinkError


def played(seed):
    g = Game.new(seed=seed)
    b = bots.make("easy", seed=seed)
    while g.result is None:
        g.apply(b.choose(g.view(g.to_move)))
    return g


@pytest.mark.parametrize("seed", range(12))
def test_a_finished_hand_round_trips(seed):
    g = played(seed)
    link = share.encode(g.deck, g.dealer, g.action_notations())
    assert len(link) <= share.MAX_LENGTH and "{" not in link
    deck, dealer, actions = share.parse(share.PREFIX + link)
    assert (deck, dealer, actions) == (list(g.deck), g.dealer, g.action_notations())


def test_a_deal_alone_round_trips():
    g = Game.new(seed=5)
    assert share.parse(share.encode(g.deck, g.dealer, [])) == (list(g.deck), g.dealer, [])


def test_the_longest_hands_fit_the_bound():
    longest = max((played(s) for s in range(60)), key=lambda g: len(g.actions))
    assert len(share.encode(longest.deck, longest.dealer, longest.action_notations())) < share.MAX_LENGTH


def mutations(link: str, rng: random.Random):
    alphabet = share.CARD_LETTERS + "".join(share.OTHER.values()) + "01.abcdef{}\"%#=\u00e9 "
    for _ in range(600):
        kind = rng.randrange(6)
        i = rng.randrange(len(link))
        if kind == 0:
            yield link[:i] + rng.choice(alphabet) + link[i + 1:]
        elif kind == 1:
            yield link[:i] + link[i + 1:]
        elif kind == 2:
            yield link[:i] + rng.choice(alphabet) + link[i:]
        elif kind == 3:
            yield link[:i]
        elif kind == 4:
            j = rng.randrange(len(link))
            chars = list(link)
            chars[i], chars[j] = chars[j], chars[i]
            yield "".join(chars)
        else:
            yield link + link[i:]


def test_hundreds_of_mutated_links_are_refused_cleanly():
    rng = random.Random(10)
    refused = 0
    for seed in range(3):
        g = played(seed)
        link = share.encode(g.deck, g.dealer, g.action_notations())
        for bad in mutations(link, rng):
            if bad == link:
                continue
            with pytest.raises(LinkError):
                share.parse(bad)
            refused += 1
    assert refused >= 1500


def test_a_tampered_hand_with_a_fixed_check_is_still_checked_by_the_rules():
    g = played(1)
    link = share.encode(g.deck, g.dealer, g.action_notations())
    version, body, _ = link.split(".")
    body = body[:25] + body[26:]  # an action dropped, the check recomputed: the replay refuses it
    forged = f"{version}.{body}"
    with pytest.raises(LinkError):
        share.parse(f"{forged}.{share._check(forged)}")


@pytest.mark.parametrize("bad", [None, 12, "", "#hand=", "v2.x.y", "v1..000000", "x" * 10_000,
                                 "#hand=v1." + "A" * 200, "v1.{\"deck\":1}.000000"])
def test_odd_inputs_are_refused(bad):
    with pytest.raises(LinkError):
        share.parse(bad)
