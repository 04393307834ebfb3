import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpSmsDriver, SmsDeliveryError } from './sms.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { chooseLanguage } from '../test/users.ts';

// A real local HTTP server standing in for the MSG91 flow API: it records every request and
// answers however the test tells it to.
interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Gateway {
  url: string;
  received: Received[];
  /** How the next requests are answered (default: 200 with MSG91's success body). */
  answer: (res: ServerResponse) => void;
  /** Runs `fn` after `ms`, unless the gateway closes first. */
  later(ms: number, fn: () => void): void;
  close(): Promise<void>;
}

const success = (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"type":"success","message":"3763646c3058313234393432"}');
};

async function startGateway(): Promise<Gateway> {
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      gateway.received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      gateway.answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const gateway: Gateway = {
    url: `http://127.0.0.1:${port}/api/v5/flow`,
    received: [],
    answer: success,
    later(ms, fn) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        fn();
      }, ms);
      timers.add(timer);
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return gateway;
}

const driverOptions = (url: string) => ({
  url,
  authKey: 'test-auth-key-123',
  senderId: 'NRHIRE',
  templateId: 'tmpl-6650f0c1d6fc05',
  notifyTemplateId: 'tmpl-notify-77a1',
});
const message = (to: string, otp: string) => ({
  to,
  text: `${otp} is your NearHire login code.`,
  vars: { otp },
});

let gw: Gateway;
beforeAll(async () => {
  gw = await startGateway();
});
afterEach(() => {
  gw.answer = success;
  gw.received.length = 0;
});
afterAll(async () => {
  await gw.close();
});

describe('httpSmsDriver', () => {
  it('posts the MSG91 flow request: auth key header, template, sender, 91-prefixed number, otp', async () => {
    await httpSmsDriver(driverOptions(gw.url)).send(message('+919876512345', '482913'));

    expect(gw.received).toHaveLength(1);
    const [req] = gw.received;
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe('/api/v5/flow');
    expect(req!.headers.authkey).toBe('test-auth-key-123');
    expect(req!.headers['content-type']).toMatch(/^application\/json/);
    const body = JSON.parse(req!.body);
    expect(body.template_id).toBe('tmpl-6650f0c1d6fc05');
    expect(body.sender).toBe('NRHIRE');
    expect(body.recipients).toHaveLength(1);
    expect(body.recipients[0].mobiles).toBe('919876512345');
    expect(body.recipients[0].mobiles).toMatch(/^91\d{10}$/);
    expect(body.recipients[0].otp).toBe('482913');
  });

  it("the SMS fallback goes with its own DLT template (SMS_NOTIFY_TEMPLATE_ID), never the login code's", async () => {
    await httpSmsDriver(driverOptions(gw.url)).send({
      to: '+919876512349',
      text: 'New message from Asha on NearHire: https://nearhire.in/x',
      vars: { name: 'Asha', link: 'https://nearhire.in/x' },
      template: 'notify',
    });
    const body = JSON.parse(gw.received[0]!.body);
    expect(body.template_id).toBe('tmpl-notify-77a1');
    expect(body.recipients).toEqual([
      { mobiles: '919876512349', name: 'Asha', link: 'https://nearhire.in/x' },
    ]);
    const without = { ...driverOptions(gw.url), notifyTemplateId: undefined };
    await expect(
      httpSmsDriver(without).send({ ...message('+919876512349', '1'), template: 'notify' }),
    ).rejects.toBeInstanceOf(SmsDeliveryError);
    expect(gw.received).toHaveLength(1);
  });

  it('a non-2xx answer is a failed delivery', async () => {
    gw.answer = (res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end('{"type":"error","message":"Authentication failure"}');
    };
    const sending = httpSmsDriver(driverOptions(gw.url)).send(message('+919876512346', '111111'));
    await expect(sending).rejects.toBeInstanceOf(SmsDeliveryError);
    await expect(sending).rejects.toThrow(/401/);
    expect(gw.received).toHaveLength(1);
  });

  it('a 200 answer with {"type":"error"} is a failed delivery', async () => {
    gw.answer = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"type": "error", "message": "Invalid template id"}');
    };
    const sending = httpSmsDriver(driverOptions(gw.url)).send(message('+919876512347', '222222'));
    await expect(sending).rejects.toBeInstanceOf(SmsDeliveryError);
    await expect(sending).rejects.toThrow(/Invalid template id/);
  });

  it('a refusal that echoes the request keeps the number and the code out of the error (logs)', async () => {
    gw.answer = (res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end('{"type":"error","request":{"mobiles":"919876512350","otp":"652158"}}');
    };
    const sending = httpSmsDriver(driverOptions(gw.url)).send(message('+919876512350', '652158'));
    const err = (await sending.catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(SmsDeliveryError);
    expect(err.message).toMatch(/400/);
    expect(err.message).not.toMatch(/9876512350|652158/);
  });

  it('an unreachable gateway is a failed delivery', async () => {
    // A port that was free a moment ago and has nobody listening now.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const sending = httpSmsDriver(driverOptions(`http://127.0.0.1:${port}/api/v5/flow`)).send(
      message('+919876512348', '333333'),
    );
    await expect(sending).rejects.toBeInstanceOf(SmsDeliveryError);
    await expect(sending).rejects.toThrow(/unreachable/);
  });

  it('a gateway slower than timeoutMs is a failed delivery, without waiting for it', async () => {
    gw.answer = (res) => gw.later(3000, () => success(res));
    const started = Date.now();
    const sending = httpSmsDriver({ ...driverOptions(gw.url), timeoutMs: 150 }).send(
      message('+919876512349', '444444'),
    );
    await expect(sending).rejects.toBeInstanceOf(SmsDeliveryError);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(100);
    expect(elapsed).toBeLessThan(2500);
    expect(gw.received).toHaveLength(1);
  });
});

