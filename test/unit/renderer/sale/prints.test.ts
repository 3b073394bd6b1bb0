import { describe, expect, it } from 'vitest';
import { printView, printsUnderWay } from '../../../../renderer/src/sale/prints.ts';
import { printState } from './fake-counter.ts';

// What a print line shows: main's state of the print, or the agent's own print while it runs.

describe('print lines', () => {
  it('shows main\'s state', () => {
    expect(printView(printState('none'), null)).toEqual({ status: 'none' });
    expect(printView(printState('waiting'), null)).toEqual({ status: 'waiting' });
    expect(printView(printState('printing'), null)).toEqual({ status: 'printing' });
    expect(printView(printState('sent'), null)).toEqual({ status: 'sent', printer: 'TicketPDF', jobId: 'TicketPDF-7' });
    expect(printView(printState('failed'), null)).toMatchObject({ status: 'failed', error: { code: 'print_failed' } });
    expect(printView({ status: 'failed', result: null }, null)).toMatchObject({ status: 'failed', error: { code: 'print_failed' } });
    expect(printView(undefined, null)).toEqual({ status: 'none' });
  });

  it('shows the agent\'s own print over main\'s state', () => {
    expect(printView(printState('failed'), { status: 'printing' })).toEqual({ status: 'printing' });
    expect(printView(printState('sent'), { status: 'failed', error: { code: 'not_configured', message: '' } })).toMatchObject({ error: { code: 'not_configured' } });
  });

  it('is under way while one kind waits or prints', () => {
    expect(printsUnderWay({ tickets: printState('sent'), receipt: printState('waiting') })).toBe(true);
    expect(printsUnderWay({ tickets: printState('printing'), receipt: printState('none') })).toBe(true);
    expect(printsUnderWay({ tickets: printState('sent'), receipt: printState('failed') })).toBe(false);
    expect(printsUnderWay(undefined)).toBe(false);
  });
});
