import { describe, expect, it } from 'vitest';
import { bookingKeys, foldName, isoDateOf, queryPrefixes } from '../../../core/lookup-key.ts';
import { nameSkeleton } from '../../../core/text-fold.ts';

const keys = bookingKeys({
  bookingReference: 'PB-7F3A21',
  operatorReference: 'SBX-GOB-88123',
  names: ['Mohamed Abdel Rahman', 'مُحمّد عبد الرحمن', 'Mona Ali'],
  phones: ['+20 10 1234 5678', null],
  travelDate: '2026-07-02',
});

/** Whether a query typed by the agent finds the booking. */
const finds = (query: string) => queryPrefixes(query).some((p) => keys.some((k) => k.startsWith(p)));

describe('booking lookup keys', () => {
  it('find a booking by its reference, whole or begun, with or without its letters and dash', () => {
    for (const q of ['PB-7F3A21', 'pb-7f3', 'PB7F', '7F3A', 'SBX-GOB-88', 'sbxgob88123']) expect(finds(q), q).toBe(true);
    expect(finds('PB-9')).toBe(false);
  });

  it('find a booking by a name in Latin letters, tolerant of transliteration and of which word is typed', () => {
    for (const q of ['Mohamed', 'Muhammad Abd', 'mohammed abdel', 'Abdel Rahman', 'rahman', 'MONA', 'ali']) expect(finds(q), q).toBe(true);
    expect(finds('Ahmed')).toBe(false);
  });

  it('find a booking by an Arabic name whatever its hamza, tashkeel or article', () => {
    for (const q of ['محمد', 'محمد عبد', 'الرحمن', 'رحمن']) expect(finds(q), q).toBe(true);
    expect(foldName('أحمد')).toBe(foldName('احمد'));
    expect(finds('احمد')).toBe(false);
  });

  it('find a booking by phone in any common writing, and by the travel date as written in Egypt', () => {
    for (const q of ['010 1234', '+20 10 12', '0020101234', '01012345678', '٠١٠١٢٣']) expect(finds(q), q).toBe(true);
    for (const q of ['2026-07-02', '2/7/2026', '02-07-2026', '٢/٧/٢٠٢٦', '2026-07']) expect(finds(q), q).toBe(true);
    expect(finds('011')).toBe(false);
    expect(finds('3/7/2026')).toBe(false);
  });

  it('ask nothing of a query too short to mean anything', () => {
    expect(queryPrefixes('')).toEqual([]);
    expect(queryPrefixes(' m ')).toEqual([]);
    expect(isoDateOf('31/12/2026')).toBe('2026-12-31');
    expect(isoDateOf('hello')).toBeNull();
    expect(isoDateOf('\u200f١/٧/٢٠٢٦\u200f')).toBe('2026-07-01');
    expect(isoDateOf('\u2067٢٠٢٦-٠٧-٠١\u2069')).toBe('2026-07-01');
  });
});

describe('a name across the scripts (the same folding as the city search, cut to its consonants)', () => {
  it.each([
    ['Mohamed', 'mhmd'],
    ['Muhammad', 'mhmd'],
    ['Mohammed', 'mhmd'],
    ['مُحمّد', 'mhmd'],
    ['\u200fمحمد\u200f', 'mhmd'],
    ['Ahmed', 'hmd'],
    ['أحمد', 'hmd'],
    ['Youssef', 'sf'],
    ['يوسف', 'sf'],
    ['Khaled', 'kld'],
    ['خالد', 'kld'],
    ['Mostafa', 'mstf'],
    ['مصطفى', 'mstf'],
    ['Gamal', 'gml'],
    ['Jamal', 'gml'],
    ['جمال', 'gml'],
    ['Sherif', 'srf'],
    ['Chérif', 'srf'],
    ['شريف', 'srf'],
    ['Abdallah', 'bdlh'],
    ['عبدالله', 'bdlh'],
    ['Fatma', 'ftm'],
    ['فاطمة', 'ftm'],
    ['El-Sayed Hassan', 'sd hsn'],
    ['السيد حسن', 'sd hsn'],
  ])('%s → %s', (name, bones) => expect(nameSkeleton(name)).toBe(bones));

  const only = (names: string[]) => bookingKeys({ bookingReference: null, operatorReference: null, names, phones: [], travelDate: null });
  const found = (keys: string[], q: string) => queryPrefixes(q).some((p) => keys.some((k) => k.startsWith(p)));

  it('finds a name written in Arabic by its Latin spelling, and back', () => {
    const arabic = only(['محمد عبد الرحمن']);
    for (const q of ['Mohamed', 'Muhammad', 'Mohammed Abd', 'Rahman', 'Moham']) expect(found(arabic, q), q).toBe(true);
    for (const q of ['Ahmed', 'Mona', 'Mo']) expect(found(arabic, q), q).toBe(false);
    const latin = only(['Mohamed Abdel Rahman']);
    for (const q of ['محمد', 'محمد عبد', 'رحمن']) expect(found(latin, q), q).toBe(true);
    expect(found(latin, 'أحمد')).toBe(false);
  });
});
