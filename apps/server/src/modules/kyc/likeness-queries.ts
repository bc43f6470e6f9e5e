import { and, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { kycDocuments, perceptualBand, perceptualHashBands } from "../../db/schema/index.js";
import { PERCEPTUAL_HASH_MATCH_DISTANCE } from "./image-fingerprint.js";
import type { KycDocumentRow } from "./queries.js";

// The duplicate-document lookup of the automated review, across every customer's documents.

/** What two documents are compared by: their files, what they show, what they look like. */
export type DocumentLikeness = Pick<KycDocumentRow, "sha256" | "contentSha256" | "perceptualHash">;

/**
 * Documents that are one of these: the same file (SHA-256 as received), the same content (an image's
 * pixels, a PDF's cleaned file) or, for images, a perceptual hash within PERCEPTUAL_HASH_MATCH_DISTANCE
 * bits. Every part is indexed: the hashes by equality, the perceptual hash by its bands (one of which two
 * hashes that close share, db/schema/kyc.ts), the differing bits counted only for the rows a band finds.
 */
export function sameDocumentAs(documents: readonly DocumentLikeness[]): SQL | undefined {
  const d = kycDocuments;
  const contents = documents.flatMap((document) => document.contentSha256 ?? []);
  const conditions = [
    documents.length > 0
      ? inArray(
          d.sha256,
          documents.map((document) => document.sha256),
        )
      : undefined,
    contents.length > 0 ? inArray(d.contentSha256, contents) : undefined,
    ...documents.flatMap(({ perceptualHash: hash }) => {
      if (hash === null) return [];
      const unsigned = BigInt.asUintN(64, hash);
      const bands = perceptualHashBands.map(
        (band) =>
          sql`${perceptualBand(d.perceptualHash, band)} = ${Number((unsigned >> BigInt(band.shift)) & ((1n << BigInt(band.bits)) - 1n))}`,
      );
      const distance = sql`bit_count((${d.perceptualHash} # ${hash.toString()}::bigint)::bit(64))`;
      return [sql`(${or(...bands)}) and ${distance} <= ${PERCEPTUAL_HASH_MATCH_DISTANCE}`];
    }),
  ];
  return or(...conditions);
}

/** How many documents of someone else's are one of these (the same document used twice). */
export async function countDocumentsOfOthers(
  db: Db,
  userId: string,
  documents: readonly DocumentLikeness[],
): Promise<number> {
  const same = sameDocumentAs(documents);
  if (same === undefined) return 0;
  const [row] = await db
    .select({ n: sql<string>`count(*)::text` })
    .from(kycDocuments)
    .where(and(same, ne(kycDocuments.userId, userId)));
  return Number(row?.n ?? 0);
}
