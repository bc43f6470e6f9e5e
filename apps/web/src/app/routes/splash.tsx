import { TAGLINE } from "@satsbank/shared";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { Logo } from "@/components/brand/logo";
import { cn } from "@/lib/cn";
import { paths } from "@/lib/paths";
import { SPLASH_FADE_MS, SPLASH_VISIBLE_MS } from "@/lib/ui-config";

/**
 * Screen: splash. The large logo and tagline for 2 s, a 0.5 s fade-out, then sign-in (replacing history).
 * With reduced motion the fade is skipped; the timing stays the same.
 */
export function SplashScreen() {
  const navigate = useNavigate();
  const [fading, setFading] = useState(false);

  useEffect(() => {
    const fadeTimer = window.setTimeout(() => setFading(true), SPLASH_VISIBLE_MS);
    const leaveTimer = window.setTimeout(
      () => navigate(paths.auth.login, { replace: true }),
      SPLASH_VISIBLE_MS + SPLASH_FADE_MS,
    );
    return () => {
      window.clearTimeout(fadeTimer);
      window.clearTimeout(leaveTimer);
    };
  }, [navigate]);

  return (
    <div
      data-state={fading ? "fading" : "visible"}
      style={{ transitionDuration: `${SPLASH_FADE_MS}ms` }}
      className={cn(
        "relative -mx-5 -my-6 flex flex-1 flex-col items-center justify-center gap-6 overflow-hidden px-8 text-center transition-opacity ease-out motion-reduce:transition-none",
        fading ? "opacity-0" : "opacity-100",
      )}
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-1/2 size-[28rem] -translate-x-1/2 -translate-y-1/2 rounded-full bg-primary/15 blur-3xl"
      />
      <h1 tabIndex={-1} className="outline-none relative motion-safe:animate-splash-in">
        <Logo size="large" />
      </h1>
      <p className="relative text-lg font-medium text-muted-foreground">{TAGLINE}</p>
    </div>
  );
}
