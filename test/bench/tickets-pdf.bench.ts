// Ticket PDF speed: time to render one traveller's page (a one-page PDF, as served per
// traveller), after warm-up, alternating English and Arabic, with names, seats, references
// and QR values changing every time so that nothing is served from a cache it would not
// have in real use. Run: node test/bench/tickets-pdf.bench.ts
import { performance } from 'node:perf_hooks';
import { preloadFonts } from '../../lib/pdf/index.ts';
import { renderTicketsPdf } from '../../sandbox/tickets/render.ts';
import type { TicketDocument } from '../../sandbox/tickets/types.ts';
import { sampleTicket } from '../integration/tickets/fixtures.ts';

const GOAL_MS = 50;
const WARMUP = 40;
const RUNS = Number(process.env.BENCH_RUNS ?? 300);

const FIRST = ['Mona', 'Ahmed', 'Karim', 'Nour', 'Youssef', 'Salma', 'منى', 'أحمد', 'كريم', 'نور', 'يوسف', 'سلمى'];
const LAST = ['Abdel Rahman', 'Fawzy', 'El Sayed', 'Hassan', 'Mostafa', 'عبد الرحمن', 'فوزي', 'السيد', 'حسن', 'مصطفى'];

function ticketFor(i: number): TicketDocument {
  const base = sampleTicket();
  const ref = `PB-${(1_000_000 + i * 7919).toString(36).toUpperCase()}`;
  return {
    ...base,
    booking_reference: ref,
    operator_reference: `SBX-GOB-${100000 + i}`,
    departure_at: `2026-07-${String((i % 28) + 1).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}:00+03:00`,
    passengers: [
      {
        passenger_index: i % 3,
        full_name: `${FIRST[i % FIRST.length]} ${LAST[(i * 3) % LAST.length]}`,
        seat: i % 5 === 0 ? null : String((i % 49) + 1),
        ticket_number: `SBX-TKT-${200000 + i}`,
        e_ticket: i % 7 === 0 ? null : { ticket_code: `SBX-ET-${ref}-${i % 3}`, qr: `SBX-QR|${ref}|${i % 3}|${i}` },
      },
    ],
  };
}

function percentile(sorted: number[], p: number): number {
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx] ?? Number.NaN;
}

preloadFonts();
for (let i = 0; i < WARMUP; i++) await renderTicketsPdf(ticketFor(i), i % 2 ? 'ar' : 'en');

const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const doc = ticketFor(WARMUP + i);
  const t0 = performance.now();
  await renderTicketsPdf(doc, i % 2 ? 'ar' : 'en');
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);

for (const p of [50, 99]) {
  console.log(`bench: sandbox.ticket_pdf.page_ms.p${p} = ${percentile(times, p).toFixed(1)} ms (goal <= ${GOAL_MS})`);
}
