/** The app's entry module (index.html's script). */
export const ENTRY_MODULE = "src/main.tsx";

/**
 * The pages the build draws in advance (prerender.ts), and the source modules of each one's lazy routes:
 * its layouts and screen, which the router loads before it draws. first-load-chunks.ts puts what they
 * import in few chunks.
 */
export const PAGES = [
  {
    path: "/auth/login",
    mode: "hydrate",
    modules: ["src/app/layouts/auth-layout.tsx", "src/app/routes/login.tsx"],
  },
  {
    path: "/auth/signup",
    mode: "hydrate",
    modules: ["src/app/layouts/auth-layout.tsx", "src/app/routes/signup.tsx"],
  },
  { path: "/splash", mode: "hydrate", modules: [] },
  {
    path: "/dashboard",
    mode: "shell",
    modules: [
      "src/app/guards/require-auth.tsx",
      "src/app/layouts/main-layout.tsx",
      "src/app/routes/dashboard.tsx",
    ],
  },
] as const;
