/** How many responses of a burst got each status: `{ 401: 5, 429: 35 }`. */
export function statusCounts(responses: readonly { statusCode: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}
