import { describe, expect, it } from 'vitest';
import { clauseAt, normalize, sentences } from './normalize.ts';

describe('normalize', () => {
  it.each([
    // look-alike letters: full-width (NFKC), Cyrillic, Greek, mathematical bold
    ['Ｐａｙ the fee', 'pay the fee'],
    ['tеlеgrаm', 'telegram'],
    ['ааdhааr', 'aadhaar'],
    ['Τelegram', 'telegram'],
    ['𝐩𝐚𝐲 now', 'pay now'],
    // invisible characters
    ['regis\u200Btration f\u200Bee', 'registration fee'],
    ['t\u200Be\u200Bl\u200Be\u200Bg\u200Br\u200Ba\u200Bm', 'telegram'],
    ['whats\u00ADapp\uFEFF', 'whatsapp'],
    // spaced-out letters, with any separator, and a trailing dot
    ['p a y the r e g i s t r a t i o n amount', 'pay the registration amount'],
    ['W*h*a*t*s*A*p*p me', 'whatsapp me'],
    ['P.A.Y. 1499 rupees', 'pay 1499 rupees'],
    ['o.t.p bata do', 'otp bata do'],
    ['t-e-l-e-g-r-a-m', 'telegram'],
    // digits for letters inside words
    ['0TP', 'otp'],
    ['f0ll0w + l1ke task', 'follow + like task'],
    ['wh4tsapp', 'whatsapp'],
    // a phone number spelled out, alone or mixed with digits; short runs stay words
    ['nine eight seven six five four three two one zero', '9876543210'],
    ['98765 four three two one zero', '9876543210'],
    ['नौ आठ सात छह पांच चार तीन दो एक शून्य', '9876543210'],
    ['one or two days, five six seven', 'one or two days, five six seven'],
    // spaced-out link
    ['t . me / jobsindia_official', 't.me/jobsindia_official'],
    // amounts
    ['Rs.1500/-', '₹1500/-'],
    ['Rs. 3,500 (refundable)', '₹3500 (refundable)'],
    ['₹ 1,500', '₹1500'],
    ['INR 850', '₹850'],
    ['rupees 1,00,000', '₹100000'],
    ['५०० रुपये', '500 रुपये'],
    // Devanagari spelling: nukta dropped, candrabindu as anusvara
    ['रोज़ फ़ीस', 'रोज फीस'],
    ['पहुँच', 'पहुंच'],
    // whitespace
    ['  pay \t now  ', 'pay now'],
  ])('%s → %s', (input, expected) => {
    expect(normalize(input)).toBe(expected);
  });

  it.each([
    '10th pass',
    '1k',
    '24x7',
    '9am',
    '4.5 lpa',
    '98xxxxxx40',
    '5star',
    '2wheeler',
    'sector62',
    'hr@brightcareers.in',
    'anand.hr@oksbi',
    'a b', // two single letters are words ("a", "i"), not a spaced-out word
  ])('leaves %s alone', (input) => {
    expect(normalize(input)).toBe(input);
  });

  it('keeps line breaks, which end sentences', () => {
    expect(normalize('pay now\n\n  then join')).toBe('pay now\nthen join');
  });
});

describe('sentences', () => {
  it('splits at end marks, line breaks and a full stop before a space', () => {
    expect(sentences('pay now. join t.me/x! ok? yes\nno । हाँ')).toEqual([
      'pay now.',
      'join t.me/x!',
      'ok?',
      'yes',
      'no ।',
      'हाँ',
    ]);
  });

  it('keeps decimals, links, UPI ids and amounts whole', () => {
    expect(sentences('4.5 lpa, pay hr.desk@okaxis ₹1500/-. done')).toEqual([
      '4.5 lpa, pay hr.desk@okaxis ₹1500/-.',
      'done',
    ]);
  });
});

describe('clauseAt', () => {
  const sentence = 'no fees at any stage, pay ₹500 for the form';
  it('returns the clause around a position', () => {
    expect(clauseAt(sentence, sentence.indexOf('pay')).trim()).toBe('pay ₹500 for the form');
    expect(clauseAt(sentence, 0)).toBe('no fees at any stage');
  });

  it('does not split amounts at their commas', () => {
    expect(clauseAt('pay 1,500 now', 0)).toBe('pay 1,500 now');
  });
});
