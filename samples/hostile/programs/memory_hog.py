# Hostile: eat memory until something gives.
chunks = []
while True:
    chunks.append(bytearray(256 * 1024 * 1024))
