/**
 * The theme preference: stored in localStorage under "theme", shown as exactly one of the classes
 * `light` / `dark` on <html>. public/theme-init.js repeats these rules before first paint; keep both alike.
 */
export const THEME_STORAGE_KEY = "theme";
export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = "light";

export function isTheme(value: unknown): value is Theme {
  return value === "light" || value === "dark";
}

export function readStoredTheme(): Theme {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export function storeTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage unavailable: the choice lasts for this page only.
  }
}

export function applyThemeClass(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.classList.remove(...THEMES);
  root.classList.add(theme);
  root.style.colorScheme = theme;
}
