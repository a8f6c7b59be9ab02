"""The request policy with the real ``openai`` client against a scripted server on
127.0.0.1: what is retried (429 with Retry-After, 5xx, timeouts, malformed bodies, HTML
with status 200, empty replies), what is not (400, a reply that ran out of tokens while
reasoning), what ends the run (401, 404, an endpoint nobody answers at, one that never
answers), what is sent (the parameters, the per-sample seed, provider fields, headers, the
token field) and recorded (usage, latency, attempts, reasoning, every attempt counted)."""

from __future__ import annotations

import asyncio
import socket

import pytest
from fake_server import Answer, ScriptedServer, completion, error, html

pytest.importorskip("openai")

from officeeval.generation.client import (ChatClient, EndpointUnusable,  # noqa: E402
                                          RequestFailed, RequestParams, RetryPolicy)

MESSAGES = [{"role": "user", "content": "write a program"}]


def ask(server_url: str, params: RequestParams | None = None, sample: int = 1,
        tally: list | None = None, **policy) -> tuple:
    """One request; ``(reply, waits)``. ``tally``: a list that gets the client's tally
    (also when the request raised)."""
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    async def main():
        client = ChatClient(server_url, "sk-test", params or RequestParams("m"),
                            RetryPolicy(**{"delay": 0.5, "timeout": 5, **policy}), sleep)
        try:
            return await client.complete(MESSAGES, sample)
        finally:
            if tally is not None:
                tally.append(client)
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
    assert reply.retried[0].startswith("timeout")


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


def test_an_empty_reply_is_retried_never_an_empty_answer():
    with ScriptedServer(scripted(completion(None), completion(""), completion("ok"))
                        ) as server:
        got: list = []
        reply, _ = ask(server.base_url, tally=got)
    assert (reply.text, reply.attempts) == ("ok", 3)
    assert "empty" in reply.retried[0]
    assert dict(got[0].tally.errors) == {"empty reply": 2}
    with ScriptedServer(lambda body: completion(None)) as server:
        with pytest.raises(RequestFailed, match=r"empty .*after 3 attempt"):
            ask(server.base_url, retries=2)


# --- reasoning models ---------------------------------------------------------------------

def test_reasoning_beside_content_is_kept_apart():
    for field in ("reasoning_content", "reasoning"):  # vLLM/SGLang, Ollama/newer vLLM
        with ScriptedServer(lambda body: completion("```python\nx = 1\n```",
                                                    **{field: "Let me think… x = 2?"})
                            ) as server:
            reply, _ = ask(server.base_url)
        assert reply.text == "```python\nx = 1\n```" and reply.answer_source == "content"
        assert reply.reasoning == "Let me think… x = 2?"


def test_reasoning_with_null_content_is_the_answer_marked_as_such():
    """A parser that put the whole reply in reasoning_content (the model stopped): the
    reasoning is all there is; it is the answer, marked, and counted."""
    with ScriptedServer(lambda body: completion(None, reasoning_content="```python\nx=1\n```")
                        ) as server:
        got: list = []
        reply, _ = ask(server.base_url, tally=got)
    assert reply.text == "```python\nx=1\n```" and reply.answer_source == "reasoning"
    assert got[0].tally.from_reasoning == 1


@pytest.mark.parametrize("answer", [
    completion(None, finish_reason="length", completion_tokens=4096,
               reasoning_content="Let me think step by step. First, the title…"),
    completion("<think>\nLet me think step by step. ```python\nimport docx\n```",
               finish_reason="length", completion_tokens=4096),
    completion(None, finish_reason="length"),
])
def test_running_out_of_tokens_while_reasoning_fails_at_once(answer):
    with ScriptedServer(lambda body: answer) as server:
        with pytest.raises(RequestFailed, match="ran out of tokens") as exc:
            ask(server.base_url)
        assert len(server.requests) == 1  # not retried: the same limit would cut it again
    assert "after 1 attempt" in str(exc.value)


def test_html_with_status_200_is_named_and_retried():
    with ScriptedServer(scripted(html(), completion("good"))) as server:
        got: list = []
        reply, _ = ask(server.base_url, tally=got)
    assert (reply.text, reply.attempts) == ("good", 2)
    assert "not JSON (text/html" in reply.retried[0] and "502 Bad Gateway" in reply.retried[0]
    assert dict(got[0].tally.errors) == {"not JSON (text/html)": 1}


def test_an_error_object_with_status_200_is_named():
    bad = Answer(body={"error": {"message": "model is loading", "code": 503}})
    with ScriptedServer(scripted(bad, completion("good"))) as server:
        reply, _ = ask(server.base_url)
    assert "error with status 200: model is loading" in reply.retried[0]


# --- every attempt counted ----------------------------------------------------------------

def test_every_failed_attempt_is_counted():
    """6 generations x 7 attempts of 500 are 42 requests, not 0."""
    got: list = []
    with ScriptedServer(lambda body: error(500, "boom")) as server:
        for _ in range(6):
            with pytest.raises(RequestFailed):
                ask(server.base_url, tally=got)
        assert len(server.requests) == 42
    t = [c.tally for c in got]
    assert sum(x.sent for x in t) == 42 and sum(x.answered for x in t) == 0
    assert sum(x.retried for x in t) == 36 and sum(x.given_up for x in t) == 6
    assert sum((x.errors for x in t), start=__import__("collections").Counter()) == \
        {"HTTP 500": 42}


