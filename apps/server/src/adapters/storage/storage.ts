import { randomBytes } from "node:crypto";

/**
 * Where uploaded documents are kept (STORAGE): `fs` under `$DATA_DIR/uploads`, or any S3-compatible store.
 * Documents are never served from here directly: the server reads them for their owner or staff.
 */
export interface DocumentStorage {
  readonly kind: "fs" | "s3";
  /** Stores the bytes under a new random key (never derived from the file name); answers the key. */
  put(bytes: Uint8Array, contentType: string): Promise<string>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes what is under `key`; nothing there is not an error. */
  delete(key: string): Promise<void>;
}

/** A storage key: 128 random bits as 32 lowercase hex characters, the same shape in every store. */
const STORAGE_KEY_PATTERN = /^[0-9a-f]{32}$/;

export function newStorageKey(): string {
  return randomBytes(16).toString("hex");
}

/**
 * Refuses anything that is not a key this code made: a key becomes a file name or a URL path, so a
 * "../" or a "/" must never reach either.
 */
export function checkStorageKey(key: string): string {
  if (!STORAGE_KEY_PATTERN.test(key)) throw new InvalidStorageKey();
  return key;
}

export class InvalidStorageKey extends Error {
  override name = "InvalidStorageKey";
  constructor() {
    super("Not a document storage key (32 lowercase hex characters)");
  }
}
