import path from "node:path";
import type { StorageConfig } from "../../config/storage.js";
import { fsDocumentStorage } from "./fs-storage.js";
import { s3DocumentStorage } from "./s3-storage.js";
import type { DocumentStorage } from "./storage.js";

/** The directory of STORAGE=fs, inside the data directory. */
export const uploadsDir = (dataDir: string) => path.join(dataDir, "uploads");

/** The document storage STORAGE names: `fs` under `$DATA_DIR/uploads`, or an S3-compatible store. */
export function createDocumentStorage(config: StorageConfig, dataDir: string): DocumentStorage {
  if (config.kind === "fs") return fsDocumentStorage(uploadsDir(dataDir));
  return s3DocumentStorage(config);
}
