// SPDX-License-Identifier: Apache-2.0
// A stand-in for Google Cloud Storage's XML API, in memory, for tests (tests/support/StorageEmulator
// starts it): no emulator of GCS checks HMAC signatures the way GCS does, and the catalog's GCS
// code must be tested against one that does.
//
//   node gcs-stub.mjs --port 0 --token TOKEN --hmac-access-id ID --hmac-secret SECRET \
//       [--bucket NAME]...
//
// Prints exactly one line, `Listening on http://127.0.0.1:PORT`, then serves path-style requests
// (`/BUCKET/OBJECT`) on 127.0.0.1 until it is killed.
//
// What it checks, as GCS does:
// - authentication on every request: `Authorization: Bearer TOKEN` (that exact token, else 403
//   AccessDenied), or a V4 HMAC signature: `GOOG4-HMAC-SHA256` (x-goog-date,
//   x-goog-content-sha256, key "GOOG4"+secret, scope DATE/REGION/storage/goog4_request) or the
//   `AWS4-HMAC-SHA256` form GCS also takes (x-amz-date, x-amz-content-sha256, "AWS4"+secret,
//   DATE/REGION/s3/aws4_request). The canonical request is AWS SigV4's for S3: the path
//   URI-encoded once and not normalised, the sorted query, the signed headers lower-cased, trimmed
//   and sorted, and the payload hash header (UNSIGNED-PAYLOAD when absent). A wrong signature is
//   403 SignatureDoesNotMatch (its body gives the canonical request and the string to sign, to
//   debug a client), an unknown access id 403 InvalidAccessKeyId, no credentials 403
//   AccessDenied; a body whose SHA-256 is not the signed one is 400 BadDigest;
// - buckets (only those of --bucket exist; else 404 NoSuchBucket) and objects (404 NoSuchKey);
// - GET object with `Range: bytes=a-b | a- | -n` (206 with Content-Range, 416 when unsatisfiable),
//   HEAD, PUT, DELETE (204), copy (PUT with x-goog-copy-source), with ETag (quoted MD5 hex),
//   x-goog-generation, x-goog-hash (crc32c and md5), Last-Modified;
// - `x-goog-if-generation-match` on every object operation (0: "only if it does not exist"),
//   checked and applied in the same tick (Node runs one callback at a time), so racing creates
//   see exactly one winner and 412 PreconditionFailed for the others;
// - listing, GET /BUCKET with prefix, marker, max-keys (at most 1000), delimiter, in byte order
//   of the UTF-8 keys; also list-type=2 with start-after and continuation-token.
//
// What it does not do: the JSON API, resumable and multipart uploads, signed URLs (query-string
// signatures), ACLs and IAM (a valid credential may do anything), clock skew (requests signed at
// any time are accepted, so tests may sign with fixed dates), metadata other than Content-Type,
// bucket creation over HTTP, persistence (everything is lost when it stops).
//
// Test hooks, without authentication and not recorded:
//   POST /__stub/fail-next?status=503&count=N  the next N other requests answer that status
//   GET  /__stub/requests                      JSON array of the requests seen so far:
//                                              {method, path, query, headers: [names], status}
//                                              (header names only, never their values)

import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

// fs is only for --help: the usage is this file's header.
function usage() {
  const header = readFileSync(new URL(import.meta.url), "utf8").split("\nimport ")[0];
  return header.replace(/^\/\/ ?/gm, "");
}

function parseArguments(argv) {
  const options = { port: 0, token: null, hmacAccessId: null, hmacSecret: null, buckets: [] };
  for (let i = 0; i < argv.length; ++i) {
    const name = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) {
        throw new Error(`${name} needs a value`);
      }
      return argv[++i];
    };
    switch (name) {
      case "--port": options.port = Number.parseInt(value(), 10); break;
      case "--token": options.token = value(); break;
      case "--hmac-access-id": options.hmacAccessId = value(); break;
      case "--hmac-secret": options.hmacSecret = value(); break;
      case "--bucket": options.buckets.push(value()); break;
      case "--help": process.stdout.write(usage()); process.exit(0); break;
      default: throw new Error(`unknown argument ${name} (see --help)`);
    }
  }
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535) {
    throw new Error("--port must be 0..65535");
  }
  if (options.token === null && (options.hmacAccessId === null || options.hmacSecret === null)) {
    throw new Error("give --token, or --hmac-access-id and --hmac-secret, or all three");
  }
  return options;
}

