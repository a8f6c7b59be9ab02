# Buggy: does the formatting but never saves.
from docx import Document
from docx.shared import Pt

doc = Document("input.docx")
for run in doc.paragraphs[0].runs:
    run.font.size = Pt(22)
    run.font.bold = True
print("done")
