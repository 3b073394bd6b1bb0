import type { TicketLanguage } from '../../../../contract/counter.ts';
import { checkEmail, cleanName } from '../phone.ts';
import { checkPhone } from '../../../../core/phone.ts';
import type { DataOf, FocusTarget, SliceOf } from './types.ts';

// Step 3: the names printed on the tickets, one contact, the tickets' language.

export type PassengerField = `name-${number}` | 'contact-name' | 'phone' | 'email';
export type FieldProblem = 'required' | 'too_long' | 'eg_mobile' | 'intl' | 'chars' | 'email';

export interface PassengersSlice {
  names: string[];
  contactName: string;
  contactNameEdited: boolean;
  phone: string;
  email: string;
  /** null: the ticket language follows the UI language. */
  language: TicketLanguage | null;
  showProblems: boolean;
  toPassengers(): boolean;
  setName(index: number, value: string): void;
  setContact(patch: Partial<Pick<PassengersSlice, 'contactName' | 'phone' | 'email'>>): void;
  setLanguage(language: TicketLanguage): void;
  toPayment(): boolean;
}

export const passengersInitial = (): DataOf<PassengersSlice> => ({
  names: [],
  contactName: '',
  contactNameEdited: false,
  phone: '',
  email: '',
  language: null,
  showProblems: false,
});

type PassengerForm = Pick<PassengersSlice, 'names' | 'contactName' | 'phone' | 'email'> & { passengers: number };

/** What is wrong with the passenger form, per field (empty when it can be sent). */
export function passengerProblems(s: PassengerForm): Partial<Record<PassengerField, FieldProblem>> {
  const out: Partial<Record<PassengerField, FieldProblem>> = {};
  for (let i = 0; i < s.passengers; i++) {
    const name = cleanName(s.names[i] ?? '');
    if (!name) out[`name-${i}`] = 'required';
    else if (name.length > 100) out[`name-${i}`] = 'too_long';
  }
  const contact = cleanName(s.contactName);
  if (!contact) out['contact-name'] = 'required';
  else if (contact.length > 100) out['contact-name'] = 'too_long';
  const phone = checkPhone(s.phone);
  if (!phone.ok) out.phone = phone.reason === 'empty' ? 'required' : phone.reason;
  if (s.email.trim() && !checkEmail(s.email)) out.email = 'email';
  return out;
}

/** The ticket language of a sale: the agent's choice, else the UI language. */
export function ticketLanguageOf(s: Pick<PassengersSlice, 'language'>, uiLocale: TicketLanguage): TicketLanguage {
  return s.language ?? uiLocale;
}

/** The passengers as POST /bookings takes them, with the held seats in order. */
export function bookingPassengers(s: PassengerForm, seats: readonly string[]) {
  return Array.from({ length: s.passengers }, (_, i) => ({
    full_name: cleanName(s.names[i] ?? ''),
    ...(seats[i] ? { seat: seats[i] } : {}),
  }));
}

/** The booking's contact, the mobile in the form the API keeps. */
export function bookingContact(s: PassengerForm) {
  const email = s.email.trim();
  const phone = checkPhone(s.phone);
  return {
    name: cleanName(s.contactName),
    phone: phone.ok ? phone.normalised : s.phone.trim(),
    ...(email ? { email } : {}),
  };
}

export const passengersSlice: SliceOf<PassengersSlice> = (rt) => (set, get) => ({
  ...passengersInitial(),

  toPassengers() {
    const s = get();
    if (s.hold.status !== 'held') return false;
    const names = Array.from({ length: s.passengers }, (_, i) => s.names[i] ?? '');
    // the ticket language starts as the UI language of this moment; a later switch of the UI
    // language (to help the agent) does not change the traveller's tickets
    set({ step: 'passengers', names, showProblems: false, language: s.language ?? rt.deps.locale() });
    const firstEmpty = names.findIndex((n) => !n.trim());
    if (firstEmpty >= 0) s.focusOn('name', firstEmpty);
    else s.focusOn('phone');
    return true;
  },

  setName(index, value) {
    set((s) => {
      const names = [...s.names];
      names[index] = value;
      return index === 0 && !s.contactNameEdited ? { names, contactName: value } : { names };
    });
  },
  setContact(patch) {
    set((s) => ({ ...patch, contactNameEdited: s.contactNameEdited || patch.contactName !== undefined }));
  },
  setLanguage(language) {
    set({ language });
  },

  toPayment() {
    const s = get();
    if (s.hold.status !== 'held') return false;
    const problems = passengerProblems(s);
    const first = (Object.keys(problems) as PassengerField[])[0];
    if (first) {
      set({ showProblems: true });
      if (first.startsWith('name-')) s.focusOn('name', Number(first.slice(5)));
      else s.focusOn(first as FocusTarget);
      return false;
    }
    set({ step: 'payment' });
    s.focusOn('cash');
    return true;
  },
});
