import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDocumentStorage, uploadsDir } from "./create-document-storage.js";
import { fsDocumentStorage } from "./fs-storage.js";
import { InvalidStorageKey } from "./storage.js";

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "satsbank-storage-"));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const bytes = (text: string) => new TextEncoder().encode(text);
const mode = async (file: string) => (await stat(file)).mode & 0o777;

describe("fsDocumentStorage", () => {
  it("is what STORAGE=fs makes, under $DATA_DIR/uploads", async () => {
    const storage = createDocumentStorage({ kind: "fs" }, dataDir);
    expect(storage.kind).toBe("fs");
    const key = await storage.put(bytes("passport"), "image/jpeg");
    expect(await readdir(path.join(dataDir, "uploads"))).toEqual([key]);
    expect(uploadsDir(dataDir)).toBe(path.join(dataDir, "uploads"));
  });

  it("stores, reads back and deletes a document under a random 32-hex key", async () => {
    const storage = fsDocumentStorage(uploadsDir(dataDir));
    const first = await storage.put(bytes("first document"), "application/pdf");
    const second = await storage.put(bytes("first document"), "application/pdf");
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).not.toBe(first);

    expect(await storage.get(first)).toEqual(bytes("first document"));
    await storage.delete(first);
    expect(await storage.get(first)).toBeNull();
    expect(await storage.get(second)).toEqual(bytes("first document"));
    // Deleting what is not there is no error: a retried cleanup must not fail.
    await storage.delete(first);
  });

  it("answers null for a well-formed key that was never stored", async () => {
    const storage = fsDocumentStorage(uploadsDir(dataDir));
    expect(await storage.get("0123456789abcdef0123456789abcdef")).toBeNull();
  });

  it("keeps documents to the server's user: directory 0700, files 0600", async () => {
    const dir = uploadsDir(dataDir);
    const storage = fsDocumentStorage(dir);
    const key = await storage.put(bytes("selfie"), "image/png");
    expect(await mode(dir)).toBe(0o700);
    expect(await mode(path.join(dir, key))).toBe(0o600);
  });

  it("creates the directory, parents included, on first use and not before", async () => {
    const dir = path.join(dataDir, "volume", "uploads");
    const storage = fsDocumentStorage(dir);
    await expect(stat(dir)).rejects.toThrow(/ENOENT/);
    expect(await storage.get("0123456789abcdef0123456789abcdef")).toBeNull();
    await storage.put(bytes("x"), "image/png");
    expect((await stat(dir)).isDirectory()).toBe(true);
  });

  it("refuses any key it did not make: no path traversal, no other file", async () => {
    const dir = uploadsDir(dataDir);
    const storage = fsDocumentStorage(dir);
    await storage.put(bytes("x"), "image/png");
    await writeFile(path.join(dataDir, "app-secret"), "do not read me");
    const hostile = [
      "../app-secret",
      "..",
      "",
      "/etc/passwd",
      "0123456789abcdef0123456789abcdef/../../app-secret",
      "0123456789ABCDEF0123456789ABCDEF",
      "0123456789abcdef0123456789abcde",
      "0123456789abcdef0123456789abcdef0",
      "0123456789abcdef0123456789abcdeg",
      ".0123456789abcdef0123456789abcdef.00000000.tmp",
      "0123456789abcdef0123456789abcdef\n",
      "0123456789abcdef0123456789abcdef\u0000",
    ];
    for (const key of hostile) {
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKey);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKey);
    }
    expect(await readFile(path.join(dataDir, "app-secret"), "utf8")).toBe("do not read me");
  });

  it("leaves no temporary file behind, even with many writes at once", async () => {
    const dir = uploadsDir(dataDir);
    const storage = fsDocumentStorage(dir);
    const keys = await Promise.all(
      Array.from({ length: 20 }, (_, i) => storage.put(bytes(`doc ${i}`), "image/png")),
    );
    expect(new Set(keys).size).toBe(20);
    expect((await readdir(dir)).sort()).toEqual([...keys].sort());
    for (const [i, key] of keys.entries()) expect(await storage.get(key)).toEqual(bytes(`doc ${i}`));
  });

  it("fails a put while the directory cannot be made, and works once it can", async () => {
    const dir = uploadsDir(dataDir);
    await writeFile(dir, "a file where the directory should be");
    const storage = fsDocumentStorage(dir);
    await expect(storage.put(bytes("x"), "image/png")).rejects.toThrow(/EEXIST|ENOTDIR/);
    await rm(dir);
    const key = await storage.put(bytes("x"), "image/png");
    expect(await storage.get(key)).toEqual(bytes("x"));
  });
});