# --- provider fields, headers, the token field ---------------------------------------------

def test_extra_body_and_headers_reach_the_server_and_secrets_are_not_recorded():
    from officeeval.generation.request import parse_extra_body, parse_headers
    params = RequestParams(
        "qwen3", temperature=0.6, max_tokens=100,
        extra_body=parse_extra_body('{"chat_template_kwargs": {"enable_thinking": false}, '
                                    '"top_k": 20, "min_p": 0.0, "repetition_penalty": 1.05}'),
        headers=parse_headers(["X-Team: eval", "api-key: s3cret", "Authorization: Bearer z"]))
    with ScriptedServer(lambda body: completion("x")) as server:
        got: list = []
        ask(server.base_url, params, tally=got)
        body = server.requests[0]["body"]
        headers = {k.lower(): v for k, v in server.requests[0]["headers"].items()}
    assert body["chat_template_kwargs"] == {"enable_thinking": False}
    assert (body["top_k"], body["min_p"], body["repetition_penalty"]) == (20, 0.0, 1.05)
    assert (body["temperature"], body["max_tokens"]) == (0.6, 100)
    assert headers["x-team"] == "eval" and headers["api-key"] == "s3cret"
    assert headers["authorization"] == "Bearer z"  # ours replaces the client's key
    record = got[0].request_record(1)
    assert record["headers"] == {"X-Team": "eval", "api-key": "(redacted)",
                                 "Authorization": "(redacted)"}
    assert record["top_k"] == 20 and "s3cret" not in str(record) and "sk-test" not in \
        str(record)


def test_max_completion_tokens_is_sent_when_asked():
    with ScriptedServer(lambda body: completion("x")) as server:
        got: list = []
        ask(server.base_url, RequestParams("o", max_tokens=500,
                                           max_tokens_field="max_completion_tokens"),
            tally=got)
        body = server.requests[0]["body"]
    assert body["max_completion_tokens"] == 500 and "max_tokens" not in body
    assert got[0].request_record(1)["max_completion_tokens"] == 500


REFUSED = error(400, "Unsupported parameter: 'max_tokens' is not supported with this "
                     "model. Use 'max_completion_tokens' instead.")


def _wants_new_field(body):
    return REFUSED if "max_tokens" in body else completion("x")


def test_auto_switches_to_max_completion_tokens_when_the_endpoint_names_it():
    with ScriptedServer(_wants_new_field) as server:
        got: list = []
        reply, waits = ask(server.base_url, RequestParams("o", max_tokens=500), tally=got)
        assert [sorted(k for k in r["body"] if "tokens" in k) for r in server.requests] == \
            [["max_tokens"], ["max_completion_tokens"]]
    assert reply.attempts == 2 and waits == []  # asked again at once
    client = got[0]
    assert client.tally.switched_to == "max_completion_tokens"
    assert client.request_record(2)["max_completion_tokens"] == 500


def test_a_fixed_token_field_is_never_switched():
    with ScriptedServer(_wants_new_field) as server:
        with pytest.raises(RequestFailed, match="400"):
            ask(server.base_url, RequestParams("o", max_tokens=500,
                                               max_tokens_field="max_tokens"))
        assert len(server.requests) == 1


@pytest.mark.parametrize("text,problem", [
    ('{"temperature": 0.3}', "set by --temperature"),
    ('{"stream": true}', "not supported"),
    ('[1, 2]', "JSON object"),
    ('{"top_k": ', "not JSON"),
    ("@/no/such/file.json", "cannot read"),
])
def test_bad_extra_bodies_are_refused(text, problem):
    from officeeval.errors import TaskError
    from officeeval.generation.request import parse_extra_body
    with pytest.raises(TaskError, match=problem):
        parse_extra_body(text)


def test_extra_body_from_a_file(tmp_path):
    from officeeval.generation.request import parse_extra_body
    f = tmp_path / "qwen3.json"
    f.write_text('{"chat_template_kwargs": {"enable_thinking": false}}')
    assert parse_extra_body(f"@{f}") == {"chat_template_kwargs": {"enable_thinking": False}}


# --- time: a request's budget, an endpoint that never answers -------------------------------

def test_a_request_stops_at_its_budget():
    with ScriptedServer(lambda body: Answer(delay=20.0, body={})) as server:
        started = __import__("time").monotonic()
        with pytest.raises(RequestFailed, match="request budget of 1.5 s"):
            ask(server.base_url, timeout=1, budget=1.5, retries=10)
        assert __import__("time").monotonic() - started < 15  # not 11 x 1 s
        assert len(server.requests) == 2


def test_an_endpoint_that_never_answers_ends_the_run():
    with ScriptedServer(lambda body: Answer(delay=20.0, body={})) as server:
        with pytest.raises(EndpointUnusable, match="answered none: 3 timed out"):
            ask(server.base_url, timeout=0.5, retries=10, budget=None)
        assert len(server.requests) == 3