let options;
try {
  options = parseArguments(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`gcs-stub: ${error.message}\n`);
  process.exit(2);
}

// bucket name -> Map(object name -> {body, contentType, generation, md5, crc32c, updated})
const buckets = new Map(options.buckets.map((name) => [name, new Map()]));
let lastGeneration = 0;
const requests = [];
const failNext = { status: 0, count: 0 };

// Generations grow like GCS's (microseconds), and never repeat even within one microsecond.
function nextGeneration() {
  lastGeneration = Math.max(lastGeneration + 1, Date.now() * 1000);
  return lastGeneration;
}

const crc32cTable = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; ++n) {
    let c = n;
    for (let k = 0; k < 8; ++k) {
      c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    }
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32cBase64(buffer) {
  let crc = 0xffffffff;
  for (const byte of buffer) {
    crc = crc32cTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  }
  const out = Buffer.alloc(4);
  out.writeUInt32BE((crc ^ 0xffffffff) >>> 0);
  return out.toString("base64");
}

function xmlEscape(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({
    "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;",
  })[c]);
}

const XmlProlog = "<?xml version='1.0' encoding='UTF-8'?>";

function sendXml(req, res, status, xml, headers = {}) {
  const body = Buffer.from(XmlProlog + xml, "utf8");
  res.writeHead(status, {
    "Content-Type": "application/xml; charset=UTF-8",
    "Content-Length": body.length,
    ...headers,
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

function sendError(req, res, status, code, message, extra = "", headers = {}) {
  sendXml(req, res, status,
    `<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message>${extra}</Error>`, headers);
}

// SigV4's URI encoding: every byte but the unreserved characters as %XX, upper case.
function uriEncode(text, keepSlash) {
  let out = "";
  for (const byte of Buffer.from(text, "utf8")) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(c) || (keepSlash && c === "/")) {
      out += c;
    } else {
      out += "%" + byte.toString(16).toUpperCase().padStart(2, "0");
    }
  }
  return out;
}

// decodeURIComponent, but '+' stays '+' (as in a path) and a bad escape is null, not a throw.
function percentDecode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

function splitTarget(url) {
  const q = url.indexOf("?");
  return q < 0 ? { rawPath: url, rawQuery: "" } : { rawPath: url.slice(0, q), rawQuery: url.slice(q + 1) };
}

// [[name, value]] of the query, decoded; null when an escape is malformed.
function parseQuery(rawQuery) {
  const pairs = [];
  for (const part of rawQuery.split("&")) {
    if (part === "") {
      continue;
    }
    const eq = part.indexOf("=");
    const name = percentDecode(eq < 0 ? part : part.slice(0, eq));
    const value = percentDecode(eq < 0 ? "" : part.slice(eq + 1));
    if (name === null || value === null) {
      return null;
    }
    pairs.push([name, value]);
  }
  return pairs;
}

function byteCompare(a, b) {
  return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
}

// Every value of a header, joined by ',' as SigV4 wants (Node joins some with ", ").
function headerValues(req, lowerName) {
  const values = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i].toLowerCase() === lowerName) {
      values.push(req.rawHeaders[i + 1].trim().replace(/\s+/g, " "));
    }
  }
  return values.length ? values.join(",") : null;
}

const Schemes = {
  "GOOG4-HMAC-SHA256": { prefix: "GOOG4", date: "x-goog-date", sha: "x-goog-content-sha256",
                         service: "storage", request: "goog4_request" },
  "AWS4-HMAC-SHA256": { prefix: "AWS4", date: "x-amz-date", sha: "x-amz-content-sha256",
                        service: "s3", request: "aws4_request" },
};

