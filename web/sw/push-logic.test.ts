import { describe, expect, it } from 'vitest';
import { pushPayload } from '#shared/schemas/notifications.ts';
import {
  appPath,
  clickAction,
  fallbackLanguage,
  isLanguageMessage,
  isOpenMessage,
  LANGUAGE_MESSAGE,
  notificationFor,
  OPEN_MESSAGE,
  readPushPayload,
} from './push-logic.ts';

const ORIGIN = 'https://nearhire.example';
const FALLBACK = { title: 'NearHire', body: 'Something new is waiting for you.' };
const payload = {
  title: 'Priya Sharma',
  body: 'Can you come for an interview on Monday?',
  url: '/jobseeker-chat/42?job=7',
  tag: 'chat:42',
};

describe('appPath', () => {
  it('keeps a path of the app, with its query and hash', () => {
    expect(appPath('/jobseeker-chat/42?job=7', ORIGIN)).toBe('/jobseeker-chat/42?job=7');
    expect(appPath('/recruiter-messages/chat/9#end', ORIGIN)).toBe(
      '/recruiter-messages/chat/9#end',
    );
  });

  it('sends anything that could leave the app to its home', () => {
    for (const url of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '',
      null,
      42,
      undefined,
    ])
      expect(appPath(url, ORIGIN), String(url)).toBe('/');
  });
});

describe('readPushPayload', () => {
  it("reads what the server's schema allows, and nothing it refuses", () => {
    expect(readPushPayload(payload)).toEqual(payload);
    expect(pushPayload.safeParse(payload).success).toBe(true);
    for (const bad of [
      null,
      'text',
      { ...payload, url: 'https://evil.example/' },
      { ...payload, title: 3 },
      { title: 'x', body: 'y', url: '/' },
    ]) {
      expect(readPushPayload(bad)).toBeNull();
      expect(pushPayload.safeParse(bad).success).toBe(false);
    }
  });
});

describe('notificationFor', () => {
  it("shows the payload's title and body, folds a chat's messages by tag, and opens its chat", () => {
    expect(notificationFor(payload, ORIGIN, FALLBACK)).toEqual({
      title: 'Priya Sharma',
      options: {
        body: 'Can you come for an interview on Monday?',
        tag: 'chat:42',
        renotify: true,
        icon: '/icons/icon-192.png',
        badge: '/icons/badge-96.png',
        data: { url: '/jobseeker-chat/42?job=7' },
      },
    });
  });

  it('an address that would leave the app opens its home instead', () => {
    const spec = notificationFor({ ...payload, url: '//evil.example/chat' }, ORIGIN, FALLBACK);
    expect(spec.title).toBe('Priya Sharma');
    expect(spec.options.data).toEqual({ url: '/' });
  });

  it('without a tag, nothing is folded (renotify needs a tag)', () => {
    const spec = notificationFor({ ...payload, tag: '' }, ORIGIN, FALLBACK);
    expect(spec.options.tag).toBeUndefined();
    expect(spec.options.renotify).toBe(false);
  });

  it('a payload it cannot read still shows a notification (the browser insists), opening home', () => {
    for (const data of [
      null,
      'garbage',
      { title: '' },
      { ...payload, url: 'https://evil.example' },
    ])
      expect(notificationFor(data, ORIGIN, FALLBACK)).toMatchObject({
        title: 'NearHire',
        options: { body: FALLBACK.body, data: { url: '/' }, renotify: false },
      });
  });
});

describe('clickAction', () => {
  const win = (path: string, focused = false, visibilityState = 'hidden') => ({
    url: `${ORIGIN}${path}`,
    focused,
    visibilityState,
  });
  const data = { url: '/jobseeker-chat/42' };

  it('opens the app on the chat when no window of it is open', () => {
    expect(clickAction(data, ORIGIN, [])).toEqual({ kind: 'open', path: '/jobseeker-chat/42' });
    expect(
      clickAction(data, ORIGIN, [
        { url: 'https://other.example/', focused: true, visibilityState: 'visible' },
      ]),
    ).toEqual({
      kind: 'open',
      path: '/jobseeker-chat/42',
    });
  });

  it('focuses a window that already shows the chat', () => {
    expect(clickAction(data, ORIGIN, [win('/job-chats', true), win('/jobseeker-chat/42')])).toEqual(
      {
        kind: 'focus',
        index: 1,
      },
    );
  });

  it('otherwise takes the focused window there, then a visible one, then the most recent', () => {
    expect(
      clickAction(data, ORIGIN, [win('/a'), win('/b', true), win('/c', false, 'visible')]),
    ).toEqual({ kind: 'focus-and-go', index: 1, path: '/jobseeker-chat/42' });
    expect(clickAction(data, ORIGIN, [win('/a'), win('/c', false, 'visible')])).toEqual({
      kind: 'focus-and-go',
      index: 1,
      path: '/jobseeker-chat/42',
    });
    expect(clickAction(data, ORIGIN, [win('/a'), win('/b')])).toEqual({
      kind: 'focus-and-go',
      index: 0,
      path: '/jobseeker-chat/42',
    });
  });

  it('a notification without a usable address goes home', () => {
    expect(clickAction({ url: 'https://evil.example' }, ORIGIN, [])).toEqual({
      kind: 'open',
      path: '/',
    });
    expect(clickAction(null, ORIGIN, [])).toEqual({ kind: 'open', path: '/' });
  });
});

describe('isOpenMessage', () => {
  it("accepts the worker's message with an app path only", () => {
    expect(isOpenMessage({ type: OPEN_MESSAGE, path: '/job-chats' })).toBe(true);
    expect(isOpenMessage({ type: OPEN_MESSAGE, path: '//evil.example' })).toBe(false);
    expect(isOpenMessage({ type: OPEN_MESSAGE, path: 'https://evil.example' })).toBe(false);
    expect(isOpenMessage({ type: 'other', path: '/job-chats' })).toBe(false);
    expect(isOpenMessage(null)).toBe(false);
  });
});

describe('the language of the notification for a push the worker cannot read', () => {
  it('is the one the app told the worker, whatever the browser says', () => {
    expect(fallbackLanguage('hi', ['en-US', 'en'])).toBe('hi');
    expect(fallbackLanguage('en', ['hi-IN'])).toBe('en');
  });

  it("is the browser's first language we speak when the app told none (or nonsense)", () => {
    expect(fallbackLanguage(undefined, ['hi-IN', 'en'])).toBe('hi');
    expect(fallbackLanguage('fr', ['ta-IN', 'hi'])).toBe('hi');
    expect(fallbackLanguage(undefined, ['fr-FR'])).toBe('en');
    expect(fallbackLanguage(undefined, [])).toBe('en');
  });

  it("the app's message is read only with a language we have", () => {
    expect(isLanguageMessage({ type: LANGUAGE_MESSAGE, language: 'hi' })).toBe(true);
    for (const bad of [
      { type: LANGUAGE_MESSAGE, language: 'fr' },
      { type: LANGUAGE_MESSAGE },
      { type: 'other', language: 'hi' },
      'hi',
      null,
    ])
      expect(isLanguageMessage(bad), JSON.stringify(bad)).toBe(false);
  });
});
