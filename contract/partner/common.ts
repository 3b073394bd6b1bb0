import { z } from 'zod';

/** ISO 8601 date-time with an offset or Z (departure times carry the local offset). */
export const DateTime = z.iso.datetime({ offset: true });
/** A calendar date, YYYY-MM-DD, that exists. */
export const CalendarDate = z.iso.date();

/** Money in minor units (piastres). 47000 is EGP 470.00. */
export const Money = z.object({
  amount_minor: z.int(),
  currency: z.string().length(3),
});
export type Money = z.infer<typeof Money>;

export const PageMeta = z.object({
  count: z.int().nonnegative(),
  has_more: z.boolean(),
  next_before: z.int().nullable(),
});
export type PageMeta = z.infer<typeof PageMeta>;

export const Weekday = z.enum(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);

export const Amenity = z.enum([
  'usb',
  'wifi',
  'toilet',
  'air_conditioning',
  'entertainment',
  'refreshments',
  'blanket',
  'extra_legroom',
  'power_socket',
]);
export type Amenity = z.infer<typeof Amenity>;

export const Environment = z.enum(['SANDBOX', 'LIVE']);
export type Environment = z.infer<typeof Environment>;

/** `{ data }` envelope of a single resource. */
export const single = <T extends z.ZodType>(data: T) => z.object({ data });
/** `{ data: [...], meta }` envelope of a list. */
export const list = <T extends z.ZodType, M extends z.ZodType>(item: T, meta: M) =>
  z.object({ data: z.array(item), meta });
