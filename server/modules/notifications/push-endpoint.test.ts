import { describe, expect, it } from 'vitest';
import { endpointAllowed } from './push.ts';

// A subscription is a URL a client hands the server, which then POSTs to it: in production only
// the browsers' push services are accepted (the server cannot be pointed at internal hosts).
describe('push endpoints the server sends to', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
    'https://wns2-pn1p.notify.windows.com/w/?token=BQYAAA',
    'https://web.push.apple.com/QGuQyavXutnMH',
  ])('production: %s', (endpoint) => {
    expect(endpointAllowed(endpoint, true)).toBe(true);
  });

  it.each([
    ['plain http', 'http://fcm.googleapis.com/fcm/send/x'],
    ['another port', 'https://fcm.googleapis.com:8443/fcm/send/x'],
    ['an IP address', 'https://10.0.0.5/push'],
    ['loopback', 'https://127.0.0.1/push'],
    ['a look-alike host', 'https://fcm.googleapis.com.attacker.in/x'],
    ['a suffix without the dot', 'https://evilnotify.windows.com/x'],
    ['an internal name', 'https://metadata.google.internal/computeMetadata/v1/'],
    ['credentials in the URL', 'https://user:pw@fcm.googleapis.com/x'],
    ['not a URL', 'fcm.googleapis.com/x'],
  ])('production refuses %s', (_why, endpoint) => {
    expect(endpointAllowed(endpoint, true)).toBe(false);
  });

  it('development takes any http(s) URL (the tests play the push service locally), nothing else', () => {
    expect(endpointAllowed('http://127.0.0.1:4100/push/1', false)).toBe(true);
    expect(endpointAllowed('ftp://127.0.0.1/push', false)).toBe(false);
  });
});
