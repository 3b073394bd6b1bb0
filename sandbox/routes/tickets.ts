import type { FastifyInstance, FastifyReply } from 'fastify';
import { TicketPdfQuery } from '../../contract/partner/index.ts';
import type { Sandbox } from '../context.ts';
import { single } from '../http/envelope.ts';
import { principalOf } from '../http/guard.ts';
import { notFound, parseOrThrow } from '../http/problem.ts';
import type { PdfAnswer } from '../tickets/ticket-service.ts';

type Params = { reference: string };

/** The ticket list and the ticket PDFs of a booking (scope booking.write, like /bookings*). */
export function ticketRoutes(app: FastifyInstance, sandbox: Sandbox): void {
  const config = { scope: 'booking.write' } as const;

  app.get<{ Params: Params }>('/bookings/:reference/tickets', { config }, (request) =>
    single(sandbox.tickets.list(principalOf(request), request.params.reference)),
  );

  app.get<{ Params: Params }>('/bookings/:reference/tickets.pdf', { config }, async (request, reply) => {
    const { lang = 'en' } = parseOrThrow(TicketPdfQuery, request.query);
    const answer = await sandbox.tickets.pdf(principalOf(request), request.params.reference, {
      lang,
      passengerIndex: null,
      ifNoneMatch: request.headers['if-none-match'],
    });
    return sendPdf(reply, answer, lang);
  });

  app.get<{ Params: Params & { file: string } }>('/bookings/:reference/tickets/:file', { config }, async (request, reply) => {
    const { lang = 'en' } = parseOrThrow(TicketPdfQuery, request.query);
    const match = /^(.*)\.pdf$/.exec(request.params.file);
    if (!match) throw notFound(`Ticket ${request.params.file} of booking ${request.params.reference}`);
    const answer = await sandbox.tickets.pdf(principalOf(request), request.params.reference, {
      lang,
      passengerIndex: match[1]!,
      ifNoneMatch: request.headers['if-none-match'],
    });
    return sendPdf(reply, answer, lang);
  });
}

function sendPdf(reply: FastifyReply, answer: PdfAnswer, lang: string): FastifyReply {
  // Private (per account) and revalidated on every use: the ETag makes that a cheap 304.
  reply.header('etag', answer.etag).header('cache-control', 'private, no-cache').header('vary', 'authorization');
  if (answer.status === 304) return reply.code(304).send();
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${answer.filename}"`)
    .header('content-language', lang)
    .header('server-timing', `pdf;desc="${answer.cache}";dur=${answer.renderMs.toFixed(1)}`)
    .send(answer.pdf);
}
