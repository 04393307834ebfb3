import { describe, expect, it } from 'vitest';
import { lookup, translate, type Catalogue } from './translate.ts';
import { english } from './messages.ts';

const en: Catalogue = {
  chat: { sent: 'Sent to {{name}}', items_one: '{{count}} item', items_other: '{{count}} items' },
  only: { plain: '{{count}} things' },
};
const hi: Catalogue = { chat: { sent: '{{name}} को भेजा गया' } };

describe('translate', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate([en], 'en', 'chat.sent', { name: 'Ravi' })).toBe('Sent to Ravi');
    expect(translate([en], 'en', 'chat.sent')).toBe('Sent to {{name}}');
  });

  it('picks the CLDR plural form of the language', () => {
    expect(translate([en], 'en', 'chat.items', { count: 1 })).toBe('1 item');
    expect(translate([en], 'en', 'chat.items', { count: 0 })).toBe('0 items');
    expect(translate([en], 'en', 'chat.items', { count: 5 })).toBe('5 items');
    // Hindi (CLDR): 0 and 1 are both "one".
    expect(translate([en], 'hi', 'chat.items', { count: 0 })).toBe('0 item');
    // No plural forms: the key itself.
    expect(translate([en], 'en', 'only.plain', { count: 1 })).toBe('1 things');
  });

  it("falls back to English where the language's catalogue has no text", () => {
    expect(translate([hi, en], 'hi', 'chat.sent', { name: 'रवि' })).toBe('रवि को भेजा गया');
    expect(translate([hi, en], 'hi', 'chat.items', { count: 3 })).toBe('3 items');
  });

  it('shows the default value, or the key, for a text nobody has', () => {
    expect(translate([en], 'en', 'chat.nope', { defaultValue: 'spam' })).toBe('spam');
    expect(translate([en], 'en', 'chat.nope')).toBe('chat.nope');
    expect(lookup(en, 'chat')).toBeUndefined();
    expect(lookup(en, 'chat.sent.deeper')).toBeUndefined();
  });

  it('reads the real English catalogue', () => {
    expect(english('login.resendIn', { seconds: 30 })).toBe('Resend OTP in 30s');
    expect(english('unread.labelWithCount', { label: 'Messages', count: 1 })).toBe(
      'Messages, 1 unread chat',
    );
  });
});
