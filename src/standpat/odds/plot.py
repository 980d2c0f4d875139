"""The outcomes of the best holds as a picture (matplotlib, PNG).

A single draw gives each hold one horizontal bar split by outcome, best
outcomes on the left; several deuce-to-seven draws give, for each hold, the
chance to finish at or under each low.  Needs the ``plot`` extra (matplotlib).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from standpat.cards import format_cards
from standpat.odds.analysis import IMPROVE, Analysis
from standpat.odds.outcomes import outcomes

__all__ = ["plot_holds"]

_COLOURS = (
    "#1b4f72", "#2874a6", "#3498db", "#48c9b0", "#52be80", "#f4d03f", "#f39c12",
    "#e67e22", "#cb4335", "#943126", "#7b241c", "#6c3483", "#5b2c6f", "#4d5656",
    "#839192", "#bfc9ca",
)


def _label(hold_keep: str, drawn: int) -> str:
    return f"{hold_keep or 'nothing'}  (draw {drawn})"


def plot_holds(analysis: Analysis, path: str | Path, *, top: int = 8) -> None:
    """Draw the outcome chances of the ``top`` best holds of ``analysis`` to a PNG file."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import PercentFormatter

    holds = analysis.holds[:top]
    s = analysis.situation
    aim = "improve" if analysis.aim == IMPROVE else f"{analysis.aim} or better"
    title = (f"{s.game.title} ({len(s.deck)} cards): {format_cards(s.hand)}\n"
             f"best holds to {aim}, "
             + ("one draw" if s.draws == 1 else f"{s.draws} draws"))
    height = 1.2 + 0.45 * len(holds)
    fig: Any
    if analysis.exact:
        fig, ax = plt.subplots(figsize=(10, max(3.0, height)))
        names = outcomes(s.ranking)
        labels = [_label(format_cards(h.keep), len(h.discard)) for h in holds]
        left = [0.0] * len(holds)
        for k, name in enumerate(names):
            widths = [h.counts[k] / h.completions if h.counts and h.completions else 0.0
                      for h in holds]
            if not any(widths):
                continue
            ax.barh(labels, widths, left=left, label=name, color=_COLOURS[k % len(_COLOURS)],
                    edgecolor="white", linewidth=0.5)
            left = [a + b for a, b in zip(left, widths, strict=True)]
        for y, hold in enumerate(holds):
            ax.text(1.01, y, f"{aim}: {hold.chance:.1%}", va="center", fontsize=8)
        ax.invert_yaxis()
        ax.set_xlim(0, 1)
        ax.xaxis.set_major_formatter(PercentFormatter(1.0))
        ax.set_xlabel("chance of each final outcome")
        shown = len(ax.get_legend_handles_labels()[1])
        fig.legend(loc="lower center", ncol=min(5, shown), fontsize=8, frameon=False)
        bottom = (0.15 + 0.2 * ((shown + 4) // 5)) / max(3.0, height)
    else:
        fig, ax = plt.subplots(figsize=(9, 5))
        lows = [n for n in analysis.outcomes if n in holds[0].probabilities]
        for k, hold in enumerate(holds):
            ax.plot(lows, [hold.probabilities[n] for n in lows], marker="o",
                    color=_COLOURS[(2 * k) % len(_COLOURS)],
                    label=_label(format_cards(hold.keep), len(hold.discard)))
        ax.set_ylim(0, 1)
        ax.yaxis.set_major_formatter(PercentFormatter(1.0))
        ax.set_ylabel("chance to finish at or under")
        ax.set_xlabel("low")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
        bottom = 0.0
    ax.set_title(title, fontsize=10)
    fig.tight_layout(rect=(0, bottom, 1, 1))
    fig.savefig(path, dpi=110)
    plt.close(fig)
