import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { english } from '#shared/i18n/messages.ts';
import { textIn } from '#shared/i18n/texts.ts';
import { pushPayload } from '#shared/schemas/notifications.ts';
import { lastCode, listeningTestApp, type TestApp } from '../../test/app.ts';
import { chatPair, fetchAs } from '../../test/chat.ts';
import { freshPhone, newUser, type TestUser } from '../../test/users.ts';
import { HOUR, MINUTE, testClock } from '../../test/clock.ts';
import {
  browserSubscription,
  startPushService,
  type PushService,
} from '../../test/push-service.ts';
import { ist } from '../notifications/quiet-hours.ts';
import { connectWs } from '../../test/ws.ts';
import type { SocketSendReply } from '#shared/schemas/chat.ts';

// Each user's language (issue 17, decision 026), over real HTTP: set it, see it in /api/me, get
// error answers, the login SMS, pushes and the SMS fallback in it. The push service is a local
// HTTP server that decrypts what the app sends; SMS are read from the dev outbox over HTTP.

const clock = testClock();
let t: TestApp;
let base: string;
let push: PushService;

beforeAll(async () => {
  ({ t, base } = await listeningTestApp({}, { notifications: { clock, poll: false } }));
  push = await startPushService();
});
afterAll(async () => {
  await t.close();
  await push.close();
});

interface ErrorBody {
  error: { code: string; message: string; key: string; vars?: Record<string, string | number> };
}