// Checks the request's credentials. Returns null when they are good, else the error to answer
// ({status, code, message, extra}). `body` is only needed for the payload hash check.
function authenticate(req, rawPath, rawQuery, body) {
  const authorization = req.headers.authorization;
  if (authorization === undefined) {
    return { status: 403, code: "AccessDenied", message: "Anonymous caller does not have access to this resource." };
  }
  if (authorization.startsWith("Bearer ")) {
    const token = authorization.slice("Bearer ".length).trim();
    if (options.token !== null && safeEqual(token, options.token)) {
      return null;
    }
    return { status: 403, code: "AccessDenied", message: "Access denied: the bearer token is not valid." };
  }
  const space = authorization.indexOf(" ");
  const scheme = Schemes[space < 0 ? authorization : authorization.slice(0, space)];
  if (scheme === undefined) {
    return { status: 403, code: "AccessDenied", message: "Unsupported Authorization scheme." };
  }
  const fields = {};
  for (const part of authorization.slice(space + 1).split(",")) {
    const eq = part.indexOf("=");
    if (eq > 0) {
      fields[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
    }
  }
  const malformed = (what) => ({ status: 400, code: "AuthorizationHeaderMalformed", message: `The authorization header is malformed: ${what}.` });
  if (!fields.Credential || !fields.SignedHeaders || !fields.Signature) {
    return malformed("it needs Credential, SignedHeaders and Signature");
  }
  const credential = fields.Credential.split("/");
  if (credential.length < 5) {
    return malformed("Credential is not ID/DATE/REGION/SERVICE/REQUEST");
  }
  const [date, region, service, requestType] = credential.slice(-4);
  const accessId = credential.slice(0, -4).join("/");
  if (service !== scheme.service || requestType !== scheme.request) {
    return malformed(`the credential scope must end with ${scheme.service}/${scheme.request}`);
  }
  if (options.hmacAccessId === null || accessId !== options.hmacAccessId) {
    return { status: 403, code: "InvalidAccessKeyId", message: "The access key id you provided does not exist in our records." };
  }
  const timestamp = headerValues(req, scheme.date);
  if (timestamp === null || !/^\d{8}T\d{6}Z$/.test(timestamp) || timestamp.slice(0, 8) !== date) {
    return malformed(`${scheme.date} must be present, YYYYMMDDTHHMMSSZ, and on the credential's date`);
  }
  const signedHeaders = fields.SignedHeaders.toLowerCase().split(";");
  if (!signedHeaders.includes("host") || !signedHeaders.includes(scheme.date)) {
    return malformed(`SignedHeaders must include host and ${scheme.date}`);
  }
  const query = parseQuery(rawQuery);
  const pathDecoded = percentDecode(rawPath);
  if (query === null || pathDecoded === null) {
    return { status: 400, code: "InvalidURI", message: "Could not parse the request URI." };
  }
  const payloadHash = headerValues(req, scheme.sha) ?? "UNSIGNED-PAYLOAD";
  const canonicalQuery = query
    .map(([name, value]) => [uriEncode(name, false), uriEncode(value, false)])
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const canonicalHeaders = signedHeaders.map((name) => `${name}:${headerValues(req, name) ?? ""}\n`).join("");
  const canonicalRequest = [
    req.method, uriEncode(pathDecoded, true), canonicalQuery, canonicalHeaders,
    signedHeaders.join(";"), payloadHash,
  ].join("\n");
  const scope = `${date}/${region}/${service}/${requestType}`;
  const stringToSign = [
    `${scheme.prefix}-HMAC-SHA256`, timestamp, scope,
    createHash("sha256").update(canonicalRequest, "utf8").digest("hex"),
  ].join("\n");
  let key = Buffer.from(scheme.prefix + options.hmacSecret, "utf8");
  for (const part of [date, region, service, requestType]) {
    key = createHmac("sha256", key).update(part, "utf8").digest();
  }
  const expected = createHmac("sha256", key).update(stringToSign, "utf8").digest("hex");
  if (!safeEqual(fields.Signature.toLowerCase(), expected)) {
    return {
      status: 403, code: "SignatureDoesNotMatch",
      message: "The request signature we calculated does not match the signature you provided. Check your Google secret key and signing method.",
      extra: `<StringToSign>${xmlEscape(stringToSign)}</StringToSign><CanonicalRequest>${xmlEscape(canonicalRequest)}</CanonicalRequest>`,
    };
  }
  if (payloadHash !== "UNSIGNED-PAYLOAD"
      && payloadHash.toLowerCase() !== createHash("sha256").update(body).digest("hex")) {
    return { status: 400, code: "BadDigest", message: `The ${scheme.sha} you specified did not match what we received.` };
  }
  return null;
}

function safeEqual(a, b) {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  return x.length === y.length && timingSafeEqual(x, y);
}

function objectHeaders(object) {
  return {
    "Content-Type": object.contentType,
    ETag: `"${object.md5.toString("hex")}"`,
    "Last-Modified": object.updated.toUTCString(),
    "x-goog-generation": String(object.generation),
    "x-goog-metageneration": "1",
    "x-goog-stored-content-length": String(object.body.length),
    "x-goog-stored-content-encoding": "identity",
    "x-goog-hash": `crc32c=${object.crc32c},md5=${object.md5.toString("base64")}`,
    "Accept-Ranges": "bytes",
  };
}

function makeObject(body, contentType) {
  return {
    body, contentType: contentType || "application/octet-stream", generation: nextGeneration(),
    md5: createHash("md5").update(body).digest(), crc32c: crc32cBase64(body), updated: new Date(),
  };
}

// x-goog-if-generation-match: true when it holds (or is absent), against `object` (undefined:
// the object does not exist).
function generationMatches(req, object, header = "x-goog-if-generation-match") {
  const wanted = req.headers[header];
  if (wanted === undefined) {
    return true;
  }
  return wanted === "0" ? object === undefined : object !== undefined && String(object.generation) === wanted;
}

function preconditionFailed(req, res) {
  sendError(req, res, 412, "PreconditionFailed", "At least one of the pre-conditions you specified did not hold.", "<Details>x-goog-if-generation-match</Details>");
}

// {start, end} (inclusive), "unsatisfiable", or null to serve the whole object.
function parseRange(header, size) {
  const match = /^bytes=(\d*)-(\d*)$/.exec((header ?? "").trim());
  if (!match || (match[1] === "" && match[2] === "")) {
    return null; // absent or a form GCS serves whole (several ranges, other units)
  }
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) {
      return "unsatisfiable";
    }
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (match[2] !== "" && Number(match[2]) < start) {
    return null; // syntactically invalid: ignored, as HTTP says
  }
  return start >= size ? "unsatisfiable" : { start, end };
}

