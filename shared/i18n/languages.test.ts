import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, visitorLanguage } from './languages.ts';
import { prerenderedFile } from '../prerendered.ts';

// Which language a page is sent in to someone without an account (decision 026).

describe('a visitor’s language', () => {
  it('is the choice kept in the cookie, whatever the browser asks for', () => {
    expect(visitorLanguage('hi', 'en-US,en;q=0.9')).toBe('hi');
    expect(visitorLanguage('en', 'hi-IN,hi;q=0.9')).toBe('en');
  });

  it("is the browser's Accept-Language without a choice, or with one we do not speak", () => {
    expect(visitorLanguage(undefined, 'hi-IN,hi;q=0.9,en;q=0.8')).toBe('hi');
    expect(visitorLanguage('fr', 'hi')).toBe('hi');
    expect(visitorLanguage(undefined, 'en-IN')).toBe('en');
    expect(visitorLanguage(undefined, undefined)).toBe('en');
    expect(languageFromAcceptLanguage('fr, en;q=0.5, hi;q=0.7')).toBe('hi');
  });

  it('names the prerendered page of each language', () => {
    expect(prerenderedFile('login.html', 'en')).toBe('login.html');
    expect(prerenderedFile('login.html', 'hi')).toBe('login.hi.html');
  });
});
