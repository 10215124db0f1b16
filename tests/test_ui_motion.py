"""The gather vector points from the trick's centre to the winner's pile."""

from types import SimpleNamespace as Box

from ui.dom.motion import gather_vector


def test_the_vector_reaches_the_piles_centre_wherever_it_is():
    trick = Box(left=100, top=100, width=40, height=60)  # centre (120, 130)
    assert gather_vector(trick, Box(left=300, top=400, width=20, height=20)) == (190, 280)  # below right
    assert gather_vector(trick, Box(left=0, top=0, width=10, height=10)) == (-115, -125)  # above left
    assert gather_vector(trick, trick) == (0, 0)
