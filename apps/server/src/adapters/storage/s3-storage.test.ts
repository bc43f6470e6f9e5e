import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { S3StorageConfig } from "../../config/storage.js";
import { createDocumentStorage } from "./create-document-storage.js";
import { objectUrl, S3StorageError, s3DocumentStorage } from "./s3-storage.js";
import { InvalidStorageKey } from "./storage.js";

// No S3-compatible server installs from npm and checks signatures: s3rver runs on Node 20 but leaves
// Signature Version 4 unverified ("unimplemented" in its source) and takes unsigned requests. So these
// tests run the adapter against a TEST DOUBLE: a small HTTP server, below, that stores objects in memory and
// refuses any request whose SigV4 signature (payload hash included) it cannot verify. The verifier is an
// implementation of AWS's documented algorithm of its own, checked first against AWS's published example.

const sha256Hex = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/** AWS Signature Version 4 of a canonical request, as AWS documents it. */
function sigV4Signature(input: {
  method: string;
  path: string;
  query: string;
  headers: [name: string, value: string][];
  payloadHash: string;
  amzDate: string;
  region: string;
  secretAccessKey: string;
}): string {
  const signedHeaders = input.headers.map(([name]) => name).join(";");
  const canonicalRequest = [
    input.method,
    input.path,
    input.query,
    ...input.headers.map(([name, value]) => `${name}:${value.trim().replace(/\s+/g, " ")}`),
    "",
    signedHeaders,
    input.payloadHash,
  ].join("\n");
  const day = input.amzDate.slice(0, 8);
  const scope = `${day}/${input.region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", input.amzDate, scope, sha256Hex(canonicalRequest)].join("\n");
  let key = hmac(`AWS4${input.secretAccessKey}`, day);
  for (const part of [input.region, "s3", "aws4_request"]) key = hmac(key, part);
  return createHmac("sha256", key).update(stringToSign).digest("hex");
}

type Credentials = { accessKeyId: string; secretAccessKey: string; region: string };
type SeenRequest = { method: string; path: string; headers: IncomingMessage["headers"] };

/** The test double of an S3-compatible store (path-style addressing): see the comment at the top. */
class S3TestDouble {
  readonly objects = new Map<string, { body: Buffer; contentType: string | undefined }>();
  readonly seen: SeenRequest[] = [];
  /** Answers this many requests with 503 before serving again (a store that is briefly unwell). */
  unavailableFor = 0;
  private server: Server | null = null;

  constructor(private readonly credentials: Credentials) {}

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const { status, body, headers } = this.answer(request, Buffer.concat(chunks));
        response.writeHead(status, headers).end(body);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private answer(request: IncomingMessage, body: Buffer) {
    const method = request.method ?? "";
    const path = request.url ?? "";
    this.seen.push({ method, path, headers: request.headers });
    const error = (status: number, code: string) => ({
      status,
      body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`,
      headers: { "content-type": "application/xml" },
    });
    if (this.unavailableFor > 0) {
      this.unavailableFor--;
      return error(503, "SlowDown");
    }
    const problem = this.authenticationProblem(request, body);
    if (problem) return error(403, problem);

    const object = this.objects.get(path);
    if (method === "PUT") {
      this.objects.set(path, { body, contentType: request.headers["content-type"] });
      return { status: 200, body: "", headers: { etag: `"${sha256Hex(body).slice(0, 32)}"` } };
    }
    if (method === "GET") {
      if (!object) return error(404, "NoSuchKey");
      return { status: 200, body: object.body, headers: { "content-type": object.contentType ?? "" } };
    }
    if (method === "DELETE") {
      this.objects.delete(path);
      return { status: 204, body: "", headers: {} };
    }
    return error(405, "MethodNotAllowed");
  }

  /** Null when the request is signed by our credentials, over its headers and its exact payload. */
  private authenticationProblem(request: IncomingMessage, body: Buffer): string | null {
    const authorization = request.headers.authorization;
    if (!authorization) return "AccessDenied";
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    if (!match) return "AuthorizationHeaderMalformed";
    const [, accessKeyId, day, region, signedHeaders = "", signature = ""] = match;
    if (accessKeyId !== this.credentials.accessKeyId) return "InvalidAccessKeyId";
    if (region !== this.credentials.region) return "AuthorizationHeaderMalformed";
    const amzDate = String(request.headers["x-amz-date"] ?? "");
    if (amzDate.slice(0, 8) !== day) return "AuthorizationHeaderMalformed";
    const signedAt = Date.parse(
      amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"),
    );
    if (!(Math.abs(Date.now() - signedAt) < 15 * 60_000)) return "RequestTimeTooSkewed";
    const names = signedHeaders.split(";");
    if (!["host", "x-amz-content-sha256", "x-amz-date"].every((name) => names.includes(name))) {
      return "AccessDenied";
    }
    // The payload must be signed, and be what was signed.
    const payloadHash = String(request.headers["x-amz-content-sha256"] ?? "");
    if (payloadHash !== sha256Hex(body)) return "XAmzContentSHA256Mismatch";
    const [path = "", query = ""] = (request.url ?? "").split("?");
    const expected = sigV4Signature({
      method: request.method ?? "",
      path,
      query,
      headers: names.map((name) => [name, String(request.headers[name] ?? "")]),
      payloadHash,
      amzDate,
      region,
      secretAccessKey: this.credentials.secretAccessKey,
    });
    return timingSafeEqual(Buffer.from(expected), Buffer.from(signature)) ? null : "SignatureDoesNotMatch";
  }
}

