import { z } from 'zod';

// The trainer's buttons (TRAINING only): what an account manager, an operator or time would do
// to a sold ticket or to the wallet, staged through the embedded sandbox's control API.

const Reference = z.string().regex(/^PB-[A-Za-z0-9-]{4,40}$/, 'a booking reference PB-…');

export const TrainingAction = z.discriminatedUnion('kind', [
  /** The operator moves the departure of a sold ticket by some hours (the worklist finds it). */
  z.strictObject({ kind: z.literal('reschedule'), bookingReference: Reference, hours: z.int().min(-48).max(72).refine((h) => h !== 0, 'not zero') }),
  /** The operator cancels the departure of a sold ticket (do not travel). */
  z.strictObject({ kind: z.literal('cancel-trip'), bookingReference: Reference }),
  /** Money in: a top-up of the wallet. */
  z.strictObject({ kind: z.literal('topup'), amountMinor: z.int().min(1).max(10_000_000_00) }),
  /** The wallet nearly empty (EGP 50.00 left), so the next sale is declined for funds. */
  z.strictObject({ kind: z.literal('drain') }),
  /** The account manager's adjustment, for a booking (a settled claim) or not. */
  z.strictObject({
    kind: z.literal('adjust'),
    amountMinor: z.int().min(-10_000_000_00).max(10_000_000_00).refine((a) => a !== 0, 'not zero'),
    reason: z.string().trim().min(1).max(200),
    bookingReference: Reference.optional(),
  }),
  /** Time passes: holds lapse, pending bookings confirm. */
  z.strictObject({ kind: z.literal('advance'), minutes: z.int().min(1).max(48 * 60) }),
]);
export type TrainingAction = z.infer<typeof TrainingAction>;

export interface TrainingDone {
  kind: TrainingAction['kind'];
  /** The sandbox's simulated time after the action (ISO UTC). */
  sandboxNow: string;
  /** The new departure after a reschedule, as on the ticket. */
  departureAt?: string;
  /** The wallet balance after a money action. */
  balanceMinor?: number;
}