function listObjects(req, res, bucketName, bucket, query) {
  const get = (name) => {
    const pair = query.find(([n]) => n === name);
    return pair ? pair[1] : undefined;
  };
  const v2 = get("list-type") === "2";
  const prefix = get("prefix") ?? "";
  const delimiter = get("delimiter") ?? "";
  let maxKeys = 1000;
  if (get("max-keys") !== undefined) {
    if (!/^\d+$/.test(get("max-keys"))) {
      return sendError(req, res, 400, "InvalidArgument", "Invalid argument: max-keys.");
    }
    maxKeys = Math.min(1000, Number(get("max-keys")));
  }
  let marker = get("marker") ?? "";
  if (v2) {
    const token = get("continuation-token");
    marker = token !== undefined ? Buffer.from(token, "base64url").toString("utf8") : get("start-after") ?? "";
  }
  const keys = [...bucket.keys()].sort(byteCompare);
  const contents = [];
  const prefixes = [];
  let truncated = false;
  let last = "";
  for (const key of keys) {
    if (!key.startsWith(prefix) || byteCompare(key, marker) <= 0) {
      continue;
    }
    // A marker that is a common prefix (the NextMarker of a page ending on one) skips its keys.
    if (delimiter && marker.endsWith(delimiter) && marker.startsWith(prefix) && key.startsWith(marker)) {
      continue;
    }
    let entry = key;
    let common = false;
    if (delimiter) {
      const at = key.indexOf(delimiter, prefix.length);
      if (at >= 0) {
        entry = key.slice(0, at + delimiter.length);
        common = true;
        if (prefixes.length && prefixes[prefixes.length - 1] === entry) {
          continue;
        }
      }
    }
    if (contents.length + prefixes.length >= maxKeys) {
      truncated = true;
      break;
    }
    (common ? prefixes : contents).push(entry);
    last = entry;
  }
  let xml = `<ListBucketResult xmlns="http://doc.s3.amazonaws.com/2006-03-01"><Name>${xmlEscape(bucketName)}</Name><Prefix>${xmlEscape(prefix)}</Prefix>`;
  if (v2) {
    if (get("continuation-token") !== undefined) {
      xml += `<ContinuationToken>${xmlEscape(get("continuation-token"))}</ContinuationToken>`;
    }
    if (get("start-after") !== undefined) {
      xml += `<StartAfter>${xmlEscape(get("start-after"))}</StartAfter>`;
    }
    xml += `<KeyCount>${contents.length + prefixes.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys>`;
  } else {
    xml += `<Marker>${xmlEscape(get("marker") ?? "")}</Marker>`;
  }
  if (delimiter) {
    xml += `<Delimiter>${xmlEscape(delimiter)}</Delimiter>`;
  }
  xml += `<IsTruncated>${truncated}</IsTruncated>`;
  if (truncated) {
    xml += v2
      ? `<NextContinuationToken>${Buffer.from(last, "utf8").toString("base64url")}</NextContinuationToken>`
      : `<NextMarker>${xmlEscape(last)}</NextMarker>`;
  }
  for (const key of contents) {
    const object = bucket.get(key);
    xml += `<Contents><Key>${xmlEscape(key)}</Key><Generation>${object.generation}</Generation>`
      + `<MetaGeneration>1</MetaGeneration><LastModified>${object.updated.toISOString()}</LastModified>`
      + `<ETag>"${object.md5.toString("hex")}"</ETag><Size>${object.body.length}</Size></Contents>`;
  }
  for (const common of prefixes) {
    xml += `<CommonPrefixes><Prefix>${xmlEscape(common)}</Prefix></CommonPrefixes>`;
  }
  sendXml(req, res, 200, xml + "</ListBucketResult>");
}

