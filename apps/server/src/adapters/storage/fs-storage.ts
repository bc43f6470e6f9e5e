import { randomBytes } from "node:crypto";
import { mkdir, open, readFile, rename, unlink } from "node:fs/promises";
import path from "node:path";
import { checkStorageKey, type DocumentStorage, newStorageKey } from "./storage.js";

// STORAGE=fs: one file per document in one directory, readable by the server's user alone (0700/0600).
// A file appears whole or not at all: written to a temporary name, flushed, then renamed (rename is atomic
// within a directory), and the directory flushed so the new name survives a crash.

const isCode = (error: unknown, ...codes: string[]) =>
  error instanceof Error && codes.includes((error as NodeJS.ErrnoException).code ?? "");

/** Documents under `dir` (the server passes `$DATA_DIR/uploads`), created on first use. */
export function fsDocumentStorage(dir: string): DocumentStorage {
  let ready: Promise<void> | null = null;
  const ensureDir = (): Promise<void> => {
    ready ??= mkdir(dir, { recursive: true, mode: 0o700 }).then(
      () => undefined,
      (error: unknown) => {
        ready = null; // try again next time (a volume mounted late)
        throw error;
      },
    );
    return ready;
  };
  const fileOf = (key: string) => path.join(dir, checkStorageKey(key));

  return {
    kind: "fs",

    async put(bytes) {
      await ensureDir();
      const key = newStorageKey();
      // A dot name is never a key, so a temporary file left by a crash is never read as a document.
      const temporary = path.join(dir, `.${key}.${randomBytes(4).toString("hex")}.tmp`);
      try {
        // "wx": never through a file or link already there.
        const file = await open(temporary, "wx", 0o600);
        try {
          await file.writeFile(bytes);
          await file.sync();
        } finally {
          await file.close();
        }
        await rename(temporary, fileOf(key));
      } catch (error) {
        await unlink(temporary).catch(() => undefined);
        throw error;
      }
      await syncDirectory(dir);
      return key;
    },

    async get(key) {
      const file = fileOf(key);
      try {
        const data = await readFile(file);
        return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      } catch (error) {
        if (isCode(error, "ENOENT")) return null;
        throw error;
      }
    },

    async delete(key) {
      const file = fileOf(key);
      try {
        await unlink(file);
      } catch (error) {
        if (!isCode(error, "ENOENT")) throw error;
      }
    },
  };
}

/** Flushes a directory's entries; some systems (Windows) cannot open a directory, and need not. */
async function syncDirectory(dir: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(dir, "r");
  } catch (error) {
    if (isCode(error, "EISDIR", "EPERM", "EACCES")) return;
    throw error;
  }
  try {
    await handle.sync();
  } catch (error) {
    if (!isCode(error, "EINVAL", "ENOTSUP", "EPERM")) throw error;
  } finally {
    await handle.close();
  }
}
