import { memo, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { OfferDetail, Seat } from '../../../contract/partner/resources.ts';
import { translate, type Locale, type MessageKey } from '../i18n/index.ts';
import { CellIcons } from '../components/Icons.tsx';
import { formatNumber, formatPounds } from '../../../core/format.ts';
import { fareClassName } from '../search/OfferList.tsx';
import { buildDecks, nextSeat, type Deck, type MapCell } from './grid.ts';
import './seatmap.css';
import { useDescription } from '../components/Description.tsx';

// The coach seen from above, front (driver) at the top. The drawing is a physical plan, so it is
// never mirrored: column 1 (the driver's side, left on Egyptian coaches) stays on the left in
// Arabic too, as on the operators' own charts and as the agent sees the coach from the platform.

interface Props {
  offer: OfferDetail;
  retailBySeat: Record<string, number>;
  locale: Locale;
  /** Seats picked for this sale, in pick order. */
  picked: readonly string[];
  /** Seats secured by the current hold. */
  held: readonly string[];
  /** Dim every class but this one (the legend's filter). */
  classFilter: string | null;
  disabled?: boolean;
  onToggle(seat: Seat): void;
}

/** Fare classes get a tint each, cheapest first (index into the seatmap.css palette). */
export function classTints(offer: OfferDetail): Map<string, number> {
  const names = [...offer.fare_classes].sort((a, b) => a.price.amount_minor - b.price.amount_minor).map((c) => c.name);
  for (const s of offer.seats) if (s.class && !names.includes(s.class)) names.push(s.class);
  return new Map(names.map((n, i) => [n, i % 5]));
}

const DECK_KEYS: Record<string, MessageKey> = { 'Upper deck': 'seatmap.deck.upper', 'Lower deck': 'seatmap.deck.lower' };

export function SeatMapView(props: Props) {
  const { offer, locale } = props;
  const decks = useMemo(() => (offer.seat_map ? buildDecks(offer.seat_map, offer.seats) : []), [offer]);
  const tints = useMemo(() => classTints(offer), [offer]);
  const [cursor, setCursor] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  // The grid is one tab stop: the cursor seat (or the first picked, or the first free one).
  const firstFree = useMemo(() => offer.seats.find((s) => s.available)?.number ?? null, [offer]);
  const tabSeat = cursor ?? props.picked[0] ?? firstFree;

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const dirs: Record<string, 'up' | 'down' | 'left' | 'right'> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };
    const dir = dirs[e.key];
    const el = e.target as HTMLElement;
    const number = el.dataset.seat;
    if (!dir || !number) return;
    const deckIndex = Number(el.dataset.deck);
    const cell = decks[deckIndex]?.cells.find((c) => c.number === number);
    if (!cell) return;
    e.preventDefault();
    const next = nextSeat(decks, { deck: deckIndex, row: cell.row, column: cell.column }, dir);
    if (!next) return;
    setCursor(next.number);
    rootRef.current?.querySelector<HTMLButtonElement>(`button[data-seat="${CSS.escape(next.number)}"]`)?.focus();
  }

  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params);
  return (
    <div className="seatmap" ref={rootRef} onKeyDown={onKeyDown} dir="ltr" data-testid="seatmap" role="group" aria-label={t('seatmap.title')}>
      {decks.map((deck, i) => (
        <DeckView
          key={i}
          deck={deck}
          deckIndex={i}
          label={deck.label ? (DECK_KEYS[deck.label] ? t(DECK_KEYS[deck.label] as MessageKey) : deck.label) : null}
          locale={locale}
          tints={tints}
          retailBySeat={props.retailBySeat}
          picked={props.picked}
          held={props.held}
          classFilter={props.classFilter}
          tabSeat={tabSeat}
          disabled={props.disabled ?? false}
          onToggle={props.onToggle}
          onFocusSeat={setCursor}
        />
      ))}
    </div>
  );
}

interface DeckProps {
  deck: Deck;
  deckIndex: number;
  label: string | null;
  locale: Locale;
  tints: Map<string, number>;
  retailBySeat: Record<string, number>;
  picked: readonly string[];
  held: readonly string[];
  classFilter: string | null;
  tabSeat: string | null;
  disabled: boolean;
  onToggle(seat: Seat): void;
  onFocusSeat(number: string): void;
}

const DeckView = memo(function DeckView(p: DeckProps) {
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(p.locale, key, params);
  return (
    <section className="deck" aria-label={p.label ?? t('seatmap.coach')} dir={p.locale === 'ar' ? 'rtl' : 'ltr'}>
      {p.label && <h3 className="deck-label">{p.label}</h3>}
      <div className="coach">
        <div className="coach-front" aria-hidden="true">
          {t('seatmap.front')}
        </div>
        <div
          className="coach-grid"
          dir="ltr"
          style={{ gridTemplateColumns: `repeat(${p.deck.columns}, var(--seat-w))`, gridTemplateRows: `repeat(${p.deck.rows}, var(--seat-h))` }}
        >
          {p.deck.cells.map((cell) => (
            <Cell key={`${cell.row}:${cell.column}`} cell={cell} {...p} />
          ))}
        </div>
      </div>
    </section>
  );
});