function handleObject(req, res, bucket, objectName, body) {
  const object = bucket.get(objectName);
  switch (req.method) {
    case "GET":
    case "HEAD": {
      if (object === undefined) {
        return sendError(req, res, 404, "NoSuchKey", "The specified key does not exist.");
      }
      if (!generationMatches(req, object)) {
        return preconditionFailed(req, res);
      }
      const range = req.method === "GET" ? parseRange(req.headers.range, object.body.length) : null;
      if (range === "unsatisfiable") {
        return sendError(req, res, 416, "InvalidRange", "The requested range cannot be satisfied.", "", { "Content-Range": `bytes */${object.body.length}` });
      }
      const slice = range ? object.body.subarray(range.start, range.end + 1) : object.body;
      const headers = { ...objectHeaders(object), "Content-Length": slice.length };
      if (range) {
        headers["Content-Range"] = `bytes ${range.start}-${range.end}/${object.body.length}`;
      }
      res.writeHead(range ? 206 : 200, headers);
      return res.end(req.method === "HEAD" ? undefined : slice);
    }
    case "PUT": {
      let created;
      const copySource = req.headers["x-goog-copy-source"];
      if (copySource !== undefined) {
        const source = percentDecode(copySource.replace(/^\//, ""));
        const slash = source === null ? -1 : source.indexOf("/");
        if (slash <= 0) {
          return sendError(req, res, 400, "InvalidArgument", "x-goog-copy-source must be /BUCKET/OBJECT.");
        }
        const sourceBucket = buckets.get(source.slice(0, slash));
        if (sourceBucket === undefined) {
          return sendError(req, res, 404, "NoSuchBucket", "The specified bucket does not exist.");
        }
        const sourceObject = sourceBucket.get(source.slice(slash + 1));
        if (sourceObject === undefined) {
          return sendError(req, res, 404, "NoSuchKey", "The specified key does not exist.");
        }
        if (!generationMatches(req, sourceObject, "x-goog-copy-source-if-generation-match")
            || !generationMatches(req, object)) {
          return preconditionFailed(req, res);
        }
        const replace = (req.headers["x-goog-metadata-directive"] ?? "").toUpperCase() === "REPLACE";
        created = makeObject(sourceObject.body, replace ? req.headers["content-type"] : sourceObject.contentType);
        bucket.set(objectName, created);
        return sendXml(req, res, 200,
          `<CopyObjectResult><LastModified>${created.updated.toISOString()}</LastModified><ETag>"${created.md5.toString("hex")}"</ETag></CopyObjectResult>`,
          { "x-goog-generation": String(created.generation), "x-goog-hash": objectHeaders(created)["x-goog-hash"] });
      }
      // Checked and stored in this one callback: no other request runs in between.
      if (!generationMatches(req, object)) {
        return preconditionFailed(req, res);
      }
      created = makeObject(body, req.headers["content-type"]);
      bucket.set(objectName, created);
      const { ETag, "x-goog-generation": generation, "x-goog-hash": hash } = objectHeaders(created);
      res.writeHead(200, { ETag, "x-goog-generation": generation, "x-goog-metageneration": "1", "x-goog-hash": hash, "Content-Length": 0 });
      return res.end();
    }
    case "DELETE": {
      if (object === undefined) {
        return sendError(req, res, 404, "NoSuchKey", "The specified key does not exist.");
      }
      if (!generationMatches(req, object)) {
        return preconditionFailed(req, res);
      }
      bucket.delete(objectName);
      res.writeHead(204);
      return res.end();
    }
    default:
      return sendError(req, res, 501, "NotImplemented", `${req.method} on an object is not supported by this stub.`);
  }
}

function handleHook(req, res, rawPath, query) {
  const json = (status, value) => {
    const body = Buffer.from(JSON.stringify(value), "utf8");
    res.writeHead(status, { "Content-Type": "application/json", "Content-Length": body.length });
    res.end(body);
  };
  if (req.method === "POST" && rawPath === "/__stub/fail-next") {
    const get = (name) => (query.find(([n]) => n === name) ?? [])[1];
    const status = Number(get("status") ?? 503);
    const count = Number(get("count") ?? 1);
    if (!Number.isInteger(status) || status < 100 || status > 599 || !Number.isInteger(count) || count < 0) {
      return json(400, { error: "status must be 100..599 and count a whole number" });
    }
    Object.assign(failNext, { status, count });
    return json(200, failNext);
  }
  if (req.method === "GET" && rawPath === "/__stub/requests") {
    return json(200, requests);
  }
  return json(404, { error: "unknown hook" });
}

const FailureCodes = { 429: "SlowDown", 500: "InternalError", 502: "BadGateway", 503: "ServiceUnavailable" };

function handle(req, res, body) {
  const { rawPath, rawQuery } = splitTarget(req.url);
  const query = parseQuery(rawQuery);
  if (rawPath.startsWith("/__stub/")) {
    return handleHook(req, res, rawPath, query ?? []);
  }
  const record = {
    method: req.method, path: rawPath, query: rawQuery,
    headers: req.rawHeaders.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase()),
    status: 0,
  };
  requests.push(record);
  res.on("finish", () => { record.status = res.statusCode; });
  if (failNext.count > 0) {
    failNext.count -= 1;
    return sendError(req, res, failNext.status, FailureCodes[failNext.status] ?? "InjectedFailure", "Failure injected by /__stub/fail-next.");
  }
  const denied = authenticate(req, rawPath, rawQuery, body);
  if (denied) {
    return sendError(req, res, denied.status, denied.code, denied.message, denied.extra ?? "");
  }
  const path = percentDecode(rawPath);
  if (path === null || query === null) {
    return sendError(req, res, 400, "InvalidURI", "Could not parse the request URI.");
  }
  const slash = path.indexOf("/", 1);
  const bucketName = slash < 0 ? path.slice(1) : path.slice(1, slash);
  const objectName = slash < 0 ? "" : path.slice(slash + 1);
  if (bucketName === "") {
    return sendError(req, res, 501, "NotImplemented", "Listing buckets is not supported by this stub.");
  }
  const bucket = buckets.get(bucketName);
  if (bucket === undefined) {
    return sendError(req, res, 404, "NoSuchBucket", "The specified bucket does not exist.");
  }
  if (objectName !== "") {
    return handleObject(req, res, bucket, objectName, body);
  }
  if (req.method === "GET") {
    return listObjects(req, res, bucketName, bucket, query);
  }
  if (req.method === "HEAD") {
    res.writeHead(200, { "Content-Length": 0 });
    return res.end();
  }
  return sendError(req, res, 501, "NotImplemented", `${req.method} on a bucket is not supported by this stub.`);
}

const server = createServer((req, res) => {
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    try {
      handle(req, res, Buffer.concat(chunks));
    } catch (error) {
      process.stderr.write(`gcs-stub: ${error.stack}\n`);
      if (!res.headersSent) {
        sendError(req, res, 500, "InternalError", "The stub failed; see its standard error.");
      } else {
        res.destroy();
      }
    }
  });
});

server.listen(options.port, "127.0.0.1", () => {
  process.stdout.write(`Listening on http://127.0.0.1:${server.address().port}\n`);
});
server.on("error", (error) => {
  process.stderr.write(`gcs-stub: ${error.message}\n`);
  process.exit(1);
});
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => process.exit(0));
}
