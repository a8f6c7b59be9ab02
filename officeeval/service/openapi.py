"""The OpenAPI 3.1 document of ``officeeval serve`` (served at ``/openapi.json``).

Written out by hand, next to the routes it describes (``service.app.ROUTES``; a test checks
that both name the same paths and methods), so the contract is read in one place.
"""

from __future__ import annotations

from typing import Any

_ERROR = {"$ref": "#/components/schemas/Error"}
_DETAIL = {"name": "detail", "in": "query", "required": False,
           "description": "How much of the ScoreCard to return: `summary` (no criteria), "
                          "`criteria` (per criterion its id, skill, points, earned points, "
                          "passed and failure class) or `checks` (all: expected and "
                          "actual values). `checks` is refused (403) unless the server "
                          "exposes rubrics or the rubric came with the request. Default: "
                          "the fullest level allowed.",
           "schema": {"type": "string", "enum": ["summary", "criteria", "checks"]}}
_IDENTITY = {
    "model": {"type": "string", "default": "serve",
              "description": "The model (or training run / step) the result is stored "
                             "under, for `officeeval report`."},
    "sample": {"type": "integer", "minimum": 0,
               "description": "Sample number in the store (default: the next free one)."},
    "id": {"type": "string", "pattern": "^[A-Za-z0-9_.:-]{1,128}$",
           "description": "Request id: a retry with the same id replaces its stored row "
                          "instead of adding one."},
}


def _errors(*codes: int) -> dict[str, Any]:
    text = {400: "Malformed request.", 401: "Missing or wrong bearer token.",
            403: "detail=checks while the server keeps the rubric hidden.",
            404: "Unknown task.",
            408: "The body (or, on a raw connection, the request head) was not received "
                 "in time.",
            413: "The body is larger than the server's limit, or a rubric or text field "
                 "is larger than 4 MiB.",
            415: "Unsupported content type.",
            422: "Invalid rubric (inline or the task's) or a task file is missing.",
            429: "Every worker is busy and the queue is full: retry after `Retry-After` "
                 "seconds.",
            500: "The worker died while grading (an evaluator failure: retry).",
            503: "Shutting down (`shutting_down`), the sandbox is unavailable, or every "
                 "connection the server keeps is inside a request (`too_many_connections`, "
                 "with `Retry-After`).",
            504: "Grading passed its time limit (an inline rubric's is shorter); the worker "
                 "was killed and replaced."}
    out: dict[str, Any] = {}
    for code in codes:
        entry: dict[str, Any] = {"description": text[code],
                                 "content": {"application/json": {"schema": _ERROR}}}
        if code in (429, 503):
            entry["headers"] = {"Retry-After": {"schema": {"type": "integer"},
                                                "description": "Seconds to wait."}}
        out[str(code)] = entry
    return out


def _ok(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"200": {"description": description,
                    "headers": {"X-OfficeEval-Key": {
                        "schema": {"type": "string"},
                        "description": "The stored row's key (when the server keeps a "
                                       "results store)."}},
                    "content": {"application/json": {"schema": schema}}}}


