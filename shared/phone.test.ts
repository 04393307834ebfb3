import { describe, expect, it } from 'vitest';
import { normalizePhone } from './phone.ts';
import { loginCodeSchema, phoneSchema } from './schemas/auth.ts';
import { truncateCode } from './login-code.ts';

describe('normalizePhone', () => {
  it.each([
    ['9876543210', '+919876543210'],
    ['+919876543210', '+919876543210'],
    ['+91 98765 43210', '+919876543210'],
    ['98765-43210', '+919876543210'],
    ['(987) 654-3210', '+919876543210'],
    ['  6000000000 ', '+916000000000'],
  ])('accepts %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each([
    '987654321', // 9 digits
    '98765432101', // 11 digits
    '+9198765432', // +91 with 8 digits
    '+9298765432101',
    '919876543210', // country code without +
    '5876543210', // not a mobile prefix
    'abcdefghij',
    '98765x3210',
    '',
    '+91',
  ])('rejects %s', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });
});

describe('phoneSchema', () => {
  it('yields the normalised number', () => {
    expect(phoneSchema.parse('98765 43210')).toBe('+919876543210');
  });
  it("carries the spec's message", () => {
    const result = phoneSchema.safeParse('12345');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please enter a valid 10-digit phone number');
  });
  it('rejects a non-string with the same message', () => {
    expect(phoneSchema.safeParse(9876543210).error?.issues[0]?.message).toBe(
      'Please enter a valid 10-digit phone number',
    );
  });
});

describe('login code', () => {
  it('accepts exactly six digits', () => {
    expect(loginCodeSchema.safeParse('012345').success).toBe(true);
  });
  it.each(['', '12345', '1234567', '12a456', ' 123456', '12345.'])('rejects %j', (code) => {
    const result = loginCodeSchema.safeParse(code);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please enter a valid 6-digit OTP');
  });
  it('truncates input to six digits and drops non-digits', () => {
    expect(truncateCode('1234567890')).toBe('123456');
    expect(truncateCode('12 34-5a6')).toBe('123456');
    expect(truncateCode('12')).toBe('12');
  });
});
