// What every streamed export shares (staff's Transaction History CSV, a customer's history): pure.

/** Rows read per query while a file streams: memory stays flat however many rows match. */
export const EXPORT_BATCH = 500;

/** "20300115-120000": an export's moment in UTC, for its file name ("transactions-20300115-120000.csv"). */
export function exportFileStamp(at: Date): string {
  return at.toISOString().slice(0, 19).replaceAll(/[-:]/g, "").replace("T", "-");
}
