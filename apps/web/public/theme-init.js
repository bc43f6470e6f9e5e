// Runs before first paint, written into index.html by the build (build/inline-scripts.ts) and allowed
// by its sha256 hash in the CSP's script-src (the server hashes this file as built: change it freely).
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
