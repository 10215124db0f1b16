# Entry for the timed variants (index-timed.html, spike-timed.html): Renderer.render
# and apply_static_texts between performance marks on the page's own timeline, then the app.
from pyscript import window
from ui.dom import render as _render


def _timed(name, fn):
    def wrapper(self, *args, **kwargs):
        window.performance.mark(f"spike:{name}-start")
        try:
            return fn(self, *args, **kwargs)
        finally:
            window.performance.measure(f"spike:{name}", f"spike:{name}-start")
    return wrapper


_render.Renderer.render = _timed("render", _render.Renderer.render)
_render.Renderer.apply_static_texts = _timed("static", _render.Renderer.apply_static_texts)

import ui.dom.app  # noqa: E402,F401
