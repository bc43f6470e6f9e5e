import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { systemErrorCode } from "../../domain/system-error.js";
import type { BitcoinNetwork } from "../network.js";
import { withChecksum } from "./checksum.js";
import { type ColdVault, parseVaultDescriptor } from "./descriptor.js";
import { type KeyFile, KeyFileError, keyFileExpression, newKeyFile, parseKeyFile } from "./key-file.js";

// The embedded default's demo cold vault: three keys generated into $DATA_DIR/vault/key-1.json ... key-3.json
// (mode 0600), and the descriptor they make in $DATA_DIR/vault/descriptor. Only `npm run vault -- sign` uses
// the keys; the server reads no more of a key file than its public fields (to write a missing descriptor
// again). Never in production, never on mainnet (config/vault.ts refuses both).

export const DEMO_VAULT_DIR = "vault";
export const DEMO_DESCRIPTOR_FILE = "descriptor";
export const DEMO_KEY_COUNT = 3;

export const demoKeyFileName = (number: number) => `key-${number}.json`;

function isMissing(error: unknown): boolean {
  return systemErrorCode(error) === "ENOENT";
}

async function readKeyFile(file: string): Promise<KeyFile> {
  try {
    return parseKeyFile(await readFile(file, "utf8"));
  } catch (error) {
    if (error instanceof KeyFileError)
      throw new Error(`${file} is not a usable vault key file: ${error.message}`);
    throw error;
  }
}

// Written with "wx": of two processes starting at once, one writes and the other reads what it wrote.
async function readOrCreate<T>(
  file: string,
  read: () => Promise<T>,
  create: () => { value: T; text: string },
) {
  try {
    return { value: await read(), created: false };
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  const { value, text } = create();
  try {
    await writeFile(file, text, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if (systemErrorCode(error) === "EEXIST") return { value: await read(), created: false };
    throw error;
  }
  return { value, created: true };
}

export type DemoVault = { vault: ColdVault; dir: string; keyFiles: string[]; created: boolean };

/**
 * Reads the demo vault from `$DATA_DIR/vault`, or makes it there on first start: a key file per missing key
 * (a descriptor file already written is kept as it is), then the descriptor of the three.
 */
export async function readOrCreateDemoVault(dataDir: string, network: BitcoinNetwork): Promise<DemoVault> {
  const dir = path.join(dataDir, DEMO_VAULT_DIR);
  const descriptorFile = path.join(dir, DEMO_DESCRIPTOR_FILE);
  const keyFiles = Array.from({ length: DEMO_KEY_COUNT }, (_, i) => path.join(dir, demoKeyFileName(i + 1)));
  const readDescriptor = async () =>
    parseVaultDescriptor(await readFile(descriptorFile, "utf8"), network, descriptorFile);
  try {
    return { vault: await readDescriptor(), dir, keyFiles, created: false };
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const keys: KeyFile[] = [];
  for (const file of keyFiles) {
    const key = await readOrCreate(
      file,
      () => readKeyFile(file),
      () => {
        const value = newKeyFile(network);
        return { value, text: `${JSON.stringify(value, null, 2)}\n` };
      },
    );
    keys.push(key.value);
  }
  const { value: vault, created } = await readOrCreate(descriptorFile, readDescriptor, () => {
    const descriptor = withChecksum(`wsh(sortedmulti(2,${keys.map(keyFileExpression).join(",")}))`);
    return { value: parseVaultDescriptor(descriptor, network, descriptorFile), text: `${descriptor}\n` };
  });
  return { vault, dir, keyFiles, created };
}
