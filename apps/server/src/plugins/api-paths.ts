/** Paths the SPA fallback never answers: the JSON API, the health check and development pages. */
export const API_PREFIX = "/api";
export const HEALTH_PATH = "/healthz";
/** Development-only pages (the dev mailbox): a JSON 404 in production, never the web app. */
export const DEV_PREFIX = "/dev";

export function isApiPath(url: string): boolean {
  const path = url.split("?", 1)[0] ?? url;
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
}

export function isServerPath(url: string): boolean {
  const path = url.split("?", 1)[0] ?? url;
  return isApiPath(path) || path === HEALTH_PATH || path === DEV_PREFIX || path.startsWith(`${DEV_PREFIX}/`);
}
