import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../core/canonical-json.ts';
import { RECORDED_SAMPLE } from '../../support/canonical-sample.ts';

// Journal entry hashes are taken over this text: any change here breaks journals already on disk.

describe('canonicalJson', () => {
  it('sorts keys at every depth and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: [{ y: 2, x: 1 }], c: { z: { q: true, p: false } } })).toBe(
      '{"a":[{"x":1,"y":2}],"b":1,"c":{"z":{"p":false,"q":true}}}',
    );
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
    // by UTF-16 code units: upper case before lower case, "10" before "9"
    expect(canonicalJson({ b: 0, B: 0, 9: 0, 10: 0, ä: 0 })).toBe('{"10":0,"9":0,"B":0,"b":0,"ä":0}');
  });

  it('gives one text whatever order the keys arrive in, sorted or not (checked against a sort at every depth)', () => {
    // The rule written plainly (every object's keys sorted, JSON for the rest): what the encoder must equal.
    const reference = (v: unknown): string =>
      Array.isArray(v)
        ? `[${v.map(reference).join(',')}]`
        : v && typeof v === 'object'
          ? `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${reference((v as Record<string, unknown>)[k])}`).join(',')}}`
          : JSON.stringify(v);
    const sortedDeep = (v: unknown): unknown =>
      Array.isArray(v) ? v.map(sortedDeep) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortedDeep((v as Record<string, unknown>)[k])])) : v;
    const reversedDeep = (v: unknown): unknown =>
      Array.isArray(v) ? v.map(reversedDeep) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().reverse().map((k) => [k, reversedDeep((v as Record<string, unknown>)[k])])) : v;
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = canonicalJson(v);
        expect(text).toBe(reference(v));
        expect(canonicalJson(sortedDeep(v))).toBe(text);
        expect(canonicalJson(reversedDeep(v))).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it('reads undefined as JSON.stringify does: a member is left out, an array element is null', () => {
    const value = { b: 1, a: [1, undefined, 'x', null], c: undefined, d: { z: true, y: '"q"', u: undefined } };
    expect(canonicalJson(value)).toBe('{"a":[1,null,"x",null],"b":1,"d":{"y":"\\"q\\"","z":true}}');
    expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
    expect(canonicalJson({ only: undefined })).toBe('{}');
  });

  it('writes numbers and strings exactly as JSON does', () => {
    expect(canonicalJson([-0, 0.1, 1e21, 12_345, -7.5])).toBe('[0,0.1,1e+21,12345,-7.5]');
    expect(canonicalJson(['علي', 'a\nb', '\u2028', '"'])).toBe(JSON.stringify(['علي', 'a\nb', '\u2028', '"']));
  });

  it('keeps the text of payloads journalled before it moved to core', () => {
    // Written by main/journal/chain.ts before this module existed (the same text the sandbox wrote).
    expect(canonicalJson(RECORDED_SAMPLE)).toBe(
      '{"big":1e+21,"contact":{"name":"Mona","phone":"01000000000"},"f":0.1,"fare_class":"VIP","n":0,"offer_id":"off_1",' +
        '"passengers":[{"full_name":"Mona","seat":"12"},{"full_name":"علي","seat":null}]}',
    );
  });

  it('refuses what JSON cannot carry rather than writing something else', () => {
    expect(() => canonicalJson(undefined)).toThrow(TypeError);
    expect(() => canonicalJson(Number.NaN)).toThrow(TypeError);
    expect(() => canonicalJson({ a: [Infinity] })).toThrow(TypeError);
    expect(() => canonicalJson({ f: () => 1 })).toThrow(TypeError);
    expect(() => canonicalJson({ s: Symbol('s') })).toThrow(TypeError);
    expect(() => canonicalJson({ n: 1n })).toThrow(TypeError);
  });
});
