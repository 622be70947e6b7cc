"""A small Language Server Protocol client over stdio, for the clangd tests.

It speaks JSON-RPC with Content-Length framing, answers the requests clangd
sends to a client (progress tokens, configuration, registrations) with null,
and keeps every notification it receives so a test can wait for one. Only
the standard library is used.
"""

import json
import os
import pathlib
import queue
import subprocess
import threading
import time


class LspError(Exception):
    pass


def uri_of(path):
    return pathlib.Path(os.path.abspath(path)).as_uri()


class Client:
    def __init__(self, argv, cwd, env, stderr_path):
        self._stderr = open(stderr_path, "wb")
        self.proc = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=self._stderr)
        self._next_id = 1
        self._inbox = queue.Queue()
        self._responses = {}
        self.notifications = []  # (monotonic time, method, params), in order
        self._reader = threading.Thread(target=self._read_loop, daemon=True)
        self._reader.start()

    # -- wire -------------------------------------------------------------

    def _send(self, message):
        body = json.dumps(message).encode("utf-8")
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def _read_message(self):
        length = None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                return None
            line = line.strip()
            if not line:
                break
            name, _, value = line.decode("ascii").partition(":")
            if name.lower() == "content-length":
                length = int(value)
        if length is None:
            raise LspError("a message without Content-Length")
        data = self.proc.stdout.read(length)
        return json.loads(data.decode("utf-8"))

    def _read_loop(self):
        while True:
            try:
                message = self._read_message()
            except (LspError, ValueError, OSError) as e:
                self._inbox.put(("broken", str(e)))
                return
            if message is None:
                self._inbox.put(("eof", None))
                return
            self._inbox.put(("message", message))

    def _pump(self, deadline):
        """Handles one incoming message; False when the deadline passed."""
        timeout = deadline - time.monotonic()
        if timeout <= 0:
            return False
        try:
            kind, message = self._inbox.get(timeout=timeout)
        except queue.Empty:
            return False
        if kind != "message":
            raise LspError("the server closed its output (%s); exit status %s"
                           % (message or "end of file", self.proc.poll()))
        if "method" in message and "id" in message:
            # A request from the server: we support none of them beyond
            # saying yes (null is a valid answer to each clangd sends).
            self._send({"jsonrpc": "2.0", "id": message["id"], "result": None})
        elif "method" in message:
            self.notifications.append((time.monotonic(), message["method"],
                                       message.get("params")))
        else:
            self._responses[message.get("id")] = message
        return True

    # -- API --------------------------------------------------------------

    def notify(self, method, params):
        self._send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params, timeout=60):
        request_id = self._next_id
        self._next_id += 1
        self._send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        deadline = time.monotonic() + timeout
        while request_id not in self._responses:
            if not self._pump(deadline):
                raise LspError("no answer to %s within %ss" % (method, timeout))
        response = self._responses.pop(request_id)
        if "error" in response:
            raise LspError("%s failed: %s" % (method, response["error"]))
        return response.get("result")

    def wait_for(self, method, accept, timeout=60, since=0):
        """The first notification METHOD, received at index >= SINCE of
        self.notifications, whose params ACCEPT returns true for; returns
        (its index, the time it arrived, its params)."""
        deadline = time.monotonic() + timeout
        index = since
        while True:
            while index < len(self.notifications):
                when, name, params = self.notifications[index]
                if name == method and accept(params):
                    return index, when, params
                index += 1
            if not self._pump(deadline):
                raise LspError("no %s as expected within %ss" % (method, timeout))

    def shutdown(self, timeout=30):
        """shutdown, exit; the server's exit status."""
        self.request("shutdown", None, timeout=timeout)
        self.notify("exit", None)
        self.proc.stdin.close()
        try:
            status = self.proc.wait(timeout=timeout)
        finally:
            self._stderr.close()
        return status

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self._stderr.close()


def initialize_params(root):
    """The initialize request of an editor with quick fixes."""
    capabilities = {
        "general": {"positionEncodings": ["utf-16"]},
        "textDocument": {
            "synchronization": {"didSave": True},
            "publishDiagnostics": {"relatedInformation": True, "codeDescriptionSupport": True},
            "codeAction": {
                "codeActionLiteralSupport": {
                    "codeActionKind": {"valueSet": ["quickfix", "refactor", "source"]}},
            },
        },
        "workspace": {"workspaceEdit": {"documentChanges": True}},
    }
    return {
        "processId": os.getpid(),
        "rootUri": uri_of(root),
        "capabilities": capabilities,
        "clientInfo": {"name": "calloc-tidy-test"},
    }


def initialize(client, root):
    """initialize and initialized."""
    result = client.request("initialize", initialize_params(root))
    client.notify("initialized", {})
    return result


def utf16_offset(text, line, character):
    """The index in TEXT of an LSP position (line, UTF-16 code units)."""
    lines = text.split("\n")
    if line > len(lines) - 1:
        raise LspError("position line %d is past the end" % line)
    start = sum(len(l) + 1 for l in lines[:line])
    units = 0
    column = 0
    body = lines[line]
    while units < character:
        if column >= len(body):
            raise LspError("position %d:%d is past the end of its line" % (line, character))
        units += 2 if ord(body[column]) > 0xFFFF else 1
        column += 1
    return start + column


def apply_text_edits(text, edits):
    """TEXT with LSP TextEdits applied (they must not overlap)."""
    spans = []
    for edit in edits:
        r = edit["range"]
        begin = utf16_offset(text, r["start"]["line"], r["start"]["character"])
        end = utf16_offset(text, r["end"]["line"], r["end"]["character"])
        spans.append((begin, end, edit["newText"]))
    spans.sort(key=lambda s: (s[0], s[1]))
    for earlier, later in zip(spans, spans[1:]):
        if later[0] < earlier[1]:
            raise LspError("overlapping edits: %r and %r" % (earlier, later))
    for begin, end, new in reversed(spans):
        text = text[:begin] + new + text[end:]
    return text


def edits_for(workspace_edit, uri):
    """The TextEdits of a WorkspaceEdit for URI, from changes or documentChanges."""
    edits = []
    for change in workspace_edit.get("documentChanges") or []:
        if "kind" in change or change["textDocument"]["uri"] != uri:
            raise LspError("the edit does more than change %s: %r" % (uri, change))
        edits.extend(change["edits"])
    for target, changes in (workspace_edit.get("changes") or {}).items():
        if target != uri:
            raise LspError("the edit touches another file: %s" % target)
        edits.extend(changes)
    return edits
