// The dashboard's page only (apps/web/build/prerender.ts writes it into the page, allowed by its hash): asks
// for what the screen's first frame shows while the app's scripts are still on their way, so it can draw
// whole as soon as the app runs (primeDashboard in src/app/routes/dashboard.tsx). The app takes each
// answer once (src/lib/early-data.ts). Same requests as the app's own (src/lib/api-client.ts), by the
// same paths (src/app/routes/dashboard-prime.test.tsx checks).
(() => {
  const early = {};
  const paths = [
    "/api/auth/me",
    "/api/meta",
    "/api/wallet",
    "/api/transactions?filter=all&limit=5",
    "/api/kyc",
  ];
  for (const path of paths) {
    early[path] = fetch(path, { credentials: "same-origin", headers: { Accept: "application/json" } }).catch(
      () => undefined,
    );
  }
  window.satsbankEarly = early;
})();
