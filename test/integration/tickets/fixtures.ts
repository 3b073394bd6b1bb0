// Sample ticket documents for the ticket PDF tests and the benchmark.
import type { TicketDocument } from '../../../sandbox/tickets/types.ts';

export function sampleTicket(over: Partial<TicketDocument> = {}): TicketDocument {
  return {
    booking_reference: 'PB-7KX2M9QD',
    operator_reference: 'SBX-GOB-584213',
    operator: { name: 'Go Bus', name_ar: 'جو باص' },
    origin: {
      name: 'Cairo',
      name_ar: 'القاهرة',
      station: 'Turgoman Bus Station',
      station_ar: 'موقف الترجمان',
      address: 'Al Sahafa St, Bulaq, Cairo',
      address_ar: 'شارع الصحافة، بولاق، القاهرة',
      latitude: 30.0566,
      longitude: 31.2441,
    },
    destination: {
      name: 'Alexandria',
      name_ar: 'الإسكندرية',
      station: 'Moharam Bek Bus Station',
      station_ar: 'موقف محرم بك',
      address: null,
      address_ar: null,
      latitude: null,
      longitude: null,
    },
    departure_at: '2026-07-01T23:30:00+03:00',
    arrival_at: '2026-07-02T02:45:00+03:00',
    seat_class: 'Elite',
    passengers: [
      {
        passenger_index: 0,
        full_name: 'Mona Abdel Rahman',
        seat: '14',
        ticket_number: 'SBX-TKT-100045',
        e_ticket: { ticket_code: 'SBX-ET-7KX2M9QD-0', qr: 'SBX-QR|PB-7KX2M9QD|0|14|9F3A61C2' },
      },
      {
        passenger_index: 1,
        full_name: 'أحمد محمود السيد',
        seat: '15',
        ticket_number: 'SBX-TKT-100046',
        e_ticket: { ticket_code: 'SBX-ET-7KX2M9QD-1', qr: 'SBX-QR|PB-7KX2M9QD|1|15|0B77E4D8' },
      },
    ],
    partner_name: 'Shubbak Demo Station',
    environment: 'SANDBOX',
    valid_for_travel: false,
    notice: null,
    departure_cancelled: false,
    version: 'v1-3f9a2c',
    ...over,
  };
}
