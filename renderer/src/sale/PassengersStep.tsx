import type { KeyboardEvent } from 'react';
import { useLocale, useT, type MessageKey } from '../i18n/index.ts';
import { Kbd } from '../shell/Kbd.tsx';
import { formatNumber } from '../../../core/format.ts';
import { HoldStatus } from './HoldStatus.tsx';
import { JourneySummary } from './JourneySummary.tsx';
import { passengerProblems, ticketLanguage, useSale, type FieldProblem, type PassengerField } from './store.ts';
import { useFocusTarget } from './use-focus.ts';

/** Step 3: a full name per seat (as printed), one contact with a phone, the ticket language. */
export function PassengersStep() {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const passengers = useSale((s) => s.passengers);
  const hold = useSale((s) => s.hold);
  const names = useSale((s) => s.names);
  const contactName = useSale((s) => s.contactName);
  const phone = useSale((s) => s.phone);
  const email = useSale((s) => s.email);
  const language = useSale((s) => s.language);
  const showProblems = useSale((s) => s.showProblems);
  const { setName, setContact, setLanguage, toPayment, focusOn } = useSale.getState();
  const chosenLanguage = ticketLanguage({ language });
  const problems = passengerProblems({ names, contactName, phone, email, passengers });
  const seats = hold.status === 'held' ? hold.hold.seats_requested : [];
  const order: PassengerField[] = [...Array.from({ length: passengers }, (_, i) => `name-${i}` as PassengerField), 'contact-name', 'phone', 'email'];

  /** Enter: on to the next field that still needs something, else to the payment. */
  const onEnter = (field: PassengerField) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const at = order.indexOf(field);
    if (problems[field]) {
      // this field is not right yet: say why, and stay
      useSale.setState({ showProblems: true });
      return;
    }
    const next = [...order.slice(at + 1), ...order.slice(0, at + 1)].find((f) => problems[f]);
    if (!next) {
      toPayment();
      return;
    }
    if (next.startsWith('name-')) focusOn('name', Number(next.slice(5)));
    else focusOn(next as 'contact-name' | 'phone' | 'email');
  };

  const problemText = (field: PassengerField): string | null => {
    const p: FieldProblem | undefined = problems[field];
    if (!p || !showProblems) return null;
    return t(`pax.problem.${p}` as MessageKey);
  };

  return (
    <div className="pax-step">
      <JourneySummary />
      <div className="pax-grid">
        <section className="card" aria-labelledby="pax-title">
          <h2 id="pax-title">{t('pax.title', { count: formatNumber(passengers, locale) })}</h2>
          <p className="hint">{t('pax.hint')}</p>
          <ol className="pax-list">
            {Array.from({ length: passengers }, (_, i) => (
              <NameRow
                key={i}
                index={i}
                seat={seats[i] ?? null}
                value={names[i] ?? ''}
                problem={problemText(`name-${i}`)}
                onChange={(v) => setName(i, v)}
                onKeyDown={onEnter(`name-${i}`)}
              />
            ))}
          </ol>
        </section>
        <section className="card" aria-labelledby="contact-title">
          <h2 id="contact-title">{t('pax.contact')}</h2>
          <p className="hint">{t('pax.contact.hint')}</p>
          <Field
            id="contact-name"
            target="contact-name"
            label={t('pax.contact.name')}
            value={contactName}
            problem={problemText('contact-name')}
            onChange={(v) => setContact({ contactName: v })}
            onKeyDown={onEnter('contact-name')}
            autoComplete="off"
          />
          <Field
            id="contact-phone"
            target="phone"
            type="tel"
            label={t('pax.contact.phone')}
            hint={t('pax.contact.phone.hint')}
            value={phone}
            problem={problemText('phone')}
            onChange={(v) => setContact({ phone: v })}
            onKeyDown={onEnter('phone')}
            dir="ltr"
            autoComplete="off"
          />
          <Field
            id="contact-email"
            target="email"
            type="email"
            label={t('pax.contact.email')}
            value={email}
            problem={problemText('email')}
            onChange={(v) => setContact({ email: v })}
            onKeyDown={onEnter('email')}
            dir="ltr"
            autoComplete="off"
          />
          <fieldset className="lang-choice">
            <legend>{t('pax.language')}</legend>
            <div className="segmented">
              {(['ar', 'en'] as const).map((l) => (
                <label key={l} className={chosenLanguage === l ? 'on' : undefined}>
                  <input type="radio" name="ticket-language" checked={chosenLanguage === l} onChange={() => setLanguage(l)} />
                  <span lang={l}>{l === 'ar' ? 'العربية' : 'English'}</span>
                </label>
              ))}
            </div>
          </fieldset>
        </section>
      </div>
      <div className="step-actions">
        <HoldStatus />
        <button type="button" className="primary" onClick={() => toPayment()} disabled={hold.status !== 'held'} aria-keyshortcuts="F9">
          {t('pax.continue')} <Kbd k="F9" />
        </button>
      </div>
    </div>
  );
}

function NameRow(props: { index: number; seat: string | null; value: string; problem: string | null; onChange(v: string): void; onKeyDown(e: KeyboardEvent<HTMLInputElement>): void }) {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const ref = useFocusTarget<HTMLInputElement>('name', props.index);
  const id = `pax-name-${props.index}`;
  const label = props.seat
    ? t('pax.name.seat', { n: formatNumber(props.index + 1, locale), seat: props.seat })
    : t('pax.name', { n: formatNumber(props.index + 1, locale) });
  return (
    <li className="pax-row">
      <span className="pax-no" aria-hidden="true">
        {formatNumber(props.index + 1, locale)}
      </span>
      {props.seat && (
        <span className="seat-chip" aria-hidden="true">
          {props.seat}
        </span>
      )}
      <div className="field grow">
        <label htmlFor={id}>{label}</label>
        <input
          ref={ref}
          id={id}
          type="text"
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          value={props.value}
          aria-invalid={props.problem ? true : undefined}
          aria-describedby={props.problem ? `${id}-problem` : undefined}
          onChange={(e) => props.onChange(e.target.value)}
          onKeyDown={props.onKeyDown}
        />
        {props.problem && (
          <span id={`${id}-problem`} className="field-problem">
            {props.problem}
          </span>
        )}
      </div>
    </li>
  );
}

function Field(props: {
  id: string;
  target: 'contact-name' | 'phone' | 'email';
  label: string;
  hint?: string;
  value: string;
  problem: string | null;
  type?: string;
  dir?: 'ltr';
  autoComplete?: string;
  onChange(v: string): void;
  onKeyDown(e: KeyboardEvent<HTMLInputElement>): void;
}) {
  const ref = useFocusTarget<HTMLInputElement>(props.target);
  const describedBy = [props.hint ? `${props.id}-hint` : '', props.problem ? `${props.id}-problem` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        ref={ref}
        id={props.id}
        type={props.type ?? 'text'}
        dir={props.dir}
        value={props.value}
        autoComplete={props.autoComplete}
        spellCheck={false}
        aria-invalid={props.problem ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => props.onChange(e.target.value)}
        onKeyDown={props.onKeyDown}
      />
      {props.hint && !props.problem && (
        <span id={`${props.id}-hint`} className="hint">
          {props.hint}
        </span>
      )}
      {props.problem && (
        <span id={`${props.id}-problem`} className="field-problem" role="alert">
          {props.problem}
        </span>
      )}
    </div>
  );
}
