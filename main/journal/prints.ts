import { hash, randomUUID } from 'node:crypto';
import { canonicalJson } from '../../core/canonical-json.ts';
import { openShiftOf, type Agent } from './agents.ts';
import type { PrintRecorded } from './entries.ts';
import type { Journal } from './journal.ts';

export type PrintRecord = Omit<PrintRecorded, 'printId' | 'agentId' | 'copy'> & { printId?: string };

/**
 * Records one print job (tickets, receipt, test page, report) as a print.recorded entry.
 * A print for a sale that was printed before (sent) is marked as a copy. Returns the entry.
 */
export function recordPrint(journal: Journal, agent: Agent, p: PrintRecord): PrintRecorded {
  return journal.transaction(() => {
    const before = p.saleId !== null ? printedCount(journal, p.saleId, p.kind) : p.document !== undefined ? documentPrintedCount(journal, p.document) : 0;
    const payload: PrintRecorded = {
      printId: p.printId ?? randomUUID(),
      saleId: p.saleId,
      kind: p.kind,
      printer: p.printer,
      status: p.status,
      jobId: p.jobId,
      errorCode: p.errorCode,
      copy: before > 0,
      language: p.language,
      agentId: agent.id,
      ...(p.document === undefined ? {} : { document: p.document }),
    };
    // A print belongs to the shift of the agent who printed it (a reprint may be of another shift's sale).
    journal.append('print.recorded', payload, { shiftId: openShiftOf(journal, agent.id)?.shiftId ?? null });
    return payload;
  });
}

/** How many times a sale's tickets or receipt went to a printer: the next one is a COPY when > 0. */
export function printedCount(journal: Journal, saleId: string, kind: PrintRecorded['kind']): number {
  return (
    journal.stmt("SELECT count(*) AS n FROM prints WHERE sale_id = ? AND kind = ? AND status = 'sent'").get(saleId, kind) as {
      n: number;
    }
  ).n;
}

/** How many times a report went to a printer: the next one is a COPY when > 0. */
export function documentPrintedCount(journal: Journal, document: string): number {
  return (journal.stmt("SELECT count(*) AS n FROM prints WHERE document = ? AND status = 'sent'").get(document) as { n: number }).n;
}

/**
 * A report's document with the version of what it shows (`day:<date>#<16 hex>`): its content but
 * the time it was made, hashed. A day report printed again once a sale more was made is not a
 * COPY of the first print but a revision of it; printed again unchanged, it is a COPY.
 */
export function versionedDocument(document: string, content: object): string {
  const { madeAt: _, ...shown } = content as Record<string, unknown>;
  return `${document}#${hash('sha256', canonicalJson(shown), 'hex').slice(0, 16)}`;
}

/**
 * When the last print of `family` in another version than `document` went out before `document`
 * was first printed (prints before versions were kept name the family alone), or null: the time
 * a revision names, the same on its COPY.
 */
export function otherVersionPrintedAt(journal: Journal, family: string, document: string): string | null {
  const row = journal
    .stmt(
      `SELECT at FROM prints
        WHERE status = 'sent' AND document <> @document AND (document = @family OR substr(document, 1, length(@family) + 1) = @family || '#')
          AND seq < coalesce((SELECT min(seq) FROM prints WHERE document = @document AND status = 'sent'), 9223372036854775807)
        ORDER BY seq DESC LIMIT 1`,
    )
    .get({ family, document }) as { at: string } | undefined;
  return row?.at ?? null;
}
