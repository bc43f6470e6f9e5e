import maxmind, { type CityResponse } from "maxmind";

/** What a location database knows about an address. */
export type GeoLocation = { city?: string; country?: string };
export type GeoLookup = (ip: string) => GeoLocation | null;

/** Without GEOIP_DB: nothing is known about public addresses. */
export const noGeoLookup: GeoLookup = () => null;

/** English names from a GeoLite2/GeoIP2 City or Country record. */
export function locationFromRecord(record: CityResponse): GeoLocation | null {
  const city = record.city?.names.en;
  const country = record.country?.names.en ?? record.registered_country?.names.en;
  if (city === undefined && country === undefined) return null;
  return { ...(city === undefined ? {} : { city }), ...(country === undefined ? {} : { country }) };
}

/**
 * Opens a MaxMind-format database (GeoLite2 City or Country, or a compatible one). Fails when the file is
 * missing or not such a database, so a wrong GEOIP_DB stops the start instead of silently showing
 * "Unknown" everywhere.
 */
export async function openGeoLookup(path: string): Promise<GeoLookup> {
  let reader: Awaited<ReturnType<typeof maxmind.open<CityResponse>>>;
  try {
    reader = await maxmind.open<CityResponse>(path);
  } catch (error) {
    throw new Error(
      `GEOIP_DB: could not open ${path} as a MaxMind database: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return (ip) => {
    try {
      const record = reader.get(ip);
      return record === null ? null : locationFromRecord(record);
    } catch {
      return null;
    }
  };
}
