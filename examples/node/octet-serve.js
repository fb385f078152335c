#!/usr/bin/env node
// Verify Octet location proofs from Node through `octet-verify serve` (its HTTP API).
//
// `POST /v1/verify` takes one request, {"id", "proofBase64", "options"}, with a bearer token of the
// server's --token-file, and answers 200 with the result whatever the verdict, or an error object
// ({"schema": "octet-verify/1", "error": {"code", "field", "detail"}}) with a 4xx/5xx status:
// docs/openapi.json and docs/service.md. Plain Node (18 or later; tested with 20): the built-in
// `http`/`https` modules, no npm package.
//
//   const { OctetServeClient, ServeError } = require('./octet-serve.js');
//   const client = new OctetServeClient('http://10.0.0.5:8080', { token: process.env.OCTET_TOKEN });
//   try {
//     const result = await client.verify(proofBuffer, { expectedSessionNonceBase64: nonceB64 });
//     if (result.verdict === 'valid') { ... }
//   } catch (error) {
//     if (error instanceof ServeError && error.retryable) { ... }  // 503: retry later
//   }
//
// Run it:
//
//   node examples/node/octet-serve.js --url http://127.0.0.1:8080 [--token-file FILE]
//       [--options JSON] [--id ID] [--json] PROOF...
//
// It prints `PROOF: verdict` and each check that did not pass (--json: the answers), and exits like
// octet-verify: 0 every proof valid, 1 one invalid, 2 one inconclusive (none invalid), 65 a request
// refused (400), 66 a PROOF unreadable, 69 the service unavailable (503, no connection), 77 not
// authorized (401), 64 usage.
'use strict';

const fs = require('node:fs');
const http = require('node:http');
const https = require('node:https');

const SCHEMA = 'octet-verify/1';

/** An answer that is not a result: the HTTP status and the error object's code, field and detail. */
class ServeError extends Error {
  constructor(status, answer, retryAfter) {
    const error = (answer && answer.error) || {};
    super(`HTTP ${status} ${error.code}` + (error.field ? ` (${error.field})` : '') + (error.detail ? `: ${error.detail}` : ''));
    this.name = 'ServeError';
    this.status = status;
    this.answer = answer;
    this.code = error.code;
    this.field = error.field; // the member at fault, or null for the request as a whole
    this.detail = error.detail;
    this.retryAfter = retryAfter; // seconds, on a 503
  }

  /** 503 (SATURATED, REPLAY_STORE_UNAVAILABLE, STOPPING): nothing was recorded, retry later. */
  get retryable() {
    return this.status === 503;
  }
}

/** No HTTP answer at all: connection refused, reset, timed out. */
class Unreachable extends Error {
  constructor(message) {
    super(message);
    this.name = 'Unreachable';
  }
}

class OctetServeClient {
  constructor(baseUrl, { token = null, timeoutMs = 30000 } = {}) {
    this.baseUrl = new URL(baseUrl);
    this.token = token;
    this.timeoutMs = timeoutMs;
  }

  /** One HTTP exchange: resolves to {status, headers, body (Buffer)}, rejects with Unreachable. */
  exchange(method, path, body, authorized) {
    const url = new URL(path, this.baseUrl);
    const headers = { Accept: 'application/json' };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      headers['Content-Length'] = Buffer.byteLength(body);
    }
    if (authorized && this.token) headers.Authorization = `Bearer ${this.token}`;
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = transport.request(url, { method, headers, timeout: this.timeoutMs }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', (error) => reject(new Unreachable(`${url.origin}: ${error.message}`)));
      });
      request.on('timeout', () => request.destroy(new Error(`no answer within ${this.timeoutMs} ms`)));
      request.on('error', (error) => reject(new Unreachable(`${url.origin}: ${error.message}`)));
      request.end(body);
    });
  }

  /** The JSON answer of a 2xx; a ServeError for anything else. */
  async call(method, path, request, authorized = true) {
    const body = request === undefined ? undefined : JSON.stringify(request);
    const { status, headers, body: raw } = await this.exchange(method, path, body, authorized);
    let answer;
    try {
      answer = JSON.parse(raw.toString('utf8'));
    } catch {
      // libmicrohttpd answers a few statuses itself (414, 431) with an HTML body.
      answer = { schema: SCHEMA, error: { code: null, field: null, detail: raw.toString('utf8', 0, 200) } };
    }
    if (status >= 200 && status < 300) return answer;
    const retryAfter = /^\d+$/.test(headers['retry-after'] || '') ? Number(headers['retry-after']) : null;
    throw new ServeError(status, answer, retryAfter);
  }

  /**
   * Verifies `proof` (a Buffer or Uint8Array) with `options` (the request's options object): the
   * result, whatever its verdict. Rejects with ServeError for any other answer, Unreachable without one.
   */
  verify(proof, options, requestId) {
    const request = {};
    if (requestId !== undefined && requestId !== null) request.id = requestId;
    request.proofBase64 = Buffer.from(proof).toString('base64');
    if (options !== undefined && options !== null) request.options = options;
    return this.call('POST', '/v1/verify', request);
  }

  /** GET /healthz (no token): {status: "ok"} while the server can verify and record. */
  health() {
    return this.call('GET', '/healthz', undefined, false);
  }
}

