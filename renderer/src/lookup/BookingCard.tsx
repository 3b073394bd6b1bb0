import type { Booking } from '../../../contract/partner/resources.ts';
import { cairoDateAndTime, formatCairo, formatMoney, partsSeparator } from '../../../core/format.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { PrintFailure } from '../components/PrintFailure.tsx';
import { useLocale, useT, type Locale, type MessageKey } from '../i18n/index.ts';
import { arrivalDayOffset, clockTime, formatDay, formatDuration, journeyMinutes, localDigits } from '../sale/display.ts';
import { Qr } from './Qr.tsx';
import { useCityName } from '../shell/place-names.ts';
import { useLookup, type ReprintRequest } from './store.ts';
import { RefundPanel } from '../refunds/RefundPanel.tsx';

type Place = Booking['origin'] | Booking['destination'];

/** A station in the UI's language (the other beside it), its verified address and a map link. */
function PlaceLine({ place, at, locale }: { place: Place; at: string | null; locale: Locale }) {
  const t = useT();
  const cityName = useCityName();
  const station = locale === 'ar' ? (place.station_ar ?? place.station) : (place.station ?? place.station_ar);
  const other = locale === 'ar' ? place.station : place.station_ar;
  const address = locale === 'ar' ? (place.address_ar ?? place.address) : (place.address ?? place.address_ar);
  const map = place.latitude !== null && place.longitude !== null ? `https://www.google.com/maps?q=${place.latitude},${place.longitude}` : null;
  return (
    <div className="bk-place">
      <strong className="bk-time mono">{at ? clockTime(at, locale) : '—'}</strong>
      <div>
        <div className="bk-city">{cityName(place.name)}</div>
        {station && (
          <div className="bk-station">
            <bdi>{station}</bdi>
            {other && other !== station && (
              <span className="bk-other">
                {' · '}
                <bdi>{other}</bdi>
              </span>
            )}
          </div>
        )}
        {address && <div className="bk-address">{address}</div>}
        {map && (
          <a className="bk-map" href={map} target="_blank" rel="noreferrer">
            {t('lookup.map')}
          </a>
        )}
      </div>
    </div>
  );
}

/** What the last reprint did, beside the buttons of one traveller (`passengerIndex`) or of the whole booking. */
function ReprintNote({ passengerIndex }: { passengerIndex?: number }) {
  const t = useT();
  const printed = useLookup((s) => s.printed);
  const failed = useLookup((s) => s.printError);
  if (printed && printed.at.passengerIndex === passengerIndex) {
    return (
      <span role="status" data-testid="reprinted">
        {t('lookup.printed', { printer: printed.printer })}
      </span>
    );
  }
  if (failed && failed.at.passengerIndex === passengerIndex) return <PrintFailure error={failed.error} again />;
  return null;
}

