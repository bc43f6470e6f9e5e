/** 2_411_724 -> "2.3 MB", 48_128 -> "47 KB", 900 -> "900 B": a file's size, as people read it. */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
