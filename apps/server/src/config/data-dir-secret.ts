import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { systemErrorCode } from "../domain/system-error.js";

/** A secret the embedded default keeps in a file under DATA_DIR when its variable is unset. */
export type DataDirSecret = {
  dataDir: string;
  fileName: string;
  generate: () => string;
  /** True when the file's (trimmed) text is a usable secret. */
  isUsable: (text: string) => boolean;
  /** The error when the file holds something unusable. */
  unusableMessage: (file: string) => string;
  /** The loud warning printed once, when the secret is generated. */
  warning: (file: string) => string;
};

function isMissing(error: unknown): boolean {
  return systemErrorCode(error) === "ENOENT";
}

async function readSecretFile(file: string, spec: DataDirSecret): Promise<string> {
  const text = (await readFile(file, "utf8")).trim();
  if (!spec.isUsable(text)) throw new Error(spec.unusableMessage(file));
  return text;
}

/**
 * Reads the secret from `$DATA_DIR/<fileName>`, or generates it there on first start (mode 0600, written
 * with "wx" so that of two processes starting at once, one writes and the other reads) and warns.
 */
export async function readOrCreateDataDirSecret(
  spec: DataDirSecret,
  warn: (message: string) => void,
): Promise<string> {
  const file = path.join(spec.dataDir, spec.fileName);
  try {
    return await readSecretFile(file, spec);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  await mkdir(spec.dataDir, { recursive: true });
  const secret = spec.generate();
  try {
    await writeFile(file, `${secret}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if (systemErrorCode(error) === "EEXIST") return readSecretFile(file, spec);
    throw error;
  }
  warn(spec.warning(file));
  return secret;
}
