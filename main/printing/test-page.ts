// The printer test page: which printer, when, in which environment, and a line of Arabic,
// Latin and digits to check at a glance that letters join, read right to left and keep their
// order. English half first, then the Arabic half (laid out right to left).
import type { CounterEnvironment } from '../../contract/counter.ts';
import { formatCairo, formatMoney } from '../../core/format.ts';
import { ltr } from '../../lib/pdf/index.ts';
import { renderPage, type Paper, type RenderedPage } from './layout.ts';

export interface TestPageInput {
  printer: string;
  at: Date;
  environment: CounterEnvironment;
  station: string;
  agent: string;
  version: string;
}

const ENV_AR: Record<CounterEnvironment, string> = { TRAINING: 'تدريب', SANDBOX: 'بيئة اختبار', LIVE: 'تشغيل فعلي' };

/** A short test page; the roll is fitted to it, A4 keeps it at the top. */
export function renderTestPage(t: TestPageInput, paper: Paper): Promise<RenderedPage> {
  const en = {
    title: 'Shubbak printer test',
    rows: [
      ['Printer', ltr(t.printer)],
      ['Printed', formatCairo(t.at, 'en', 'paper')],
      ['Environment', t.environment],
      ['Station', t.station],
      ['Agent', t.agent],
      ['Version', t.version],
    ],
    check: `Seat 14 · Cairo → Alexandria\n${formatMoney(47_000, 'en')} · 0123456789`,
  };
  const ar = {
    title: 'صفحة اختبار الطابعة',
    rows: [
      ['الطابعة', ltr(t.printer)],
      ['وقت الطباعة', formatCairo(t.at, 'ar', 'paper')],
      ['البيئة', `${ENV_AR[t.environment]} (${t.environment})`],
    ],
    check: `مقعد 14 · القاهرة ← الإسكندرية\n${formatMoney(47_000, 'ar')} · ٠١٢٣٤٥٦٧٨٩ · السلام عليكم`,
  };

  return renderPage(paper, 'en', { title: en.title, author: t.station, environment: t.environment }, (p) => {
    if (t.environment !== 'LIVE') {
      p.banner(`${t.environment} — ${ENV_AR[t.environment]}`, p.size(1.1));
      p.gap(0.8);
    }
    p.line(en.title, { size: p.size(1.35), bold: true, align: 'center' }, p.size(0.4));
    for (const [label, value] of en.rows) p.row(label!, value!);
    p.rule(0.75, true);
    p.line(en.check, { size: p.size(1) });
    p.rule(1);

    // The Arabic half, right to left.
    p.dir = 'rtl';
    p.line(ar.title, { size: p.size(1.35), bold: true, align: 'center' }, p.size(0.4));
    for (const [label, value] of ar.rows) p.row(label!, value!);
    p.rule(0.75, true);
    p.line(ar.check, { size: p.size(1) });
    p.rule(1);

    // The printable width: a solid bar edge to edge shows whether the margins are cut off.
    p.gap(0.3);
    if (!p.measuring) p.doc.save().rect(p.x0, p.y, p.w, 6).fill('#000').restore();
    p.y += 6;
  });
}

export async function renderTestPagePdf(t: TestPageInput, paper: Paper): Promise<Buffer> {
  return (await renderTestPage(t, paper)).pdf;
}
