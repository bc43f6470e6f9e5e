const HEAD = 10;
const TAIL = 6;

/** "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu" -> "bc1qcr8te4...306fyu": a long value cut in the middle. */
export function truncateMiddle(value: string, head = HEAD, tail = TAIL): string {
  return value.length > head + tail + 3 ? `${value.slice(0, head)}...${value.slice(-tail)}` : value;
}
