import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useT } from '../i18n/index.ts';

/** A date and a time that stay whole each, on one line when there is room and on two when not. */
export function DateTime({ date, time, mono = false }: { date: string; time: string; mono?: boolean }) {
  const cls = mono ? 'st-nowrap mono' : 'st-nowrap';
  return (
    <>
      <bdi className={cls}>{date}</bdi> <bdi className={cls}>{time}</bdi>
    </>
  );
}

/** A label above its control, with an optional hint and a field error, all wired for screen readers. */
export function Field(props: { id: string; label: string; hint?: string; error?: string | null; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`st-field${props.wide ? ' st-field-wide' : ''}`}>
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      {props.hint && (
        <small id={`${props.id}-hint`} className="st-hint">
          {props.hint}
        </small>
      )}
      {props.error && (
        <small id={`${props.id}-error`} className="st-field-error" role="alert">
          {props.error}
        </small>
      )}
    </div>
  );
}

/** aria-describedby for a Field's control. */
export function describedBy(id: string, hint: boolean, error: boolean): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** A calm line of news: saved, sent, checking… */
export function Notice(props: { kind: 'ok' | 'info' | 'warn' | 'bad'; children: ReactNode; testId?: string; busy?: boolean }) {
  return (
    <div
      className={`st-notice st-notice-${props.kind}`}
      role={props.kind === 'bad' ? 'alert' : 'status'}
      aria-busy={props.busy || undefined}
      data-testid={props.testId}
    >
      {props.busy && <span className="st-spinner" aria-hidden="true" />}
      <div>{props.children}</div>
    </div>
  );
}

/**
 * "Are you sure?" in place, not a blocking dialog: focus goes to Cancel (the safe answer), Esc
 * cancels without closing the settings screen.
 */
export function InlineConfirm(props: {
  message: string;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
  busy?: boolean;
}) {
  const t = useT();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const messageId = useId();
  useEffect(() => {
    cancelRef.current?.focus();
  }, []);
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'Escape') {
      e.preventDefault();
      props.onCancel();
    }
  }
  return (
    <div className="st-confirm" role="group" aria-labelledby={messageId} onKeyDown={onKeyDown}>
      <p id={messageId}>{props.message}</p>
      <div className="st-actions">
        <button type="button" className="st-btn st-btn-danger" onClick={props.onConfirm} disabled={props.busy}>
          {props.confirmLabel}
        </button>
        <button type="button" className="st-btn" ref={cancelRef} onClick={props.onCancel} disabled={props.busy}>
          {t('settings.cancel')}
        </button>
      </div>
    </div>
  );
}

/** Loading placeholder for a section. */
export function Loading() {
  const t = useT();
  return (
    <p className="st-loading" aria-busy="true">
      {t('common.loading')}
    </p>
  );
}
