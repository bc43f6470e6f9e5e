import { useIsSandbox } from "@/lib/api/meta";

/**
 * A small "Sandbox" badge in the corner of every screen while the server runs on the sandbox chain (a
 * test network kept by the server: no bitcoin here is real). Nothing on any other chain.
 */
export function SandboxBadge() {
  if (!useIsSandbox()) return null;
  // A landmark of its own (complementary, named), so that no content of the page is outside one.
  return (
    <aside
      aria-label="Test network"
      title="A test network: no bitcoin here is real"
      className="pointer-events-none fixed top-2 left-2 z-50 rounded-full border border-amber-700/30 bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 shadow-sm select-none dark:border-amber-300/30 dark:bg-amber-950 dark:text-amber-200"
    >
      Sandbox<span className="sr-only">: a test network, no bitcoin here is real</span>
    </aside>
  );
}