/** `PROOF: verdict`, then one line per check that did not pass (NOT-CHECKED ones are left out). */
function describe(path, result) {
  const lines = [`${path}: ${result.verdict}`];
  for (const check of result.checks) {
    if (check.status === 'PASS' || check.status === 'NOT-CHECKED') continue;
    lines.push(`  ${check.status.padEnd(13)} ${check.name.padEnd(23)} ${check.code || ''}: ${check.detail}`);
  }
  return lines.join('\n');
}

class UsageError extends Error {}

function parseArguments(argv) {
  const args = { url: 'http://127.0.0.1:8080', tokenFile: null, options: undefined, id: undefined, json: false, proofs: [] };
  const valued = { '--url': 'url', '--token-file': 'tokenFile', '--options': 'options', '--id': 'id' };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].startsWith('--') && argv[i].includes('=')
      ? [argv[i].slice(0, argv[i].indexOf('=')), argv[i].slice(argv[i].indexOf('=') + 1)] : [argv[i], undefined];
    if (flag === '--json') args.json = true;
    else if (flag in valued) {
      const value = inline !== undefined ? inline : argv[++i];
      if (value === undefined) throw new UsageError(`${flag} needs a value`);
      args[valued[flag]] = value;
    } else if (flag === '--') args.proofs.push(...argv.slice(i + 1)), (i = argv.length);
    else if (flag.startsWith('-') && flag !== '-') throw new UsageError(`unknown flag ${flag}`);
    else args.proofs.push(flag);
  }
  if (args.proofs.length === 0) throw new UsageError('no PROOF given');
  if (args.options !== undefined) {
    try {
      args.options = JSON.parse(args.options);
    } catch (error) {
      throw new UsageError(`--options is not JSON: ${error.message}`);
    }
  }
  return args;
}

// The first token of a token file, read as the server reads its own: blank lines and lines
// starting with # are skipped (so the packaged /etc/octet/tokens, comments first, works).
function firstToken(text) {
  for (const raw of text.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line !== '' && !line.startsWith('#')) return line.trim();
  }
  return null;
}

async function main(argv) {
  let args;
  try {
    args = parseArguments(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`octet-serve: ${error.message}\nusage: node octet-serve.js [--url URL] [--token-file FILE] [--options JSON] [--id ID] [--json] PROOF...`);
    return 64;
  }
  let token = null;
  if (args.tokenFile) {
    try {
      token = firstToken(fs.readFileSync(args.tokenFile, 'utf8'));
    } catch (error) {
      console.error(`--token-file ${args.tokenFile}: ${error.message}`);
      return 66;
    }
  }
  const client = new OctetServeClient(args.url, { token });
  let worst = 0; // 0 valid, 1 invalid, 2 inconclusive (invalid wins)
  let failure = 0;
  for (const path of args.proofs) {
    let proof;
    try {
      proof = fs.readFileSync(path);
    } catch (error) {
      console.error(`${path}: cannot read: ${error.message}`);
      failure = failure || 66;
      continue;
    }
    let result;
    try {
      result = await client.verify(proof, args.options, args.id);
    } catch (error) {
      if (error instanceof Unreachable) {
        console.error(`octet-serve: ${error.message}`);
        return 69;
      }
      if (!(error instanceof ServeError)) throw error;
      console.log(args.json ? JSON.stringify(error.answer) : `${path}: ${error.message}`);
      const status = { 400: 65, 401: 77, 503: 69 }[error.status] || 69;
      if (error.status === 401 || error.status === 503) return status; // the next proofs would get the same
      failure = failure || status;
      continue;
    }
    console.log(args.json ? JSON.stringify(result) : describe(path, result));
    const verdict = { valid: 0, invalid: 1, inconclusive: 2 }[result.verdict];
    worst = worst === 1 || verdict === 1 ? 1 : Math.max(worst, verdict);
  }
  return failure || worst;
}

module.exports = { OctetServeClient, ServeError, Unreachable, describe, SCHEMA };

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (status) => { process.exitCode = status; },
    (error) => { console.error(error); process.exitCode = 70; },
  );
}
