#!/usr/bin/env python3
"""Verify Octet location proofs from Python through `octet-verify serve` (its HTTP API).

`POST /v1/verify` takes one request, `{"id": ..., "proofBase64": ..., "options": {...}}`, with a
bearer token of the server's `--token-file`, and answers `200` with the result whatever the
verdict, or an error object (`{"schema": "octet-verify/1", "error": {"code", "field", "detail"}}`)
with a 4xx/5xx status: docs/openapi.json and docs/service.md. Standard library only (urllib).

    from octet_serve import OctetServeClient, ServeError

    client = OctetServeClient("http://10.0.0.5:8080", token=open("/etc/octet/token").read().strip())
    try:
        result = client.verify(proof_bytes, options={"expectedSessionNonceBase64": nonce_b64})
    except ServeError as error:
        if error.retryable: ...        # 503: saturated, replay store down, stopping: retry later
        else: ...                      # 400 REQUEST_INVALID (error.field says which member), 401, ...
    else:
        accept = result["verdict"] == "valid"

Run it:

    python3 examples/python/octet_serve.py --url http://127.0.0.1:8080 [--token-file FILE]
        [--options JSON] [--id ID] [--json] PROOF...

It prints `PROOF: verdict` and each check that did not pass (`--json`: the answers), and exits
like `octet-verify`: 0 every proof valid, 1 one invalid, 2 one inconclusive (none invalid), 65 a
request refused (400), 66 a PROOF unreadable, 69 the service unavailable (503, no connection),
77 not authorized (401), 64 usage.
"""

import argparse
import base64
import json
import sys
import urllib.error
import urllib.request

SCHEMA = "octet-verify/1"


class ServeError(Exception):
    """An answer that is not a result: the HTTP status and the error object's code, field, detail."""

    def __init__(self, status, answer, retry_after=None):
        error = (answer or {}).get("error") or {}
        self.status = status
        self.answer = answer
        self.code = error.get("code")
        self.field = error.get("field")
        self.detail = error.get("detail")
        self.retry_after = retry_after  # seconds, on a 503
        super().__init__(f"HTTP {status} {self.code}" + (f" ({self.field})" if self.field else "")
                         + (f": {self.detail}" if self.detail else ""))

    @property
    def retryable(self):
        """503 (SATURATED, REPLAY_STORE_UNAVAILABLE, STOPPING): the same request may succeed later or
        elsewhere. Nothing was recorded. Every other error needs the request or the token fixed."""
        return self.status == 503


class Unreachable(Exception):
    """No HTTP answer at all: connection refused, reset, timed out."""