/** The booking view: the journey as on the ticket, passengers with their e-ticket QR, what was sold here, reprints. */
export function BookingCard() {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const { view, error } = useLookup();
  const { back, reprint } = useLookup.getState();
  if (!view) return null;
  const b = view.booking;
  const s = view.sale;
  const departure = b ? (b.departure_at ?? b.origin.departs_at) : null;
  const arrival = b ? (b.arrival_at ?? b.destination.arrives_at) : null;
  const minutes = departure ? journeyMinutes(departure, arrival, b?.duration_minutes ?? null) : null;
  const operator = b ? (locale === 'ar' ? (b.operator.name_ar ?? b.operator.name) : (b.operator.name ?? b.operator.name_ar)) : null;
  const ticketsReady = b?.status === 'confirmed' && b.tickets !== null;
  const press = (r: ReprintRequest) => () => void reprint(r);
  const num = (n: number) => localDigits(String(n), locale);

  return (
    <main
      className="lookup booking-card"
      data-testid="booking-view"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          back();
        }
      }}
    >
      <header className="lookup-head">
        <h1>
          {t('lookup.reference')} <span className="mono" data-testid="booking-ref">{b?.id ?? '—'}</span>
        </h1>
        <button type="button" className="st-btn" onClick={() => back()} autoFocus>
          {t('lookup.back')}
        </button>
      </header>
      {view.stale && <p className="bk-warning" role="status">{t('lookup.stale')}</p>}
      {error && <ErrorNotice error={error} />}
      {b && (
        <>
          <section className="bk-summary">
            <span className={`lookup-status status-${b.status}`}>{t(`lookup.status.${b.status}` as MessageKey)}</span>
            {b.tickets ? (
              <>
                <span className={b.tickets.valid_for_travel ? 'bk-valid' : 'bk-invalid'} data-testid="valid-for-travel">
                  {t(b.tickets.valid_for_travel ? 'lookup.valid' : 'lookup.notValid')}
                </span>
                <span>{t('lookup.ticketVersion', { v: localDigits(b.tickets.version, locale) })}</span>
              </>
            ) : (
              <span>{t('lookup.noTickets')}</span>
            )}
            <span>
              {t('lookup.operatorRef')} <span className="mono">{b.boarding.operator_reference}</span>
            </span>
          </section>
          <section className="bk-journey">
            <div className="bk-operator">
              {b.operator.logo_url && (
                // A logo the page may not load (offline, or not allowed by the CSP) is left out, not shown broken.
                <img src={b.operator.logo_url} alt="" width={40} height={40} onError={(e) => e.currentTarget.remove()} />
              )}
              <span>{operator}</span>
              {b.seat_class && <span className="bk-class">{b.seat_class}</span>}
            </div>
            <div className="bk-date">{formatDay(b.travel_date, locale, true)}</div>
            <PlaceLine place={b.origin} at={departure} locale={locale} />
            {minutes !== null && (
              <div className="bk-duration">
                {t('lookup.duration')}: {formatDuration(minutes, locale)}
                {departure && arrival && arrivalDayOffset(departure, arrival) > 0 && <span> (+{num(arrivalDayOffset(departure, arrival))})</span>}
              </div>
            )}
            <PlaceLine place={b.destination} at={arrival} locale={locale} />
          </section>
          <section className="bk-passengers">
            <h2>{t('lookup.passengers')}</h2>
            <ul>
              {b.passengers.map((p, i) => {
                const eticket = b.boarding.e_tickets.find((e) => e.passenger_index === i);
                return (
                  <li key={i} className="bk-passenger" data-testid="passenger">
                    <div>
                      <strong dir="auto">{p.full_name}</strong>
                      <div>{p.seat ? t('lookup.seat', { seat: p.seat }) : t('lookup.seatAtBoarding')}</div>
                      {eticket && <div>{t('lookup.eticket', { code: eticket.ticket_code })}</div>}
                      {ticketsReady && (
                        <div className="bk-actions">
                          <button type="button" className="st-btn" onClick={press({ kind: 'tickets', passengerIndex: i, language: 'ar' })} data-testid={`reprint-${i}-ar`}>
                            {t('lookup.oneTicket')} · {t('lookup.inArabic')}
                          </button>
                          <button type="button" className="st-btn" onClick={press({ kind: 'tickets', passengerIndex: i, language: 'en' })} data-testid={`reprint-${i}-en`}>
                            {t('lookup.oneTicket')} · {t('lookup.inEnglish')}
                          </button>
                          <ReprintNote passengerIndex={i} />
                        </div>
                      )}
                    </div>
                    {eticket && <Qr value={eticket.qr} label={t('lookup.eticket', { code: eticket.ticket_code })} />}
                  </li>
                );
              })}
            </ul>
            <p>
              {t('lookup.contact')}: <span dir="auto">{b.contact.name}</span> <span className="mono" dir="ltr">{b.contact.phone ?? ''}</span>
            </p>
          </section>
        </>
      )}
      {s ? (
        <section className="bk-sale" data-testid="sale-facts">
          <h2>{t('lookup.sale')}</h2>
          <dl>
            <dt>{t('lookup.retail')}</dt>
            <dd data-testid="sale-retail">{formatMoney(s.retailTotalMinor, locale, s.currency)}</dd>
            <dt>{t('lookup.cash')}</dt>
            <dd>{s.cashRecorded ? formatMoney(s.cashTenderedMinor, locale, s.currency) : '—'}</dd>
            <dt>{t('lookup.change')}</dt>
            <dd>{s.cashRecorded ? formatMoney(s.changeMinor, locale, s.currency) : '—'}</dd>
            <dt>{t('lookup.agent')}</dt>
            <dd>{s.agentName}</dd>
            <dt>{t('lookup.shift')}</dt>
            <dd>
              {formatDay(s.businessDay, locale, true)}
              {s.zNumber !== null
                ? `${partsSeparator(locale)}${t('lookup.shiftZ', { n: num(s.zNumber) })}`
                : s.shiftOpenedAt && `${partsSeparator(locale)}${t('lookup.shiftOpen', { time: cairoDateAndTime(s.shiftOpenedAt, locale).time })}`}
            </dd>
            <dt>{t('lookup.soldAt')}</dt>
            <dd>{formatCairo(s.createdAt, locale)}</dd>
          </dl>
          <p data-testid="print-counts">{t('lookup.printedCounts', { t: num(s.ticketsPrinted), r: num(s.receiptsPrinted) })}</p>
        </section>
      ) : (
        <p className="bk-note">{t('lookup.notSoldHere')}</p>
      )}
      {b?.status === 'confirmed' && (
        <RefundPanel key={b.id} target={s ? { saleId: s.saleId } : { bookingReference: b.id }} language={s?.language ?? locale} />
      )}
      {ticketsReady && (
        <section className="bk-actions bk-reprint">
          <h2>{t('lookup.reprint')}</h2>
          <button type="button" className="st-btn st-btn-primary" onClick={press({ kind: 'tickets', language: 'ar' })} data-testid="reprint-all-ar">
            {t('lookup.allTickets')} · {t('lookup.inArabic')}
          </button>
          <button type="button" className="st-btn st-btn-primary" onClick={press({ kind: 'tickets', language: 'en' })} data-testid="reprint-all-en">
            {t('lookup.allTickets')} · {t('lookup.inEnglish')}
          </button>
          {s?.cashRecorded && (
            <button type="button" className="st-btn" onClick={press({ kind: 'receipt' })} data-testid="reprint-receipt">
              {t(s.receiptsPrinted > 0 ? 'lookup.receiptCopy' : 'lookup.receipt')}
            </button>
          )}
          <ReprintNote />
        </section>
      )}
    </main>
  );
}