function Cell(props: DeckProps & { cell: MapCell }) {
  const { cell, locale } = props;
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params);
  const place = { gridRow: cell.row, gridColumn: cell.column };
  if (cell.kind !== 'SEAT') {
    const kinds: Record<string, { cls: string; label: MessageKey; icon: () => React.ReactNode; text?: string }> = {
      DRIVER: { cls: 'driver', label: 'seatmap.cell.driver', icon: CellIcons.driver },
      DOOR: { cls: 'door', label: 'seatmap.cell.door', icon: CellIcons.door },
      STAIRS: { cls: 'stairs', label: 'seatmap.cell.stairs', icon: CellIcons.stairs },
      WC: { cls: 'wc', label: 'seatmap.cell.wc', icon: CellIcons.wc, text: 'WC' },
      TABLE: { cls: 'table', label: 'seatmap.cell.table', icon: CellIcons.table },
    };
    const k = kinds[cell.kind];
    if (!k) return null;
    return (
      <div className={`cell fixture ${k.cls}`} style={place} role="img" aria-label={t(k.label)} title={t(k.label)} data-kind={cell.kind}>
        {k.icon()}
        <span className="fixture-label" aria-hidden="true">
          {k.text ?? t(k.label)}
        </span>
      </div>
    );
  }
  return <SeatCell {...props} />;
}

function SeatCell(props: DeckProps & { cell: MapCell }) {
  const { cell, locale } = props;
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params);
  const place = { gridRow: cell.row, gridColumn: cell.column };
  const seat = cell.seat;
  const number = cell.number ?? '?';
  const available = Boolean(seat?.available);
  const pickedAt = props.picked.indexOf(number);
  const picked = pickedAt >= 0;
  const held = props.held.includes(number);
  const tint = seat?.class ? (props.tints.get(seat.class) ?? 0) : 0;
  const dimmed = props.classFilter !== null && seat?.class !== props.classFilter;
  const retail = props.retailBySeat[number];
  // named by what it shows (its number, then its price or "taken"); the rest is its description
  const details = [
    t('seatmap.seat', { number }),
    seat?.class ? fareClassName(seat.class, locale) : '',
    retail !== undefined ? formatPounds(retail, locale) : '',
    seat?.accessible ? t('seatmap.accessible') : '',
    seat?.premium ? t('seatmap.premium') : '',
    ...(seat?.features ?? []).filter((f) => f === 'window' || f === 'aisle').map((f) => t(`seatmap.feature.${f}` as MessageKey)),
    !available && !picked ? t('seatmap.taken') : '',
    held ? t('seatmap.held') : picked ? t('seatmap.picked') : '',
  ].filter(Boolean);
  const { describedBy, description } = useDescription(details.join(locale === 'ar' ? '، ' : ', '));
  const cls = ['cell', 'seat', `tint-${tint}`, available ? 'free' : 'taken', picked ? 'picked' : '', held ? 'held' : '', dimmed ? 'dimmed' : ''].filter(Boolean).join(' ');
  return (
    <button
      type="button"
      className={cls}
      style={place}
      data-seat={number}
      data-deck={props.deckIndex}
      data-testid={`seat-${number}`}
      data-class={seat?.class ?? ''}
      aria-describedby={describedBy}
      aria-pressed={picked}
      aria-disabled={!available || dimmed || props.disabled || undefined}
      tabIndex={props.tabSeat === number ? 0 : -1}
      onFocus={() => props.onFocusSeat(number)}
      onClick={() => {
        if (seat && (available || picked) && !dimmed && !props.disabled) props.onToggle(seat);
      }}
    >
      <span className="seat-no">{number}</span>
      {retail !== undefined && available && <span className="seat-price">{formatNumber(Math.round(retail / 100), locale)}</span>}
      {!available && !picked && <span className="seat-price">{t('seatmap.takenShort')}</span>}
      {(seat?.accessible || seat?.premium) && (
        <span className="seat-mark" aria-hidden="true">
          {seat.accessible ? '♿' : '★'}
        </span>
      )}
      {/* held and chosen differ by a mark, not only by their fill (WCAG 1.4.1, forced colours) */}
      {(held || picked) && (
        <span className="seat-state" aria-hidden="true">
          {held ? '✓' : '•'}
        </span>
      )}
      {picked && props.picked.length > 1 && (
        <span className="seat-order" aria-hidden="true">
          {formatNumber(pickedAt + 1, locale)}
        </span>
      )}
      {description}
    </button>
  );
}