class OctetServeClient:
    """A client of one `octet-verify serve` (or a load balancer in front of several)."""

    def __init__(self, base_url, token=None, timeout=30.0):
        self.base_url = base_url.rstrip("/")
        self.token = token
        self.timeout = timeout

    def _call(self, method, path, body=None, authorized=True):
        headers = {"Accept": "application/json"}
        data = None
        if body is not None:
            data = json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
            headers["Content-Type"] = "application/json"
        if authorized and self.token:
            headers["Authorization"] = "Bearer " + self.token
        request = urllib.request.Request(self.base_url + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            # Every answer of serve that is not a result is the JSON error object; a few statuses
            # answered by libmicrohttpd itself (414, 431) have an HTML body instead.
            raw = error.read()
            try:
                answer = json.loads(raw)
            except ValueError:
                answer = {"schema": SCHEMA, "error": {"code": None, "field": None,
                                                      "detail": raw[:200].decode("utf-8", "replace")}}
            retry_after = error.headers.get("Retry-After")
            raise ServeError(error.code, answer, int(retry_after) if retry_after and retry_after.isdigit() else None) \
                from None
        except (urllib.error.URLError, OSError) as error:
            raise Unreachable(f"{self.base_url}: {getattr(error, 'reason', error)}") from None

    def verify(self, proof, options=None, request_id=None):
        """Verifies `proof` (bytes) with `options` (the request's options object): the result,
        whatever its verdict. Raises ServeError for any other answer, Unreachable without one."""
        request = {}
        if request_id is not None:
            request["id"] = request_id
        request["proofBase64"] = base64.b64encode(proof).decode("ascii")
        if options is not None:
            request["options"] = options
        _, result = self._call("POST", "/v1/verify", request)
        return result

    def health(self):
        """`GET /healthz` (no token): {"status": "ok"} while the server can verify and record.
        A 503 (store unreachable, stopping) raises ServeError with the body in `answer`."""
        _, body = self._call("GET", "/healthz", authorized=False)
        return body


def as_json(answer):
    """An answer as one compact JSON line (members in the server's order)."""
    return json.dumps(answer, separators=(",", ":"), ensure_ascii=False)


def describe(path, result):
    """`PROOF: verdict`, then one line per check that did not pass (NOT-CHECKED ones are left out)."""
    lines = [f"{path}: {result['verdict']}"]
    for check in result["checks"]:
        if check["status"] not in ("PASS", "NOT-CHECKED"):
            lines.append(f"  {check['status']:<13} {check['name']:<23} {check.get('code', '')}: {check['detail']}")
    return "\n".join(lines)


class UsageParser(argparse.ArgumentParser):
    """argparse with usage errors as exit 64 (its own 2 would read as "inconclusive")."""

    def error(self, message):
        self.print_usage(sys.stderr)
        print(f"{self.prog}: {message}", file=sys.stderr)
        sys.exit(64)


def first_token(lines):
    """The first token of a token file, read as the server reads its own: blank lines and lines
    starting with `#` are skipped (so the packaged /etc/octet/tokens, comments first, works)."""
    for line in lines:
        line = line.rstrip("\n").rstrip("\r")
        if line and not line.startswith("#"):
            return line.strip()
    return None


def main(argv=None):
    parser = UsageParser(description="Verify proofs with octet-verify serve.")
    parser.add_argument("proofs", nargs="+", metavar="PROOF", help="a proof file")
    parser.add_argument("--url", default="http://127.0.0.1:8080", help="the server (default http://127.0.0.1:8080)")
    parser.add_argument(
        "--token-file", help="a file whose first token line is a bearer token of the server's --token-file"
    )
    parser.add_argument("--options", default=None, help="the request's options object, as JSON")
    parser.add_argument("--id", default=None, help="the request id (echoed in the answer)")
    parser.add_argument("--json", action="store_true", help="print the answers as JSON lines")
    args = parser.parse_args(argv)
    token = None
    if args.token_file:
        try:
            with open(args.token_file, encoding="utf-8") as file:
                token = first_token(file)
        except OSError as error:
            print(f"--token-file {args.token_file}: {error.strerror}", file=sys.stderr)
            return 66
    try:
        options = json.loads(args.options) if args.options is not None else None
    except json.JSONDecodeError as error:
        parser.error(f"--options is not JSON: {error}")

    client = OctetServeClient(args.url, token)
    worst, failure = 0, None  # verdicts: 0 valid, 1 invalid, 2 inconclusive (invalid wins)
    for path in args.proofs:
        try:
            with open(path, "rb") as file:
                proof = file.read()
        except OSError as error:
            print(f"{path}: cannot read: {error.strerror}", file=sys.stderr)
            failure = failure or 66
            continue
        try:
            result = client.verify(proof, options, args.id)
        except ServeError as error:
            print(as_json(error.answer) if args.json else f"{path}: {error}")
            exit_status = {400: 65, 401: 77, 503: 69}.get(error.status, 69)
            if error.status in (401, 503):
                return exit_status  # the next proofs would get the same answer
            failure = failure or exit_status
            continue
        except Unreachable as error:
            print(f"octet_serve: {error}", file=sys.stderr)
            return 69
        print(as_json(result) if args.json else describe(path, result))
        verdict = {"valid": 0, "invalid": 1, "inconclusive": 2}[result["verdict"]]
        worst = 1 if 1 in (worst, verdict) else max(worst, verdict)
    return failure or worst


if __name__ == "__main__":
    sys.exit(main())
