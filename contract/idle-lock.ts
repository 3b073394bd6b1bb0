// The idle lock's two clocks (no imports: the renderer's first bundle holds this without zod).

/**
 * How often, at most, the renderer tells main the agent signed in pressed a key or touched the
 * screen (reportActivity). Main locks the screen itself once idleLockMinutes and
 * IDLE_LOCK_GRACE_MS pass without one: the renderer's own timer locks first, main's holds when
 * the renderer does not.
 */
export const ACTIVITY_REPORT_MS = 20_000;
export const IDLE_LOCK_GRACE_MS = 30_000;
