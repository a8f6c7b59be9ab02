"""Which models the "(all)" rows pool. A batch may hold models that are not under
evaluation — the sample batch's ``sim-hostile`` attacks the sandbox to show it holds — and
their generations must not move the headline SR. By default the headline pools every model
none of whose generations is marked ``hostile`` in the manifest (all models, when every one
is); ``report --headline-models`` names them instead. The report says which it pooled and
which it left out, and why."""

from __future__ import annotations

from typing import Any

from officeeval.analysis.results import ALL, Results

HOSTILE = "marked hostile in the manifest"
NOT_CHOSEN = "not in --headline-models"


def headline(res: Results, chosen: list[str] | None = None) -> dict[str, Any]:
    """``{"models": [pooled…], "left_out": [{"model", "why"}…], "chosen": bool}``, models
    sorted. ``chosen``: the models to pool (``None`` or empty: the default above). Raises
    ``ValueError`` naming a chosen model the batch does not hold."""
    models = sorted(set(res.tasks["model"]))
    if chosen:
        unknown = [m for m in chosen if m not in models]
        if unknown:
            raise ValueError(f"--headline-models: no model {unknown[0]!r} in "
                             f"{res.outdir} (it holds: {', '.join(models) or 'none'})")
        pooled = [m for m in models if m in chosen]
        left = [{"model": m, "why": NOT_CHOSEN} for m in models if m not in pooled]
    else:
        marked = set(res.tasks.loc[res.tasks["hostile"], "model"])
        pooled = [m for m in models if m not in marked] or models
        left = [{"model": m, "why": HOSTILE} for m in models if m not in pooled]
    return {"models": pooled, "left_out": left, "chosen": bool(chosen)}


def seed_label(model: str, pooled: list[str]) -> str:
    """The label that seeds a row's bootstrap: the model's; for "(all)" pooling a single
    model, that model's, so that the same generations give the same interval."""
    return pooled[0] if model == ALL and len(pooled) == 1 else model
