"""Write generations.jsonl: SIMULATED single-turn generations of made-up models (sim-*) for
ppt-l2-museum. None of this was produced by a real model; each program imitates a failure
kind real models show on this task (see each entry's "note"). Variants of the reference are
made by explicit text substitutions, each checked to apply."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from simulated import variant, write_generations  # noqa: E402

REFERENCE = (HERE / "solution.py").read_text(encoding="utf-8")
ANIMATION_BLOCK = REFERENCE[REFERENCE.index("# 4. Animations on slide 4"):
                            REFERENCE.index("# 6. Date, footer")]


# Near-correct, but the body flies in as one object instead of by paragraph.
ALPHA_WHOLE_BODY = variant(
    REFERENCE,
    ('for i, _ in enumerate(body.text_frame.paragraphs):\n'
     '    effects.append(dict(spid=body.shape_id, cls="entr", preset=2, sub=8, node="afterEffect",\n'
     '                        kind="fly_left", paragraph=i))\n',
     'effects.append(dict(spid=body.shape_id, cls="entr", preset=2, sub=8, node="afterEffect",\n'
     '                    kind="fly_left"))\n'),
    ('f\'<p:bldP spid="{body.shape_id}" grpId="0" build="p"/>\'',
     'f\'<p:bldP spid="{body.shape_id}" grpId="0"/>\''),
)

# Master fonts written to the Latin slot (a:latin) and no animations at all.
BETA_LATIN_NO_ANIMATION = variant(
    REFERENCE,
    ('set_child(title_rpr, "a:ea", typeface="华文新魏")',
     'set_child(title_rpr, "a:latin", typeface="华文新魏")'),
    ('set_child(body_rpr, "a:ea", typeface="幼圆")', 'set_child(body_rpr, "a:latin", typeface="幼圆")'),
    (ANIMATION_BLOCK, ""),
)

# The emphasis and exit effects written with presetClass "entr": they play as entrances.
BETA_WRONG_CLASS = variant(
    REFERENCE,
    ('dict(spid=pic.shape_id, cls="emph", preset=26', 'dict(spid=pic.shape_id, cls="entr", preset=26'),
    ('dict(spid=pic.shape_id, cls="exit", preset=10', 'dict(spid=pic.shape_id, cls="entr", preset=10'),
)

# Runtime error: reads the date placeholder by idx on slides that do not have one yet
# (KeyError) after the master was edited; nothing is saved.
GAMMA_CRASH = variant(
    REFERENCE,
    ("# 6. Date, footer, slide number on every slide but the title slide\n",
     "# 6. Date, footer, slide number on every slide but the title slide\n"
     "for slide in slides[1:]:\n"
     "    slide.placeholders[10].text = \"2026年5月18日\"\n"),
)

ENTRIES = [
    {"model": "sim-alpha", "sample": 1, "code": REFERENCE,
     "note": "simulated: a complete, correct solution"},
    {"model": "sim-alpha", "sample": 2, "code": ALPHA_WHOLE_BODY,
     "note": "simulated: near-correct; the body flies in as one object, not by paragraph"},
    {"model": "sim-beta", "sample": 1, "code": BETA_LATIN_NO_ANIMATION,
     "note": "simulated: master fonts on the Latin slot; animations missing"},
    {"model": "sim-beta", "sample": 2, "code": BETA_WRONG_CLASS,
     "note": "simulated: emphasis and exit effects written as entrance effects"},
    {"model": "sim-gamma", "sample": 1, "code": GAMMA_CRASH,
     "note": "simulated: KeyError reading a date placeholder the slides do not have"},
]


def main() -> None:
    write_generations(HERE, ({"task": "ppt-l2-museum", **e} for e in ENTRIES))


if __name__ == "__main__":
    main()
