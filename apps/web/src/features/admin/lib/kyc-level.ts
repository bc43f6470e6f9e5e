const LEVELS = ["Not verified", "Level 1: identity and address", "Level 2: enhanced"] as const;

/** A customer's verification level as staff read it: 0 "Not verified", 1 and 2 with what they cover. */
export function kycLevelText(level: number): string {
  return LEVELS[level] ?? String(level);
}
