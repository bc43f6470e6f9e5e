/** Timings and limits of the interface, from the specification (section 9), in one place. */
export const SPLASH_VISIBLE_MS = 2000;
export const SPLASH_FADE_MS = 500;

export const TOAST_VISIBLE_COUNT = 3;
export const TOAST_DURATION_MS = 4000;

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
