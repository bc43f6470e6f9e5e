// The dashboard's page only (apps/web/build/prerender.ts loads it async, before the module scripts): asks
// for the session and the balance while the app's scripts are still on their way, so the balance can draw
// as soon as the app runs. The app takes each answer once (src/lib/early-data.ts); an external file, as
// the CSP allows no inline script. Same request as the app's own (src/lib/api-client.ts).
(() => {
  const early = {};
  for (const path of ["/api/auth/me", "/api/wallet"]) {
    early[path] = fetch(path, { credentials: "same-origin", headers: { Accept: "application/json" } }).catch(
      () => undefined,
    );
  }
  window.satsbankEarly = early;
})();
