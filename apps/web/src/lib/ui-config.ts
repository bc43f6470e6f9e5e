/** Timings and limits of the interface, from the specification (section 9), in one place. */
export const SPLASH_VISIBLE_MS = 2000;
export const SPLASH_FADE_MS = 500;

export const TOAST_VISIBLE_COUNT = 3;
export const TOAST_DURATION_MS = 4000;

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** The KYC status screen's bar: +5 every 500 ms, held at 95 until the server decides. */
export const KYC_PROGRESS_STEP = 5;
export const KYC_PROGRESS_STEP_MS = 500;
export const KYC_PROGRESS_HOLD = 95;
/** While a submission is pending, the status screen asks the server this often. */
export const KYC_POLL_MS = 2000;
