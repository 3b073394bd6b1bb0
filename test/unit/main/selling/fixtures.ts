import type { Booking, OfferDetail } from '../../../../contract/partner/resources.ts';

export const OFFER_ID = 'off_test1';

export const offerDetail: OfferDetail = {
  id: OFFER_ID,
  origin: { name: 'Cairo', station: 'Tahrir', departs_at: '2026-07-02T23:30:00+03:00' },
  destination: { name: 'Alexandria', station: 'San Stefano', arrives_at: '2026-07-03T02:40:00+03:00' },
  duration_minutes: 190,
  operator: { name: 'Go Bus', name_ar: 'جو باص' },
  vehicle: { capacity: 4, label: 'Test coach' },
  seats_available: 4,
  seat_selection: true,
  net_price: { amount_minor: 33000, currency: 'EGP' },
  price_range: { min_minor: 33000, max_minor: 44000 },
  fare_classes: [
    { name: 'Elite', price: { amount_minor: 33000, currency: 'EGP' }, seats_available: 2, features: [] },
    { name: 'VIP', price: { amount_minor: 44000, currency: 'EGP' }, seats_available: 2, features: [] },
  ],
  seats: [
    { number: '1', available: true, price: { amount_minor: 44000, currency: 'EGP' }, class: 'VIP', features: [], accessible: false, premium: true, position: { row: 1, column: 1 } },
    { number: '2', available: true, price: { amount_minor: 44000, currency: 'EGP' }, class: 'VIP', features: [], accessible: false, premium: true, position: { row: 1, column: 2 } },
    { number: '3', available: true, price: { amount_minor: 33000, currency: 'EGP' }, class: 'Elite', features: [], accessible: false, premium: false, position: { row: 2, column: 1 } },
    { number: '4', available: true, price: { amount_minor: 33000, currency: 'EGP' }, class: 'Elite', features: [], accessible: true, premium: false, position: { row: 2, column: 2 } },
  ],
  seat_map: null,
  amenities: ['wifi'],
  expires_at: '2026-07-01T09:00:00.000Z',
};

export function booking(status: Booking['status'], id = 'PB-TEST1', extra: Partial<Booking> = {}): Booking {
  return {
    id,
    status,
    origin: { name: 'Cairo', station: 'Tahrir', station_ar: null, departs_at: '2026-07-02T23:30:00+03:00', latitude: null, longitude: null, address: null, address_ar: null },
    destination: { name: 'Alexandria', station: null, station_ar: null, arrives_at: null, latitude: null, longitude: null, address: null, address_ar: null },
    duration_minutes: 190,
    operator: { id: 'opr_gobus', name: 'Go Bus', name_ar: null, logo_url: null },
    travel_date: '2026-07-02',
    departure_at: '2026-07-02T23:30:00+03:00',
    arrival_at: null,
    seat_class: 'Elite',
    boarding: { operator_reference: 'SBX-1', e_tickets: [] },
    seats: 1,
    passengers: [{ full_name: 'Ahmed Ali', seat: '3', phone: null, email: null }],
    price: { per_seat_minor: 33000, total_minor: 33000, currency: 'EGP' },
    total_charged: { amount_minor: status === 'failed' ? 0 : 33000, currency: 'EGP' },
    contact: { name: 'Ahmed Ali', email: null, phone: '+201001234567' },
    failure: status === 'failed' ? { code: 'provider_rejected', detail: 'The operator refused' } : null,
    tickets: null,
    created_at: '2026-07-01T08:00:00.000Z',
    confirmed_at: status === 'confirmed' ? '2026-07-01T08:00:01.000Z' : null,
    ...extra,
  };
}
