import { z } from "zod";
import { booleanVariable, httpUrl, oneOf, optional, type VarsOf } from "./parsers.js";

// The storage variables of config.ts: where uploaded documents (KYC) are kept. Parsed in the same single
// pass as every other variable.

export const storageKinds = ["fs", "s3"] as const;
export type StorageKind = (typeof storageKinds)[number];

/** S3's bucket naming rules (3 to 63 lowercase letters, digits, dots and hyphens), which MinIO and R2 share. */
const BUCKET_PATTERN = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** Credentials belong in their own variables, never in a URL that may end up in a log. */
function hasNoCredentials(value: string): boolean {
  if (!URL.canParse(value)) return true; // isHttpUrl reports it
  const url = new URL(value);
  return url.username === "" && url.password === "";
}

export const storageEnvShape = {
  STORAGE: optional(z.enum(storageKinds, { error: oneOf(storageKinds) })),
  S3_ENDPOINT: optional(
    httpUrl.refine(hasNoCredentials, {
      error: "must not carry a user or password: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
    }),
  ),
  S3_BUCKET: optional(
    z.string().trim().regex(BUCKET_PATTERN, {
      error: "must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens",
    }),
  ),
  S3_REGION: optional(
    z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{1,32}$/, { error: 'must be a region such as "us-east-1"' }),
  ),
  S3_ACCESS_KEY_ID: optional(z.string().trim()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_FORCE_PATH_STYLE: optional(booleanVariable),
};

/** Variables never echoed back in an error: they are, or may carry, credentials. */
export const storageSecretVariables = ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

type StorageVars = VarsOf<typeof storageEnvShape>;

/** Any S3-compatible store: AWS S3, MinIO, Ceph, Cloudflare R2, Backblaze B2... */
export type S3StorageConfig = {
  /** The store's base URL, without a trailing slash (AWS: https://s3.<region>.amazonaws.com). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `<endpoint>/<bucket>/<key>` (MinIO and most self-hosted stores) instead of `<bucket>.<host>/<key>`. */
  forcePathStyle: boolean;
};

/**
 * Where uploaded documents are kept: `fs` under `$DATA_DIR/uploads` (the data directory comes with the
 * Config), or `s3`.
 */
export type StorageConfig = { kind: "fs" } | ({ kind: "s3" } & S3StorageConfig);

export const DEFAULT_S3_REGION = "us-east-1";

/** The storage part of the Config; a string is the problems to report (same style as the schema's). */
export function storageConfig(vars: StorageVars): StorageConfig | string {
  if ((vars.STORAGE ?? "fs") === "fs") return { kind: "fs" };
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = vars;
  if (bucket === undefined || accessKeyId === undefined || secretAccessKey === undefined) {
    const required = ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
    const missing = required.filter((name) => vars[name] === undefined);
    return missing.map((name) => `${name} is required when STORAGE=s3`).join("; ");
  }
  const region = vars.S3_REGION ?? DEFAULT_S3_REGION;
  return {
    kind: "s3",
    endpoint: (vars.S3_ENDPOINT ?? `https://s3.${region}.amazonaws.com`).replace(/\/+$/, ""),
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: vars.S3_FORCE_PATH_STYLE ?? false,
  };
}
