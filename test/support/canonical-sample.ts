/**
 * A booking-shaped value whose canonical text and sandbox fingerprint were recorded before the two
 * encodings became core/canonical-json.ts: unsorted keys, Arabic, null, -0, 1e21 and 0.1.
 */
export const RECORDED_SAMPLE = {
  offer_id: 'off_1',
  passengers: [
    { full_name: 'Mona', seat: '12' },
    { full_name: 'علي', seat: null },
  ],
  contact: { phone: '01000000000', name: 'Mona' },
  fare_class: 'VIP',
  n: -0,
  big: 1e21,
  f: 0.1,
};