describe('POST /api/auth/otp with the HTTP SMS driver', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      sms: { driver: 'http', ...driverOptions(gw.url), templateIdHi: 'tmpl-login-hi' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const requestCode = (phone: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { phone }, remoteAddress: ip });

  it('delivers the login code to the gateway, and that code logs in', async () => {
    const phone = '9123400001';
    const sent = await requestCode(phone, '10.3.0.1');
    expect(sent.statusCode).toBe(200);

    expect(gw.received).toHaveLength(1);
    const body = JSON.parse(gw.received[0]!.body);
    expect(gw.received[0]!.headers.authkey).toBe('test-auth-key-123');
    expect(body.recipients[0].mobiles).toBe(`91${phone}`);
    const otp = body.recipients[0].otp;
    expect(otp).toMatch(/^\d{6}$/);
    // The real gateway carries the code; the dev outbox does not see it.
    expect(t.ctx.outbox.list(`+91${phone}`)).toEqual([]);

    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { phone, code: otp },
      remoteAddress: '10.3.0.1',
    });
    expect(verified.statusCode).toBe(200);
  });

  it('goes with the Hindi DLT template (SMS_TEMPLATE_ID_HI) for a Hindi browser or account', async () => {
    const templateOf = (i: number) => JSON.parse(gw.received[i]!.body).template_id as string;
    const hindiVisitor = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp',
      payload: { phone: '9123400011' },
      headers: { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' },
      remoteAddress: '10.3.0.11',
    });
    expect(hindiVisitor.statusCode).toBe(200);
    expect(templateOf(0)).toBe('tmpl-login-hi');

    // An account that chose Hindi gets it from an English browser too; its code still logs in.
    const phone = '9123400012';
    expect((await requestCode(phone, '10.3.0.12')).statusCode).toBe(200);
    expect(templateOf(1)).toBe('tmpl-6650f0c1d6fc05');
    const otp = JSON.parse(gw.received[1]!.body).recipients[0].otp as string;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { phone, code: otp },
      remoteAddress: '10.3.0.12',
    });
    expect(login.statusCode).toBe(200);
    const sid = login.cookies.find((c) => c.name === 'sid')!;
    await chooseLanguage(t, `sid=${sid.value}`, 'hi');
    await t.ctx.db.query(
      `UPDATE one_time_codes SET created_at = created_at - interval '1 minute' WHERE target = $1`,
      [`+91${phone}`],
    );
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp',
      payload: { phone },
      headers: { 'accept-language': 'en' },
      remoteAddress: '10.3.0.12',
    });
    expect(again.statusCode).toBe(200);
    expect(templateOf(2)).toBe('tmpl-login-hi');
  });

  it('a gateway failure answers 502, withdraws the code, and an immediate retry is allowed', async () => {
    const phone = '8123400002';
    gw.answer = (res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('upstream exploded');
    };
    const failed = await requestCode(phone, '10.3.0.2');
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({
      error: {
        code: 'login.sendFailed',
        key: 'login.sendFailed',
        message: 'Failed to send OTP. Please try again.',
      },
    });
    expect(failed.body).not.toContain('upstream exploded');
    expect(gw.received).toHaveLength(1);

    // Nothing of the failed attempt is left to hold the cooldown or count against the limits.
    const codes = await t.ctx.db.query('SELECT id FROM one_time_codes WHERE target = $1', [
      `+91${phone}`,
    ]);
    expect(codes).toEqual([]);
    const events = await t.ctx.db.query('SELECT at FROM rate_events WHERE key = $1', [
      `+91${phone}`,
    ]);
    expect(events).toEqual([]);

    gw.answer = success;
    const retry = await requestCode(phone, '10.3.0.2');
    expect(retry.statusCode).toBe(200);
    expect(gw.received).toHaveLength(2);
    expect(JSON.parse(gw.received[1]!.body).recipients[0].otp).toMatch(/^\d{6}$/);

    // And the cooldown still applies to a code that was delivered.
    const tooSoon = await requestCode(phone, '10.3.0.2');
    expect(tooSoon.statusCode).toBe(429);
  });

  it('a gateway that refuses with 200 {"type":"error"} also answers 502', async () => {
    const phone = '7123400003';
    gw.answer = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"type":"error","message":"Insufficient balance"}');
    };
    const failed = await requestCode(phone, '10.3.0.3');
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.message).toBe('Failed to send OTP. Please try again.');
  });
});
