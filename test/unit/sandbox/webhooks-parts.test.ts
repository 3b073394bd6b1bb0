import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { PdfCache } from '../../../sandbox/tickets/pdf-cache.ts';
import { newSecret, signature } from '../../../sandbox/webhooks/signature.ts';

describe('webhook signing', () => {
  it('signs exactly as the standardwebhooks package does (base64-decoded key, "<id>.<ts>.<body>")', () => {
    const secret = newSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(newSecret()).not.toBe(secret);
    const body = '{"id":"evt_1","type":"wallet.topped_up","created_at":"2026-07-01T10:00:00.000Z","data":{"ok":"مرحبا"}}';
    const ts = Math.floor(Date.now() / 1000);
    const mine = signature(secret, 'evt_1', ts, body);
    expect(mine).toBe(new Webhook(secret).sign('evt_1', new Date(ts * 1000), body));
    const headers = { 'webhook-id': 'evt_1', 'webhook-timestamp': String(ts), 'webhook-signature': mine };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
  });
});

describe('PdfCache', () => {
  it('renders once per key, shares a render in progress, evicts the least recently used', async () => {
    const cache = new PdfCache({ maxEntries: 2 });
    let renders = 0;
    const render = (n: number) => () => {
      renders++;
      return Promise.resolve(Buffer.alloc(n));
    };
    const a1 = cache.get('a', render(1));
    const a2 = cache.get('a', render(1));
    expect([a1.hit, a2.hit]).toEqual([false, true]);
    expect(await a2.pdf).toBe(await a1.pdf);
    cache.get('b', render(2));
    cache.get('a', render(1)); // a is now the most recently used
    cache.get('c', render(3)); // evicts b
    expect(cache.get('a', render(1)).hit).toBe(true);
    expect(cache.get('b', render(2)).hit).toBe(false);
    expect(renders).toBe(4);
  });

  it('keeps within its byte budget and forgets failed renders', async () => {
    const cache = new PdfCache({ maxBytes: 10 });
    await cache.get('a', () => Promise.resolve(Buffer.alloc(6))).pdf;
    await cache.get('b', () => Promise.resolve(Buffer.alloc(6))).pdf;
    expect(cache.get('a', () => Promise.resolve(Buffer.alloc(6))).hit).toBe(false);
    const failed = cache.get('x', () => Promise.reject(new Error('boom')));
    await expect(failed.pdf).rejects.toThrow('boom');
    expect(cache.get('x', () => Promise.resolve(Buffer.alloc(1))).hit).toBe(false);
  });
});
