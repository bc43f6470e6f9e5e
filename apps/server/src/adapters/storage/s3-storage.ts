import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";
import type { S3StorageConfig } from "../../config/storage.js";
import { checkStorageKey, type DocumentStorage, newStorageKey } from "./storage.js";

// STORAGE=s3: three calls of the S3 REST API (PUT, GET and DELETE of one object), signed with AWS
// Signature Version 4 by aws4fetch over fetch (decision 0012). The payload's SHA-256 is signed too, so the
// store refuses a body changed on the way.

/** Each call gives up after this long; aws4fetch tries a 5xx or 429 again a few times within it. */
export const S3_TIMEOUT_MS = 30_000;
const RETRIES = 2;

const sha256Hex = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");
const EMPTY_SHA256 = sha256Hex("");

/** The object's URL: `<endpoint>/<bucket>/<key>` (path style) or `<bucket>.<endpoint host>/<key>`. */
export function objectUrl(
  config: Pick<S3StorageConfig, "endpoint" | "bucket" | "forcePathStyle">,
  key: string,
): URL {
  const url = new URL(config.endpoint);
  const base = url.pathname.replace(/\/+$/, "");
  if (config.forcePathStyle) {
    url.pathname = `${base}/${config.bucket}/${checkStorageKey(key)}`;
  } else {
    url.hostname = `${config.bucket}.${url.hostname}`;
    url.pathname = `${base}/${checkStorageKey(key)}`;
  }
  return url;
}

/** A store's refusal, with S3's error code (`AccessDenied`, `NoSuchBucket`...) but never a credential. */
export class S3StorageError extends Error {
  override name = "S3StorageError";
  constructor(
    readonly operation: "put" | "get" | "delete",
    readonly status: number,
    readonly code: string | null,
  ) {
    super(`S3 ${operation} failed: HTTP ${status}${code ? ` ${code}` : ""}`);
  }
}

async function refusal(operation: S3StorageError["operation"], response: Response): Promise<S3StorageError> {
  const body = await response.text().catch(() => "");
  return new S3StorageError(operation, response.status, /<Code>([^<]{1,64})<\/Code>/.exec(body)?.[1] ?? null);
}

export function s3DocumentStorage(config: S3StorageConfig): DocumentStorage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: "s3",
    region: config.region,
    retries: RETRIES,
  });
  const call = (
    key: string,
    request: { method: string; payloadSha256: string; body?: Uint8Array; headers?: Record<string, string> },
  ) =>
    client.fetch(objectUrl(config, key), {
      method: request.method,
      ...(request.body ? { body: request.body } : {}),
      headers: { ...request.headers, "x-amz-content-sha256": request.payloadSha256 },
      signal: AbortSignal.timeout(S3_TIMEOUT_MS),
    });

  return {
    kind: "s3",

    async put(bytes, contentType) {
      const key = newStorageKey();
      const response = await call(key, {
        method: "PUT",
        body: bytes,
        headers: { "content-type": contentType },
        payloadSha256: sha256Hex(bytes),
      });
      if (!response.ok) throw await refusal("put", response);
      await response.body?.cancel();
      return key;
    },

    async get(key) {
      const response = await call(key, { method: "GET", payloadSha256: EMPTY_SHA256 });
      // A missing object is 404 when the credentials may list the bucket, 403 otherwise (documented).
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) throw await refusal("get", response);
      return new Uint8Array(await response.arrayBuffer());
    },

    async delete(key) {
      const response = await call(key, { method: "DELETE", payloadSha256: EMPTY_SHA256 });
      // S3 answers 204 whether or not the object was there; some compatible stores answer 404.
      if (!response.ok && response.status !== 404) throw await refusal("delete", response);
      await response.body?.cancel();
    },
  };
}
