#!/usr/bin/env python3
"""Verify Octet location proofs from Python through an `octet-verify --requests` co-process.

One `octet-verify --requests -` process stays running beside your program: each call writes one
JSON request line to its standard input and reads one answer line from its standard output
(docs/service.md, "octet-verify --requests"). The options are per proof (session nonce, expected
region, content, pinned apps...); the process's own flags are its configuration (replay store,
revocation list, trust anchors). Standard library only.

    from octet_requests import OctetVerifier

    with OctetVerifier(replay_store="sqlite:/var/lib/octet/replay.db") as verifier:
        result = verifier.verify(proof_bytes, options={"expectedSessionNonceBase64": nonce_b64})
        if result["verdict"] == "valid":
            ...

An answer is a result (whatever the verdict) or, for a request the verifier could not read, a
`RequestRejected` exception carrying the error object's code, field and detail. When the
co-process is gone (it could not start, its configuration was refused, it crashed), calls raise
`VerifierGone` with its exit status and the end of its standard error.

Run it:

    python3 examples/python/octet_requests.py [--octet-verify PATH] [--replay-db FILE]
        [--options JSON] [--id ID] [--json] PROOF...

It prints `PROOF: verdict` and each check that did not pass (`--json`: the answer lines), and
exits like `octet-verify`: 0 every proof valid, 1 one invalid, 2 one inconclusive (none invalid),
65 a request refused, 66 a PROOF unreadable, 69 the verifier gone, 64 usage.
"""

import argparse
import base64
import json
import os
import shutil
import subprocess
import sys
import threading

SCHEMA = "octet-verify/1"


class RequestRejected(Exception):
    """The verifier refused the request itself (`REQUEST_INVALID`): nothing was verified or recorded."""

    def __init__(self, answer):
        error = answer.get("error") or {}
        self.answer = answer
        self.code = error.get("code")
        self.field = error.get("field")  # the member at fault, or None for the request as a whole
        self.detail = error.get("detail")
        super().__init__(f"{self.code} ({self.field or 'the request'}): {self.detail}")


class VerifierGone(Exception):
    """The co-process is not running (any more): its exit status and the end of its standard error."""

    def __init__(self, message, exit_status=None, stderr=""):
        self.exit_status = exit_status
        self.stderr = stderr
        tail = stderr.strip().splitlines()[-1:] if stderr else []
        super().__init__(message + (f" (exit {exit_status})" if exit_status is not None else "")
                         + (f": {tail[0]}" if tail else ""))


def find_octet_verify():
    """`OCTET_VERIFY` from the environment, else `octet-verify` on PATH, else this checkout's debug build."""
    explicit = os.environ.get("OCTET_VERIFY")
    if explicit:
        return explicit
    on_path = shutil.which("octet-verify")
    if on_path:
        return on_path
    here = os.path.dirname(os.path.abspath(__file__))
    built = os.path.join(here, "..", "..", ".build", "debug", "octet-verify")
    return os.path.normpath(built) if os.access(built, os.X_OK) else "octet-verify"