def spec(version: str) -> dict[str, Any]:
    """The OpenAPI document for engine ``version``."""
    card = {"$ref": "#/components/schemas/ScoreCard"}
    return {
        "openapi": "3.1.0",
        "info": {"title": "officeeval serve", "version": version,
                 "description": "Grade Office documents against exam rubrics, and run "
                                "generated programs in a sandbox, as a reward service. "
                                "Documents and programs are handled in worker processes, "
                                "never in the server."},
        "security": [{"bearer": []}],
        "paths": {
            "/v1/score": {"post": {
                "summary": "Grade a document against a task's rubric (or a rubric sent "
                           "with the request).",
                "parameters": [_DETAIL],
                "requestBody": {"required": True, "content": {
                    "multipart/form-data": {"schema": {
                        "type": "object", "required": ["document"],
                        "properties": {
                            "document": {"type": "string", "format": "binary"},
                            "task": {"type": "string", "description": "A task id."},
                            "rubric": {"type": "string", "description":
                                       "Rubric XML instead of a task (it may not name "
                                       "files)."},
                            "filename": {"type": "string"}, **_IDENTITY}}},
                    "application/json": {"schema": {
                        "type": "object", "required": ["document"],
                        "properties": {
                            "document": {"type": "string", "contentEncoding": "base64"},
                            "task": {"type": "string"}, "rubric": {"type": "string"},
                            "filename": {"type": "string"}, **_IDENTITY}}}}},
                "responses": {**_ok(card, "The ScoreCard."),
                              **_errors(400, 401, 403, 404, 408, 413, 415, 422, 429, 500,
                                        503, 504)}}},
            "/v1/run": {"post": {
                "summary": "Run a program (or the program in a raw model answer) in the "
                           "sandbox on a fresh copy of the task's input, then grade what "
                           "it wrote.",
                "parameters": [_DETAIL],
                "requestBody": {"required": True, "content": {"application/json": {
                    "schema": {
                        "type": "object", "required": ["task"],
                        "properties": {
                            "task": {"type": "string"},
                            "code": {"type": "string", "description": "The program."},
                            "answer": {"type": "string", "description":
                                       "A raw model answer; the program is extracted "
                                       "from it (no code: outcome no_code)."},
                            "limits": {"type": "object", "description":
                                       "Lower the server's limits (timeout, cpu, memory, "
                                       "file_size, processes, ...); never raises them."},
                            **_IDENTITY}}}}},
                "responses": {**_ok({"type": "object", "required": ["scorecard", "run"],
                                     "properties": {"scorecard": card,
                                                    "run": {"$ref": "#/components/schemas/"
                                                                    "RunRecord"}}},
                                    "The ScoreCard and how the program ran."),
                              **_errors(400, 401, 403, 404, 408, 413, 415, 422, 429, 500,
                                        503, 504)}}},
            "/v1/tasks": {"get": {
                "summary": "The tasks served.",
                "responses": {"200": {"description": "Tasks and scan issues.", "content": {
                    "application/json": {"schema": {"type": "object", "properties": {
                        "tasks": {"type": "array",
                                  "items": {"$ref": "#/components/schemas/Task"}},
                        "issues": {"type": "array", "items": {"type": "string"}}}}}}},
                    **_errors(401)}}},
            "/v1/tasks/{task_id}": {"get": {
                "summary": "One task: instruction, skills, points per criterion, files. "
                           "Checks, expected values, descriptions and the reference only "
                           "when the server runs with --expose-rubrics.",
                "parameters": [{"name": "task_id", "in": "path", "required": True,
                                "schema": {"type": "string"}}],
                "responses": {"200": {"description": "The task.", "content": {
                    "application/json": {"schema": {"$ref": "#/components/schemas/Task"}}}},
                    **_errors(401, 404)}}},
            "/v1/tasks/{task_id}/files/{name}": {"get": {
                "summary": "Download a file a program gets (input, attachments; the "
                           "reference only with --expose-rubrics).",
                "parameters": [{"name": "task_id", "in": "path", "required": True,
                                "schema": {"type": "string"}},
                               {"name": "name", "in": "path", "required": True,
                                "schema": {"type": "string"}}],
                "responses": {"200": {"description": "The file.", "content": {
                    "application/octet-stream": {"schema": {"type": "string",
                                                            "format": "binary"}}}},
                    **_errors(401, 404)}}},
            "/healthz": {"get": {
                "summary": "Liveness and state (no token needed).", "security": [],
                "responses": {"200": {"description": "Serving.", "content": {
                    "application/json": {"schema": {"type": "object"}}}},
                    "503": {"description": "Shutting down."}}}},
            "/metrics": {"get": {
                "summary": "Prometheus metrics (text format 0.0.4).",
                "responses": {"200": {"description": "Metrics.", "content": {
                    "text/plain": {"schema": {"type": "string"}}}}, **_errors(401)}}},
            "/openapi.json": {"get": {
                "summary": "This document (no token needed).", "security": [],
                "responses": {"200": {"description": "OpenAPI 3.1.", "content": {
                    "application/json": {"schema": {"type": "object"}}}}}}},
        },
        "components": {
            "securitySchemes": {"bearer": {
                "type": "http", "scheme": "bearer",
                "description": "Required unless the server listens on loopback without "
                               "--token-env."}},
            "schemas": _schemas(),
        },
    }


def _schemas() -> dict[str, Any]:
    num, text = {"type": "number"}, {"type": "string"}
    nullable_text = {"type": ["string", "null"]}
    check = {"type": "object", "properties": {
        "select": nullable_text, "property": nullable_text, "op": text, "expected": text,
        "actual": text, "source": text, "passed": {"type": "boolean"}, "status": text,
        "detail": text, "line": {"type": ["integer", "null"]}}}
    criterion = {"type": "object", "properties": {
        "id": text, "skill": text, "points": num, "earned": num,
        "passed": {"type": "boolean"},
        "failure_class": {"enum": [None, "logic", "execution", "evaluator", "unevaluable"]},
        "status": {"enum": ["pass", "fail", "not_found", "skipped", "eval_error",
                            "unevaluable"],
                   "description": "With detail=checks, or when the rubric is exposed."},
        "description": {"type": "string", "description": "As status."},
        "preservation": {"type": "boolean", "description": "As status."},
        "checks": {"type": "array", "items": check,
                   "description": "Present with detail=checks."}}}
    return {
        "Error": {"type": "object", "required": ["error", "detail"],
                  "properties": {"error": text, "detail": text,
                                 "issues": {"type": "array", "items": text}}},
        "ScoreCard": {"type": "object", "description": "As `officeeval score --json`.",
                      "properties": {
                          "task": text, "app": {"enum": ["word", "excel", "ppt"]},
                          "document": text, "outcome": text, "outcome_detail": text,
                          "score": num, "total": num, "pass_mark": num,
                          "passed": {"type": "boolean"}, "eval_errors": {"type": "integer"},
                          "rubric_total": num, "rubric_sha256": text,
                          "engine_version": text, "value_sources": {"type": "object"},
                          "seconds": num,
                          "backends": {"type": "object", "description":
                                       "Outside engines that influenced a value, e.g. "
                                       "{\"recalc\": \"LibreOffice 25.2.3.2 …\"}."},
                          "criteria": {"type": "array", "items": criterion,
                                       "description": "Absent with detail=summary."}}},
        "RunRecord": {"type": "object", "description":
                      "The sandbox record: mode, limits, exit status, signal, exception "
                      "type and last traceback line, stdout/stderr tails, time, memory, "
                      "files written, how the program was extracted."},
        "Task": {"type": "object", "properties": {
            "id": text, "app": text, "level": text, "title": text, "output": text,
            "criteria": {"description": "A count in the list; per criterion in a task's "
                                        "own page."},
            "total": num, "pass_mark": num, "instruction": text,
            "files": {"type": "array", "items": {"type": "object"}}}},
    }
