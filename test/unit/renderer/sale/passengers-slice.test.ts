import { beforeEach, describe, expect, it } from 'vitest';
import { passengerProblems } from '../../../../renderer/src/sale/store/passengers.ts';
import { SEAT, fakeCounter, offer, type FakeCounter } from './fake-counter.ts';

// The passengers slice: names, one contact, the tickets' language, and what stops the payment.

let c: FakeCounter;
beforeEach(async () => {
  c = fakeCounter();
  await c.get().chooseOffer(offer);
});

describe('passengers slice', () => {
  it('opens only on held seats, in the UI language, at the first empty name', async () => {
    expect(c.get().toPassengers()).toBe(false);
    await c.get().pickSeats([SEAT.number]);
    expect(c.get().toPassengers()).toBe(true);
    expect(c.get()).toMatchObject({ step: 'passengers', names: [''], language: 'en' });
    expect(c.get().focus).toMatchObject({ target: 'name', index: 0 });
  });

  it('fills the contact from the first name until the agent types one', async () => {
    await c.get().pickSeats([SEAT.number]);
    c.get().toPassengers();
    c.get().setName(0, 'Mona');
    expect(c.get().contactName).toBe('Mona');
    c.get().setContact({ contactName: 'Ahmed' });
    c.get().setName(0, 'Mona Ahmed');
    expect(c.get().contactName).toBe('Ahmed');
  });

  it('stops at the first problem before the payment', async () => {
    await c.get().pickSeats([SEAT.number]);
    c.get().toPassengers();
    c.get().setName(0, 'Mona');
    c.get().setContact({ phone: '0131234567' });
    expect(c.get().toPayment()).toBe(false);
    expect(c.get()).toMatchObject({ step: 'passengers', showProblems: true });
    expect(c.get().focus.target).toBe('phone');
    c.get().setContact({ phone: '01012345678' });
    expect(c.get().toPayment()).toBe(true);
    expect(c.get().step).toBe('payment');
    expect(c.get().focus.target).toBe('cash');
  });

  it('names each problem of the form', () => {
    const form = { names: ['', 'x'.repeat(101)], contactName: '', phone: '', email: 'not-mail', passengers: 2 };
    expect(passengerProblems(form)).toEqual({ 'name-0': 'required', 'name-1': 'too_long', 'contact-name': 'required', phone: 'required', email: 'email' });
  });
});