const setLanguage = (u: TestUser, language: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/me/language`, {
    method: 'PUT',
    headers: { cookie: u.cookie, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ language }),
  });

async function hindiUser(role: 'user' | 'recruiter' | null = null): Promise<TestUser> {
  const u = await newUser(t, role);
  expect((await setLanguage(u, 'hi')).status).toBe(200);
  return u;
}

/** The dev outbox's messages to a phone, newest first, read over HTTP. */
async function outbox(phone: string): Promise<{ text: string }[]> {
  const res = await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(phone)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: { text: string }[] }).messages;
}

describe('PUT /api/me/language', () => {
  it('remembers the language per user and /api/me returns it (null until chosen)', async () => {
    const u = await newUser(t, 'user');
    const me = async () =>
      ((await (await fetchAs(base, u, 'GET', '/api/me')).json()) as { user: { language: unknown } })
        .user.language;
    expect(await me()).toBeNull();

    const res = await setLanguage(u, 'hi');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { language: string } }).user.language).toBe('hi');
    expect(await me()).toBe('hi');

    expect((await setLanguage(u, 'en')).status).toBe(200);
    expect(await me()).toBe('en');
  });

  it.each([['fr'], ['HI'], [''], [null], [7]])(
    'refuses %j with 400 and a message that says what to choose',
    async (value) => {
      const u = await newUser(t, null);
      const res = await setLanguage(u, value);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: {
          code: 'errors.badRequest',
          key: 'language.invalid',
          message: 'Please choose English or Hindi.',
        },
      });
    },
  );

  it('needs a session', async () => {
    const res = await fetch(`${base}/api/me/language`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ language: 'hi' }),
    });
    expect(res.status).toBe(401);
  });
});

describe('error answers in the user’s language, with their key and variables', () => {
  it('a Hindi user gets Hindi, whatever the browser asks for', async () => {
    const u = await hindiUser('user');
    const res = await fetch(`${base}/api/me/language`, {
      method: 'PUT',
      headers: {
        cookie: u.cookie,
        'content-type': 'application/json',
        'accept-language': 'en-IN,en;q=0.9',
      },
      body: JSON.stringify({ language: 'de' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error).toEqual({
      code: 'errors.badRequest',
      key: 'language.invalid',
      message: 'कृपया English या हिन्दी चुनें।',
    });

    const missing = await fetchAs(base, u, 'GET', `/api/jobs/${randomUUID()}`);
    expect(missing.status).toBe(404);
    const body = (await missing.json()) as ErrorBody;
    expect(body.error.key).toBe(body.error.code);
    expect(body.error.message).toBe(textIn('hi', body.error.code as 'jobs.notFound'));
    expect(body.error.message).toMatch(/[\u0900-\u097F]/);
  });

  it('an English user gets English even when the browser prefers Hindi', async () => {
    const u = await newUser(t, 'user');
    expect((await setLanguage(u, 'en')).status).toBe(200);
    const res = await setLanguage(u, 'xx', { 'accept-language': 'hi-IN,hi;q=0.9' });
    expect(((await res.json()) as ErrorBody).error.message).toBe(english('language.invalid'));
  });

  it('a visitor gets the Accept-Language; a limit keeps its numbers (vars) and says its wait in Hindi', async () => {
    const phone = `+91${freshPhone('96')}`;
    const ask = () =>
      fetch(`${base}/api/auth/otp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8',
        },
        body: JSON.stringify({ phone }),
      });
    expect((await ask()).status).toBe(200);
    const again = await ask();
    expect(again.status).toBe(429);
    const seconds = Number(again.headers.get('retry-after'));
    const { error } = (await again.json()) as ErrorBody;
    expect(error).toEqual({
      code: 'login.resendTooSoon',
      key: 'login.resendTooSoon',
      vars: { seconds },
      message: `दूसरा OTP मँगाने से पहले ${seconds} सेकंड रुकें।`,
    });

    const badPhone = await fetch(`${base}/api/auth/otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'hi' },
      body: JSON.stringify({ phone: '12' }),
    });
    expect(((await badPhone.json()) as ErrorBody).error).toEqual({
      code: 'errors.badRequest',
      key: 'login.invalidPhone',
      message: 'कृपया सही 10 अंकों का फ़ोन नंबर डालें',
    });
  });

  it('a form step checked in its handler (the onboarding step in the path) answers in Hindi too', async () => {
    const u = await hindiUser('user');
    const res = await fetchAs(base, u, 'PUT', '/api/onboarding/seeker/1', { fullName: 'Asha' });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as ErrorBody;
    expect(error.code).toBe('errors.badRequest');
    expect(error.key).toMatch(/^onboarding\./);
    expect(error.message).toBe(textIn('hi', error.key as 'onboarding.photoRequired'));
    expect(error.message).toMatch(/[\u0900-\u097F]/);
  });

  it('a chat message refused on the socket is answered like HTTP: Hindi, with its key', async () => {
    const { s: seeker, room } = await chatPair(t, base, 'Asha Rao');
    expect((await setLanguage(seeker, 'hi')).status).toBe(200);
    const ws = await connectWs(base, seeker.cookie);
    await ws.next((e) => e.type === 'hello');
    ws.socket.send(
      JSON.stringify({
        type: 'message.send',
        ref: 'r1',
        roomId: room,
        clientId: randomUUID(),
        message: '   ',
      }),
    );
    const reply = (await ws.next(
      (e) => e.type === 'message.nack' && e.ref === 'r1',
    )) as SocketSendReply;
    expect(reply).toEqual({
      type: 'message.nack',
      ref: 'r1',
      error: {
        status: 400,
        code: 'errors.badRequest',
        key: 'chat.messageEmpty',
        message: 'मैसेज खाली नहीं हो सकता',
      },
    });
    ws.close();
  });

  it("a visitor's own choice on this device (the lang cookie) comes before the browser's Accept-Language", async () => {
    const english = { 'accept-language': 'en-IN,en;q=0.9' };
    // Requests that carry the device's cookie but not the app's own Accept-Language (the web app
    // sends the language it shows): a refusal decided before any session is read, and a form's.
    const crossSite = await fetch(`${base}/api/auth/otp`, {
      method: 'POST',
      headers: {
        ...english,
        cookie: 'lang=hi',
        origin: 'https://elsewhere.example',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ phone: `+91${freshPhone('96')}` }),
    });
    expect(crossSite.status).toBe(403);
    expect(((await crossSite.json()) as ErrorBody).error).toEqual({
      code: 'errors.badOrigin',
      key: 'errors.badOrigin',
      message: textIn('hi', 'errors.badOrigin'),
    });
    const validation = await fetch(`${base}/api/auth/otp`, {
      method: 'POST',
      headers: { ...english, cookie: 'lang=hi', 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '12' }),
    });
    expect(((await validation.json()) as ErrorBody).error.message).toBe(
      'कृपया सही 10 अंकों का फ़ोन नंबर डालें',
    );
    // No choice on the device: the browser's language.
    const noChoice = await fetch(`${base}/api/nothing-here`, { headers: english });
    expect(((await noChoice.json()) as ErrorBody).error.message).toBe(
      textIn('en', 'errors.notFound'),
    );
  });

  it('unknown routes answer in the language too', async () => {
    const res = await fetch(`${base}/api/nothing-here`, { headers: { 'accept-language': 'hi' } });
    expect(res.status).toBe(404);
    expect(((await res.json()) as ErrorBody).error).toEqual({
      code: 'errors.notFound',
      key: 'errors.notFound',
      message: 'नहीं मिला',
    });
  });
});

describe('SMS and notifications in the recipient’s language', () => {
  it('the login code SMS of a Hindi account is in Hindi, and its code still logs in', async () => {
    const u = await hindiUser();
    const phone = `+91${u.phone}`;
    // The cooldown after the login that made the account.
    await t.ctx.db.query(
      `UPDATE one_time_codes SET created_at = created_at - interval '1 minute' WHERE target = $1`,
      [phone],
    );
    const res = await fetch(`${base}/api/auth/otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ phone: u.phone }),
    });
    expect(res.status).toBe(200);
    const [newest] = await outbox(phone);
    const code = lastCode(t, phone);
    expect(newest!.text).toBe(textIn('hi', 'login.smsText', { code }));
    expect(newest!.text).toContain('आपका NearHire लॉग इन कोड');
  });

  it('a Hindi seeker gets the push title and the SMS fallback in Hindi; the English recruiter gets English', async () => {
    const { r, s, room } = await chatPair(t, base, 'Asha Rao');
    expect((await setLanguage(s, 'hi')).status).toBe(200);
    const sub = browserSubscription(`${push.origin}/push/${randomUUID()}`);
    expect(
      (
        await fetchAs(base, s, 'POST', '/api/push/subscriptions', {
          endpoint: sub.endpoint,
          expirationTime: null,
          keys: sub.keys,
        })
      ).status,
    ).toBe(204);

    // Tomorrow 12:00 IST: outside the SMS quiet hours.
    const day = new Date(Date.now() + 5.5 * HOUR + 24 * HOUR).toISOString().slice(0, 10);
    const noon = ist(`${day} 12:00`);
    clock.set(noon);
    const sent = await fetchAs(base, r, 'POST', `/api/rooms/${room}/messages`, {
      clientId: randomUUID(),
      message: 'Kal interview ke liye aa sakte ho?',
    });
    expect(sent.status).toBe(201);
    const id = ((await sent.json()) as { message: { id: number } }).message.id;
    await t.ctx.db.query('UPDATE chat_messages SET sent_at = $2::timestamptz WHERE id = $1', [
      id,
      noon.toISOString(),
    ]);
    await t.ctx.notifications.drain();

    await push.waitFor(1);
    const got = push.received
      .filter((p) => p.path === new URL(sub.endpoint).pathname)
      .map((p) => pushPayload.parse(JSON.parse(sub.decrypt(p.body))));
    expect(got.map((p) => p.title)).toEqual(['Test Recruiter का नया मैसेज']);

    clock.set(new Date(noon.getTime() + 31 * MINUTE));
    await t.ctx.notifications.drain();
    const sms = (await outbox(`+91${s.phone}`)).filter((m) => m.text.includes('नया मैसेज'));
    expect(sms.map((m) => m.text)).toEqual([
      `NearHire पर Test Recruiter का नया मैसेज: ${t.ctx.config.publicOrigin}/jobseeker-chat/${r.id}`,
    ]);

    // The other way round: the recruiter has not chosen a language, so English.
    const back = await fetchAs(base, s, 'POST', `/api/rooms/${room}/messages`, {
      clientId: randomUUID(),
      message: 'Haan, zaroor',
    });
    expect(back.status).toBe(201);
    const backId = ((await back.json()) as { message: { id: number } }).message.id;
    await t.ctx.db.query('UPDATE chat_messages SET sent_at = $2::timestamptz WHERE id = $1', [
      backId,
      new Date(noon.getTime() + 32 * MINUTE).toISOString(),
    ]);
    clock.set(new Date(noon.getTime() + 70 * MINUTE));
    await t.ctx.notifications.drain();
    const toRecruiter = (await outbox(`+91${r.phone}`)).filter((m) =>
      m.text.startsWith('New message from'),
    );
    expect(toRecruiter.map((m) => m.text)).toEqual([
      english('notifications.sms.newMessage', {
        name: 'Asha Rao',
        link: `${t.ctx.config.publicOrigin}/recruiter-messages/chat/${s.id}`,
      }),
    ]);
  });
});
