// Runs before first paint (a blocking, external script: the CSP allows no inline script).
// Mirrors src/lib/theme/theme-storage.ts: key "theme", values "light" | "dark", default light.
(() => {
  let theme = "light";
  try {
    if (window.localStorage.getItem("theme") === "dark") theme = "dark";
  } catch {
    // Storage can be unavailable (privacy modes); the default theme applies.
  }
  const root = document.documentElement;
  root.classList.remove("light", "dark");
  root.classList.add(theme);
  root.style.colorScheme = theme;
})();