const credentials = {
  accessKeyId: "SATSBANKTESTKEY",
  secretAccessKey: "satsbank-test-secret/0123456789",
  region: "eu-west-2",
};
const double = new S3TestDouble(credentials);
let config: S3StorageConfig;

beforeAll(async () => {
  const endpoint = await double.start();
  config = { ...credentials, endpoint, bucket: "kyc-documents", forcePathStyle: true };
});
afterAll(() => double.stop());
beforeEach(() => {
  double.objects.clear();
  double.seen.length = 0;
  double.unavailableFor = 0;
});

const bytes = (text: string) => new TextEncoder().encode(text);

describe("the S3 test double's signature check", () => {
  it("computes AWS's published example (GET /test.txt, examplebucket, 2013-05-24)", () => {
    const emptyHash = sha256Hex("");
    expect(
      sigV4Signature({
        method: "GET",
        path: "/test.txt",
        query: "",
        headers: [
          ["host", "examplebucket.s3.amazonaws.com"],
          ["range", "bytes=0-9"],
          ["x-amz-content-sha256", emptyHash],
          ["x-amz-date", "20130524T000000Z"],
        ],
        payloadHash: emptyHash,
        amzDate: "20130524T000000Z",
        region: "us-east-1",
        secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
      }),
    ).toBe("f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41");
  });

  it("refuses an unsigned request", async () => {
    const response = await fetch(`${config.endpoint}/kyc-documents/0123456789abcdef0123456789abcdef`);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("<Code>AccessDenied</Code>");
  });
});

