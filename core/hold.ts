/**
 * How long the Partner API keeps held seats and their price: 20 minutes from the hold. The sandbox
 * holds seats this long; the counter reads the service's clock from a fresh hold's expiry with it.
 */
export const HOLD_DURATION_MS = 20 * 60_000;
