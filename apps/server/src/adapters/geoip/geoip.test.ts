import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { locationFromRecord, openGeoLookup } from "./geoip.js";

// A tiny MaxMind DB (format 2.0, IPv4, 24-bit records) written by hand, so the real reader is tested.

type Value = string | number | Value[] | { [key: string]: Value };

function encode(value: Value): Buffer {
  const control = (type: number, size: number) =>
    type <= 7 ? Buffer.from([(type << 5) | size]) : Buffer.from([size, type - 7]);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([control(2, bytes.length), bytes]);
  }
  if (typeof value === "number") {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(value);
    return Buffer.concat([control(6, 4), bytes]);
  }
  if (Array.isArray(value)) return Buffer.concat([control(11, value.length), ...value.map(encode)]);
  const entries = Object.entries(value);
  return Buffer.concat([control(7, entries.length), ...entries.flatMap(([k, v]) => [encode(k), encode(v)])]);
}

/** A database that knows one IPv4 address: a chain of 32 nodes, every other branch leads to "no data". */
function database(ip: string, data: Value): Buffer {
  const nodeCount = 32;
  const bits = ip.split(".").reduce((acc, byte) => (acc << 8) | Number(byte), 0) >>> 0;
  const tree = Buffer.alloc(nodeCount * 6);
  for (let depth = 0; depth < 32; depth++) {
    const bit = (bits >>> (31 - depth)) & 1;
    // A record past the tree points into the data section (offset 0, after the 16-byte separator).
    const next = depth === 31 ? nodeCount + 16 : depth + 1;
    tree.writeUIntBE(bit === 0 ? next : nodeCount, depth * 6, 3);
    tree.writeUIntBE(bit === 1 ? next : nodeCount, depth * 6 + 3, 3);
  }
  const metadata = encode({
    node_count: nodeCount,
    record_size: 24,
    ip_version: 4,
    database_type: "Test-City",
    languages: ["en"],
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: 1_700_000_000,
    description: { en: "test" },
  });
  const marker = Buffer.from("ABCDEF4D61784D696E642E636F6D", "hex");
  return Buffer.concat([tree, Buffer.alloc(16), encode(data), marker, metadata]);
}

let dir: string;
let file: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "satsbank-geoip-"));
  file = path.join(dir, "test.mmdb");
  await writeFile(
    file,
    database("81.2.69.142", {
      city: { names: { en: "London" } },
      country: { names: { en: "United Kingdom" } },
    }),
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("openGeoLookup", () => {
  it("reads city and country from a MaxMind database", async () => {
    const lookup = await openGeoLookup(file);
    expect(lookup("81.2.69.142")).toEqual({ city: "London", country: "United Kingdom" });
    expect(lookup("81.2.69.143")).toBeNull();
    expect(lookup("::1")).toBeNull();
  });

  it("stops the start on a file that is not a database", async () => {
    await expect(openGeoLookup(path.join(dir, "missing.mmdb"))).rejects.toThrow(/GEOIP_DB: could not open/);
  });
});

describe("locationFromRecord", () => {
  it("falls back to the registered country, and knows when it knows nothing", () => {
    expect(
      locationFromRecord({ registered_country: { geoname_id: 1, iso_code: "DE", names: { en: "Germany" } } }),
    ).toEqual({ country: "Germany" });
    expect(locationFromRecord({})).toBeNull();
  });
});
