# Hostile: phone home (a DNS lookup and a TCP connection).
import socket

results = []
for what, fn in (("dns", lambda: socket.getaddrinfo("example.com", 80)),
                 ("tcp", lambda: socket.create_connection(("93.184.215.14", 80), timeout=3))):
    try:
        fn()
        results.append(f"{what}: CONNECTED")
    except OSError as exc:
        results.append(f"{what}: blocked ({type(exc).__name__}: {exc})")
print("\n".join(results))
if any("CONNECTED" in r for r in results):
    print("NETWORK OPEN")
else:
    raise ConnectionError("no network: " + "; ".join(results))
