// A block as serialised on the wire: an 80-byte header, a CompactSize transaction count, then the raw
// transactions one after the other. Each transaction's length is only known by decoding it, so
// btc-signer's RawTx decodes one from the front and its re-encoding gives the bytes it took (checked
// byte for byte, so the hex handed on is exactly the block's).
import { CompactSize, RawTx } from "@scure/btc-signer";
import { displayHex, sha256d } from "../hashes.js";
import { ChainBackendError } from "./chain-backend.js";

const HEADER_BYTES = 80;
// A block of 4 MWU holds fewer than 40 000 transactions (the smallest is 60 bytes).
const MAX_TRANSACTIONS = 100_000;

export interface RawBlock {
  hash: string;
  previousHash: string;
  time: Date;
  /** Each transaction's raw serialisation, hex, the coinbase first. */
  transactions: string[];
}

export function parseRawBlock(bytes: Uint8Array): RawBlock {
  if (bytes.length < HEADER_BYTES + 1) throw invalid(`${bytes.length} bytes is no block`);
  const header = bytes.subarray(0, HEADER_BYTES);
  const view = new DataView(header.buffer, header.byteOffset, HEADER_BYTES);
  const transactions: string[] = [];
  let offset = HEADER_BYTES;
  try {
    const count = CompactSize.decode(bytes.subarray(offset), { allowUnreadBytes: true });
    if (count < 1n || count > BigInt(MAX_TRANSACTIONS)) throw invalid(`${count} transactions`);
    offset += CompactSize.encode(count).length;
    for (let i = 0n; i < count; i++) {
      const rest = bytes.subarray(offset);
      const encoded = Buffer.from(RawTx.encode(RawTx.decode(rest, { allowUnreadBytes: true })));
      if (!encoded.equals(rest.subarray(0, encoded.length)))
        throw invalid(`transaction ${i} is not canonical`);
      transactions.push(encoded.toString("hex"));
      offset += encoded.length;
    }
  } catch (error) {
    if (error instanceof ChainBackendError) throw error;
    throw invalid(`transaction ${transactions.length} does not decode: ${(error as Error).message}`);
  }
  if (offset !== bytes.length) throw invalid(`${bytes.length - offset} bytes after the last transaction`);
  return {
    hash: displayHex(sha256d(header)),
    previousHash: displayHex(header.subarray(4, 36)),
    time: new Date(view.getUint32(68, true) * 1000),
    transactions,
  };
}

const invalid = (message: string) => new ChainBackendError("invalid-response", `Raw block: ${message}`);