class OctetVerifier:
    """One `octet-verify --requests -` co-process. Not thread-safe: one caller at a time (or a lock)."""

    def __init__(self, executable=None, replay_db=None, replay_store=None, revocation_list=None,
                 trust_anchors=None, jobs=None):
        arguments = [executable or find_octet_verify(), "--requests", "-"]
        for flag, value in (("--replay-db", replay_db), ("--replay-store", replay_store),
                            ("--revocation-list", revocation_list), ("--trust-anchors", trust_anchors),
                            ("--jobs", jobs)):
            if value is not None:
                arguments += [flag, str(value)]
        try:
            self._process = subprocess.Popen(arguments, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                             stderr=subprocess.PIPE)
        except OSError as error:
            raise VerifierGone(f"cannot start {arguments[0]}: {error.strerror}") from error
        # Standard error is drained on a thread of its own, so that a chatty verifier never blocks
        # on a full pipe; only its last 64 KiB are kept, for the message of VerifierGone.
        self._stderr = bytearray()
        self._stderr_reader = threading.Thread(target=self._drain_stderr, daemon=True)
        self._stderr_reader.start()

    def _drain_stderr(self):
        for chunk in iter(lambda: self._process.stderr.read1(4096), b""):
            self._stderr += chunk
            del self._stderr[:-65536]

    def _gone(self, message):
        try:
            status = self._process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            status = None
        self._stderr_reader.join(timeout=1)
        return VerifierGone(message, status, self._stderr.decode("utf-8", "replace"))

    def request(self, request):
        """Sends one request object (a dict) and returns the answer object, result or error, as it came."""
        line = json.dumps(request, separators=(",", ":"), ensure_ascii=False).encode("utf-8") + b"\n"
        try:
            self._process.stdin.write(line)
            self._process.stdin.flush()
        except (BrokenPipeError, ValueError):
            raise self._gone("octet-verify is not running") from None
        answer = self._process.stdout.readline()
        if not answer.endswith(b"\n"):
            raise self._gone("octet-verify stopped before answering")
        return json.loads(answer)

    def verify(self, proof, options=None, request_id=None):
        """Verifies `proof` (bytes) with `options` (the request's options object, docs/service.md):
        the result object, whatever its verdict. Raises RequestRejected for a refused request."""
        request = {}
        if request_id is not None:
            request["id"] = request_id
        request["proofBase64"] = base64.b64encode(proof).decode("ascii")
        if options is not None:
            request["options"] = options
        answer = self.request(request)
        if answer.get("schema") != SCHEMA:
            raise self._gone(f"unexpected answer schema {answer.get('schema')!r}")
        if "error" in answer:
            raise RequestRejected(answer)
        return answer

    def close(self):
        """Closes the verifier's input (it ends once every request is answered) and waits for it:
        its exit status (0, or 65 when some request was refused)."""
        if self._process.stdin and not self._process.stdin.closed:
            try:
                self._process.stdin.close()
            except BrokenPipeError:
                pass
        status = self._process.wait()
        self._stderr_reader.join(timeout=1)
        return status

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


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


def main(argv=None):
    parser = UsageParser(description="Verify proofs through an octet-verify --requests co-process.")
    parser.add_argument("proofs", nargs="+", metavar="PROOF", help="a proof file")
    parser.add_argument("--octet-verify", help="the octet-verify executable (default: $OCTET_VERIFY, PATH, .build/debug)")
    parser.add_argument("--replay-db", help="an SQLite replay store (enables replay-uniqueness)")
    parser.add_argument("--options", default=None, help="the request's options object, as JSON")
    parser.add_argument("--id", default=None, help="the request id (echoed in the answer)")
    parser.add_argument("--json", action="store_true", help="print the answers as JSON lines")
    args = parser.parse_args(argv)
    try:
        options = json.loads(args.options) if args.options is not None else None
    except json.JSONDecodeError as error:
        parser.error(f"--options is not JSON: {error}")

    worst = 0  # 0 valid, 1 invalid, 2 inconclusive; invalid wins, as in octet-verify
    refused = unreadable = False
    try:
        with OctetVerifier(executable=args.octet_verify, replay_db=args.replay_db) as verifier:
            for path in args.proofs:
                try:
                    with open(path, "rb") as file:
                        proof = file.read()
                except OSError as error:
                    print(f"{path}: cannot read: {error.strerror}", file=sys.stderr)
                    unreadable = True
                    continue
                try:
                    result = verifier.verify(proof, options, args.id)
                except RequestRejected as rejected:
                    print(as_json(rejected.answer) if args.json else f"{path}: request refused: {rejected}")
                    refused = True
                    continue
                print(as_json(result) if args.json else describe(path, result))
                verdict = {"valid": 0, "invalid": 1, "inconclusive": 2}[result["verdict"]]
                worst = 1 if 1 in (worst, verdict) else max(worst, verdict)
    except VerifierGone as gone:
        print(f"octet_requests: {gone}", file=sys.stderr)
        return 69
    if refused:
        return 65
    if unreadable:
        return 66
    return worst


if __name__ == "__main__":
    sys.exit(main())
