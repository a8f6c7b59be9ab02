"""The request policy with the real ``openai`` client against a scripted server on
127.0.0.1: what is retried (429 with Retry-After, 5xx, timeouts, malformed bodies), what is
not (400), what ends the run (401, 404, an endpoint nobody answers at), and what is sent
(the parameters, the per-sample seed) and recorded (usage, latency, attempts)."""

from __future__ import annotations

import asyncio
import socket

import pytest
from fake_server import Answer, ScriptedServer, completion, error

pytest.importorskip("openai")

from officeeval.generation.client import (ChatClient, EndpointUnusable,  # noqa: E402
                                          RequestFailed, RequestParams, RetryPolicy)

MESSAGES = [{"role": "user", "content": "write a program"}]


def ask(server_url: str, params: RequestParams | None = None, sample: int = 1,
        **policy) -> tuple:
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    async def main():
        client = ChatClient(server_url, "sk-test", params or RequestParams("m"),
                            RetryPolicy(**{"delay": 0.5, "timeout": 5, **policy}), sleep)
        try:
            return await client.complete(MESSAGES, sample)
        finally:
            await client.close()
    return asyncio.run(main()), waits


def scripted(*answers: Answer):
    it = iter(answers)
    return lambda body: next(it)


def test_429_is_retried_after_the_servers_retry_after():
    with ScriptedServer(scripted(error(429, "slow down", retry_after=7), completion("ok"))
                        ) as server:
        reply, waits = ask(server.base_url)
    assert reply.text == "ok" and reply.attempts == 2
    assert waits == [7.0]
    assert reply.retried and "429" in reply.retried[0]


def test_5xx_backoff_doubles_with_jitter_and_is_capped():
    with ScriptedServer(scripted(error(500), error(502), error(503), completion("ok"))
                        ) as server:
        reply, waits = ask(server.base_url, max_delay=1.5)
    assert reply.attempts == 4
    # 0.5, 1.0, 2.0 -> capped at 1.5; each times a jitter in [0.5, 1]
    for wait, base in zip(waits, (0.5, 1.0, 1.5)):
        assert base * 0.5 <= wait <= base


def test_a_timeout_is_retried():
    with ScriptedServer(scripted(Answer(delay=2.5, body={}), completion("late but fine"))
                        ) as server:
        reply, waits = ask(server.base_url, timeout=1)
    assert reply.text == "late but fine" and reply.attempts == 2
    assert "Timeout" in reply.retried[0]


@pytest.mark.parametrize("bad", [Answer(raw=b"<html>gateway</html>"),
                                 Answer(body={"object": "chat.completion", "choices": []}),
                                 Answer(body={"choices": [{"index": 0}]})])
def test_a_malformed_reply_is_retried(bad):
    with ScriptedServer(scripted(bad, completion("good"))) as server:
        reply, _ = ask(server.base_url)
    assert (reply.text, reply.attempts) == ("good", 2)


def test_retries_are_bounded():
    with ScriptedServer(lambda body: error(503, "overloaded")) as server:
        with pytest.raises(RequestFailed, match="after 3 attempt"):
            ask(server.base_url, retries=2)
        assert len(server.requests) == 3


def test_a_bad_request_is_not_retried():
    with ScriptedServer(lambda body: error(400, "prompt too long")) as server:
        with pytest.raises(RequestFailed, match="400"):
            ask(server.base_url)
        assert len(server.requests) == 1


@pytest.mark.parametrize("status", [401, 403, 404])
def test_an_endpoint_refusing_everything_ends_the_run(status):
    with ScriptedServer(lambda body: error(status, "no such model")) as server:
        with pytest.raises(EndpointUnusable, match=str(status)):
            ask(server.base_url)
        assert len(server.requests) == 1


def test_nobody_listening_ends_the_run():
    with socket.socket() as s:  # a port that was free a moment ago: nothing listens there
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(EndpointUnusable, match="cannot connect"):
        ask(f"http://127.0.0.1:{port}/v1", retries=20, delay=0.0)


def test_parameters_are_passed_through_and_the_seed_moves_with_the_sample():
    with ScriptedServer(lambda body: completion("x", 12, 34)) as server:
        params = RequestParams("qwen", temperature=0.7, top_p=0.95, max_tokens=321, seed=100)
        reply, _ = ask(server.base_url, params, sample=3)
        body = server.requests[0]["body"]
        headers = {k.lower(): v for k, v in server.requests[0]["headers"].items()}
    assert body["model"] == "qwen" and body["messages"] == MESSAGES
    assert (body["temperature"], body["top_p"], body["max_tokens"], body["seed"]) == \
        (0.7, 0.95, 321, 102)
    assert headers["authorization"] == "Bearer sk-test"
    assert reply.usage == {"prompt_tokens": 12, "completion_tokens": 34}
    assert reply.latency > 0 and reply.finish_reason == "stop"


def test_unset_parameters_are_not_sent_and_missing_usage_is_none():
    answer = completion("y")
    del answer.body["usage"]
    with ScriptedServer(lambda body: answer) as server:
        reply, _ = ask(server.base_url, RequestParams("m"))
        body = server.requests[0]["body"]
    assert set(body) == {"model", "messages"}
    assert reply.usage == {"prompt_tokens": None, "completion_tokens": None}


def test_a_reply_without_content_is_empty_text():
    with ScriptedServer(lambda body: completion(None)) as server:
        reply, _ = ask(server.base_url)
    assert reply.text == ""
