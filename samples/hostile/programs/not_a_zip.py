# Buggy: writes text into output.docx instead of a Word document.
with open("output.docx", "w", encoding="utf-8") as f:
    f.write("关于举办第五届“书香校园”活动的通知\n(formatted)\n")
