import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GST_STATE_CODES, gstStateCode, gstinCheckChar, validateGstin } from './gstin.ts';

describe('gstinCheckChar', () => {
  it.each([
    // Published GSTINs: the widely used sample and Reliance Industries (Maharashtra).
    ['27AAPFU0939F1ZV'],
    ['27AAACR5055K1Z7'],
    // Computed with the algorithm for the PAN AAACI1681G.
    ['29AAACI1681G1ZL'],
    ['33AAACI1681G1ZW'],
  ])('computes the check character of %s', (gstin) => {
    expect(gstinCheckChar(gstin.slice(0, 14))).toBe(gstin.charAt(14));
  });
});

describe('validateGstin', () => {
  it.each([
    ['29AAACI1681G1ZL', 'Karnataka', '29AAACI1681G1ZL'],
    ['29AAACI1681G1ZL', null, '29AAACI1681G1ZL'],
    ['27AAPFU0939F1ZV', 'Maharashtra', '27AAPFU0939F1ZV'],
    ['27AAACR5055K1Z7', 'Maharashtra', '27AAACR5055K1Z7'],
    ['07AAACT2727Q1ZY', 'Delhi', '07AAACT2727Q1ZY'],
    ['36AABCT1332L1ZF', 'Telangana', '36AABCT1332L1ZF'],
    ['24AAACC1206D1ZM', 'Gujarat', '24AAACC1206D1ZM'],
    // Second registration of the same PAN in a state.
    ['19AAACI1681G2ZL', 'West Bengal', '19AAACI1681G2ZL'],
    // Lower case and surrounding spaces are accepted and normalised.
    ['  29aaaci1681g1zl ', 'Karnataka', '29AAACI1681G1ZL'],
    // The state name is matched as in the cities table, case aside.
    ['29AAACI1681G1ZL', 'karnataka', '29AAACI1681G1ZL'],
  ])('accepts %s for %s', (raw, state, gstin) => {
    expect(validateGstin(raw, state)).toEqual({ ok: true, gstin });
  });

  it.each([
    ['', null, 'format'],
    ['29AAACI1681G1Z', null, 'format'], // 14 characters
    ['29AAACI1681G1ZLX', null, 'format'], // 16 characters
    ['29AAACI1681G1AL', null, 'format'], // 14th character must be Z
    ['29AAACI1681G0ZL', null, 'format'], // registration number 0
    ['2AAAACI1681G1ZL', null, 'format'], // state code not two digits
    ['29AAAC11681G1ZL', null, 'format'], // PAN letters/digits out of place
    ['29AAACI1681G1Z-', null, 'format'],
    ['29 AAACI1681G 1ZL', null, 'format'],
    ['00AAACI1681G1ZL', null, 'format'], // unknown state code
    ['28AAACI1681G1ZL', null, 'format'], // undivided Andhra Pradesh, never used by GST
    ['29AAACI1681G1ZK', null, 'checkDigit'],
    ['29AAACI1681G1ZL'.replace('1681', '1618'), null, 'checkDigit'], // transposed digits
    ['27AAPFU0939F1ZW', 'Maharashtra', 'checkDigit'],
    ['27AAPFU0939F1ZV', 'Karnataka', 'state'],
    ['29AAACI1681G1ZL', 'Tamil Nadu', 'state'],
    ['29AAACI1681G1ZL', 'Atlantis', 'state'],
  ] as const)('refuses %s (headquarters %s): %s', (raw, state, reason) => {
    expect(validateGstin(raw, state)).toEqual({ ok: false, reason });
  });
});

describe('GST_STATE_CODES', () => {
  it('names every state of the cities table, spelt the same way', () => {
    const sql = readFileSync(
      new URL('../server/db/migrations/002-cities.sql', import.meta.url),
      'utf8',
    );
    const states = new Set(
      [...sql.matchAll(/^\s*\(\d+, '(?:[^']|'')*', '((?:[^']|'')*)'/gm)].map((m) =>
        (m[1] ?? '').replaceAll("''", "'"),
      ),
    );
    expect(states.size).toBeGreaterThanOrEqual(36);
    const known = new Set(Object.values(GST_STATE_CODES));
    expect([...states].filter((state) => !known.has(state))).toEqual([]);
  });

  it.each([
    ['Maharashtra', '27'],
    ['Karnataka', '29'],
    ['Delhi', '07'],
    ['Jammu and Kashmir', '01'],
    ['Ladakh', '38'],
    ['Odisha', '21'],
    ['Puducherry', '34'],
    ['Telangana', '36'],
    ['Andhra Pradesh', '37'],
    ['Dadra and Nagar Haveli and Daman and Diu', '26'],
    ['Other Territory', '97'],
    [' tamil nadu ', '33'],
  ])('gstStateCode(%s) is %s', (state, code) => {
    expect(gstStateCode(state)).toBe(code);
  });

  it('knows no code for an unknown state', () => {
    expect(gstStateCode('Atlantis')).toBeNull();
    expect(gstStateCode('')).toBeNull();
  });

  it('accepts a legacy Daman and Diu GSTIN (25) for the merged territory', () => {
    const first14 = '25AAACI1681G1Z';
    const gstin = first14 + gstinCheckChar(first14);
    expect(validateGstin(gstin, 'Dadra and Nagar Haveli and Daman and Diu')).toEqual({
      ok: true,
      gstin,
    });
  });
});
