"""The end-to-end suite's capture server: one fake provider endpoint for every SDK.

It listens on 127.0.0.1 only, records the body of every provider request it receives and
answers the smallest response each official SDK accepts:

    POST /v1/messages                          Anthropic Messages (also ?beta=true)
    POST /v1/chat/completions                  OpenAI Chat Completions
    POST /v1/responses                         OpenAI Responses
    POST /v1[beta]/models/{model}:generateContent  Gemini generateContent
    POST /v1[beta]/interactions                Gemini Interactions (CreateInteraction)
    POST /model/{model}/converse               Bedrock Converse (JSON)

Control endpoints for the tests (same port):

    GET  /__e2e/last    the last recorded request: {"method", "path", "body"} (404 when none)
    POST /__e2e/check   body {"target", "result", "assets"?}: checks the last recorded request
                        against the MCP result it was converted from (see check.py); answers
                        {"problems": [...], "media": [...]}

It stops by itself after ``lifetime`` seconds (a bound for a harness that died) and serves
one thread per connection; every answer closes its connection.
"""

from __future__ import annotations

import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from check import check_request

ANTHROPIC = {
    "id": "msg_e2e",
    "type": "message",
    "role": "assistant",
    "model": "claude-e2e",
    "content": [{"type": "text", "text": "ok"}],
    "stop_reason": "end_turn",
    "stop_sequence": None,
    "usage": {"input_tokens": 1, "output_tokens": 1},
}
OPENAI_CHAT = {
    "id": "chatcmpl-e2e",
    "object": "chat.completion",
    "created": 0,
    "model": "gpt-e2e",
    "choices": [
        {
            "index": 0,
            "message": {"role": "assistant", "content": "ok", "refusal": None},
            "finish_reason": "stop",
            "logprobs": None,
        }
    ],
    "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
}
OPENAI_RESPONSES = {
    "id": "resp_e2e",
    "object": "response",
    "created_at": 0,
    "status": "completed",
    "model": "gpt-e2e",
    "output": [
        {
            "type": "message",
            "id": "msg_e2e",
            "status": "completed",
            "role": "assistant",
            "content": [{"type": "output_text", "text": "ok", "annotations": []}],
        }
    ],
    "parallel_tool_calls": True,
    "tool_choice": "auto",
    "tools": [],
    "error": None,
    "incomplete_details": None,
    "instructions": None,
    "metadata": {},
    "temperature": 1.0,
    "top_p": 1.0,
    "usage": {
        "input_tokens": 1,
        "input_tokens_details": {"cached_tokens": 0},
        "output_tokens": 1,
        "output_tokens_details": {"reasoning_tokens": 0},
        "total_tokens": 2,
    },
}
GEMINI = {
    "candidates": [
        {"content": {"role": "model", "parts": [{"text": "ok"}]}, "finishReason": "STOP", "index": 0}
    ],
    "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2},
    "modelVersion": "gemini-e2e",
}
GEMINI_INTERACTION = {
    "id": "interaction_e2e",
    "status": "completed",
    "model": "gemini-e2e",
    "steps": [{"type": "model_output", "content": [{"type": "text", "text": "ok"}]}],
}
BEDROCK = {
    "output": {"message": {"role": "assistant", "content": [{"text": "ok"}]}},
    "stopReason": "end_turn",
    "usage": {"inputTokens": 1, "outputTokens": 1, "totalTokens": 2},
    "metrics": {"latencyMs": 1},
}

ROUTES: list[tuple[re.Pattern[str], str, dict[str, Any]]] = [
    (re.compile(r"^/v1/messages$"), "anthropic", ANTHROPIC),
    (re.compile(r"^/v1/chat/completions$"), "openai-chat", OPENAI_CHAT),
    (re.compile(r"^/v1/responses$"), "openai-responses", OPENAI_RESPONSES),
    (re.compile(r"^/v1(beta)?/models/[^/:]+:generateContent$"), "gemini", GEMINI),
    (re.compile(r"^/v1(beta)?/interactions$"), "gemini-interactions", GEMINI_INTERACTION),
    (re.compile(r"^/model/[^/]+/converse$"), "bedrock", BEDROCK),
]


class CaptureServer(ThreadingHTTPServer):
    """The HTTP server; ``last`` is the last recorded provider request."""

    daemon_threads = True

    def __init__(self, lifetime: float = 900.0) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.lock = threading.Lock()
        self.last: dict[str, Any] | None = None
        self.count = 0
        self._timer = threading.Timer(lifetime, self.shutdown)
        self._timer.daemon = True

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def start(self) -> None:
        """Serves in a daemon thread until :meth:`stop` (or the lifetime) ends it."""
        self._timer.start()
        threading.Thread(target=self.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self._timer.cancel()
        self.shutdown()
        self.server_close()


class Handler(BaseHTTPRequestHandler):
    server: CaptureServer
    protocol_version = "HTTP/1.1"  # every answer says Connection: close

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def _answer(self, status: int, body: Any) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(data)

    def _body(self) -> bytes:
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def do_GET(self) -> None:
        self._body()
        if self.path == "/__e2e/last" and self.server.last is not None:
            self._answer(200, self.server.last)
        else:
            self._answer(404, {"error": f"nothing at {self.path}"})

    def do_POST(self) -> None:
        raw = self._body()
        path = self.path.split("?", 1)[0]
        if path == "/__e2e/check":
            if self.server.last is None:
                self._answer(409, {"error": "no provider request recorded yet"})
                return
            query = json.loads(raw)
            self._answer(200, check_request(self.server.last, query))
            return
        for pattern, api, answer in ROUTES:
            if pattern.match(path):
                try:
                    body = json.loads(raw)
                except ValueError as error:
                    self._answer(400, {"error": f"request body is not JSON: {error}"})
                    return
                with self.server.lock:
                    self.server.count += 1
                    self.server.last = {"method": "POST", "path": self.path, "api": api, "body": body}
                self._answer(200, answer)
                return
        self._answer(404, {"error": f"no fake provider at {self.path}"})
