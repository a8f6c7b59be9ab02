"""officeeval: grade Office documents against exam rubrics, the way a national exam does.

Quick use::

    from officeeval import load_rubric, evaluate
    card = evaluate(load_rubric("rubrics/word-l1-notice.xml"), "out.docx")
    print(card.score, card.passed)
"""

from officeeval.version import __version__  # noqa: F401 - the public name


def __getattr__(name: str):
    # Lazy so that ``import officeeval`` stays cheap (the CLI imports pieces on demand).
    if name == "load_rubric":
        from officeeval.rubric import load_rubric
        return load_rubric
    if name == "evaluate":
        from officeeval.scoring import evaluate
        return evaluate
    raise AttributeError(name)
