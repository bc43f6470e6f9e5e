/** Paths the SPA fallback never answers: the JSON API and the health check. */
export const API_PREFIX = "/api";
export const HEALTH_PATH = "/healthz";

export function isApiPath(url: string): boolean {
  const path = url.split("?", 1)[0] ?? url;
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
}

export function isServerPath(url: string): boolean {
  const path = url.split("?", 1)[0] ?? url;
  return isApiPath(path) || path === HEALTH_PATH;
}
