# Hostile: write a multi-gigabyte file (4 GiB of zeros, in 1 MiB chunks).
block = b"\0" * (1 << 20)
with open("output.docx", "wb") as f:
    for _ in range(4096):
        f.write(block)
