import type { PassengerInput } from '../../contract/partner/index.ts';

/** Sandbox failure triggers, read from passenger names (partner-api.md § POST /bookings, rule 7). */
export type Trigger = 'TIMEOUT' | 'CLASH' | 'FAIL' | 'PENDING';

// When several names carry triggers, the outcome that does the least wins (a timeout records nothing).
const PRECEDENCE: readonly Trigger[] = ['TIMEOUT', 'CLASH', 'FAIL', 'PENDING'];

/** The trigger named by any passenger ("TEST CLASH" etc., any letter case), or null. */
export function triggerOf(passengers: readonly Pick<PassengerInput, 'full_name'>[]): Trigger | null {
  const names = passengers.map((p) => p.full_name.toUpperCase());
  return PRECEDENCE.find((t) => names.some((name) => name.includes(`TEST ${t}`))) ?? null;
}