describe("s3DocumentStorage", () => {
  it("is what STORAGE=s3 makes", () => {
    expect(createDocumentStorage({ kind: "s3", ...config }, "/unused").kind).toBe("s3");
  });

  it("stores, reads back and deletes a document, every request signed with the payload's hash", async () => {
    const storage = s3DocumentStorage(config);
    const document = bytes("%PDF-1.7 a bank statement");

    const key = await storage.put(document, "application/pdf");

    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(double.objects.get(`/kyc-documents/${key}`)).toEqual({
      body: Buffer.from(document),
      contentType: "application/pdf",
    });
    expect(await storage.get(key)).toEqual(document);
    await storage.delete(key);
    expect(double.objects.size).toBe(0);
    expect(await storage.get(key)).toBeNull();

    expect(double.seen.map(({ method, path }) => `${method} ${path}`)).toEqual([
      `PUT /kyc-documents/${key}`,
      `GET /kyc-documents/${key}`,
      `DELETE /kyc-documents/${key}`,
      `GET /kyc-documents/${key}`,
    ]);
    for (const { headers } of double.seen) {
      expect(headers.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=SATSBANKTESTKEY\/\d{8}\/eu-west-2\/s3\//,
      );
    }
    expect(double.seen[0]?.headers["x-amz-content-sha256"]).toBe(sha256Hex(document));
  });

  it("makes a new key for every put, the same bytes included", async () => {
    const storage = s3DocumentStorage(config);
    const [first, second] = [
      await storage.put(bytes("a"), "image/png"),
      await storage.put(bytes("a"), "image/png"),
    ];
    expect(first).not.toBe(second);
    expect(double.objects.size).toBe(2);
  });

  it("answers null for a missing object and deletes one that is not there without an error", async () => {
    const storage = s3DocumentStorage(config);
    expect(await storage.get("0123456789abcdef0123456789abcdef")).toBeNull();
    await storage.delete("0123456789abcdef0123456789abcdef");
  });

  it("fails with the store's error code, and never says the secret", async () => {
    const storage = s3DocumentStorage({ ...config, secretAccessKey: "the-wrong-secret" });
    const error = await storage.put(bytes("x"), "image/png").catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(S3StorageError);
    expect(error).toMatchObject({ operation: "put", status: 403, code: "SignatureDoesNotMatch" });
    expect(String((error as Error).message)).not.toContain("the-wrong-secret");
    await expect(storage.get("0123456789abcdef0123456789abcdef")).rejects.toMatchObject({
      status: 403,
      code: "SignatureDoesNotMatch",
    });
    const otherBucket = s3DocumentStorage({ ...config, accessKeyId: "SOMEONEELSE" });
    await expect(otherBucket.delete("0123456789abcdef0123456789abcdef")).rejects.toMatchObject({
      operation: "delete",
      code: "InvalidAccessKeyId",
    });
  });

  it("tries again when the store is briefly unavailable, and gives up when it stays so", async () => {
    const storage = s3DocumentStorage(config);
    double.unavailableFor = 2;
    const key = await storage.put(bytes("x"), "image/png");
    expect(await storage.get(key)).toEqual(bytes("x"));

    double.unavailableFor = 100;
    await expect(storage.get(key)).rejects.toMatchObject({ status: 503, code: "SlowDown" });
  });

  it("refuses a key it did not make before sending anything", async () => {
    const storage = s3DocumentStorage(config);
    for (const key of [
      "../other-bucket/0123456789abcdef0123456789abcdef",
      "",
      "a/b",
      "0123456789ABCDEF0123456789ABCDEF",
    ]) {
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKey);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKey);
    }
    expect(double.seen).toHaveLength(0);
  });
});

describe("objectUrl", () => {
  const key = "0123456789abcdef0123456789abcdef";

  it("puts the bucket in the path (path style) or in the host name (virtual-hosted style)", () => {
    const minio = { endpoint: "http://minio.internal:9000", bucket: "kyc", forcePathStyle: true };
    expect(objectUrl(minio, key).href).toBe(`http://minio.internal:9000/kyc/${key}`);
    const aws = { endpoint: "https://s3.eu-west-2.amazonaws.com", bucket: "kyc", forcePathStyle: false };
    expect(objectUrl(aws, key).href).toBe(`https://kyc.s3.eu-west-2.amazonaws.com/${key}`);
  });

  it("keeps an endpoint's own path (a store behind a reverse proxy)", () => {
    const proxied = { endpoint: "https://files.bank.example/s3", bucket: "kyc", forcePathStyle: true };
    expect(objectUrl(proxied, key).href).toBe(`https://files.bank.example/s3/kyc/${key}`);
  });
});
