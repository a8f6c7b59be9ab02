# Hostile (or just buggy): a loop that never ends.
n = 0
while True:
    n += 1
