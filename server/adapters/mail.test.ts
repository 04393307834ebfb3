import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { MailDeliveryError, smtpMailDriver } from './mail.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { newUser } from '../test/users.ts';

interface Received {
  from: string;
  to: string[];
  data: string;
  user?: string;
}

// A real SMTP server on a local port that records every message it accepts.
let server: SMTPServer;
let port: number;
const received: Received[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    onAuth(auth, _session, cb) {
      if (auth.username === 'mailer' && auth.password === 's3cret')
        return cb(null, { user: 'mailer' });
      cb(new Error('bad credentials'));
    },
    // A relay that knows the mailbox is gone says so with the address in its answer.
    onRcptTo(address, _session, cb) {
      if (!address.address.toLowerCase().startsWith('nobody')) return cb();
      const err = new Error(`<${address.address}>: Recipient address rejected: User unknown`);
      Object.assign(err, { responseCode: 550 });
      cb(err);
    },
    onData(stream, session, cb) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
          user: session.user as string | undefined,
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('SMTP mail driver', () => {
  it('delivers to a real SMTP server with authentication', async () => {
    const driver = smtpMailDriver(
      `smtp://mailer:s3cret@127.0.0.1:${port}?tls=off`,
      'NearHire <no-reply@nearhire.in>',
    );
    await driver.send({ to: 'hr@acmetools.in', subject: 'Code', text: 'Your code is 123456' });
    const last = received.at(-1)!;
    expect(last.to).toEqual(['hr@acmetools.in']);
    expect(last.from).toBe('no-reply@nearhire.in');
    expect(last.user).toBe('mailer');
    expect(last.data).toContain('Subject: Code');
    expect(last.data).toContain('Your code is 123456');
  });

  it('wrong credentials and an unreachable server are delivery errors', async () => {
    const wrong = smtpMailDriver(`smtp://mailer:nope@127.0.0.1:${port}?tls=off`, 'a@b.in');
    await expect(wrong.send({ to: 'x@y.in', subject: 's', text: 't' })).rejects.toBeInstanceOf(
      MailDeliveryError,
    );
    const closed = smtpMailDriver('smtp://127.0.0.1:1?tls=off', 'a@b.in');
    await expect(closed.send({ to: 'x@y.in', subject: 's', text: 't' })).rejects.toBeInstanceOf(
      MailDeliveryError,
    );
  });

  it("a refusal's message keeps the domain, not the address (it goes to the logs)", async () => {
    const driver = smtpMailDriver(`smtp://127.0.0.1:${port}?tls=off`, 'a@b.in');
    const err = await driver
      .send({ to: 'Nobody.Here@Zenfoods.co.in', subject: 's', text: 't' })
      .catch((e: unknown) => e as Error);
    expect(err).toBeInstanceOf(MailDeliveryError);
    expect((err as Error).message).toMatch(/^SMTP delivery failed: .*550/);
    expect((err as Error).message).toMatch(/\*\*\*@zenfoods\.co\.in/i);
    expect((err as Error).message.toLowerCase()).not.toContain('nobody.here');
  });

  describe('through the company verification API', () => {
    let t: TestApp;
    const logLines: string[] = [];
    beforeAll(async () => {
      t = await createTestApp(
        {
          logLevel: 'info',
          mail: {
            driver: 'smtp',
            url: `smtp://127.0.0.1:${port}?tls=off`,
            from: 'NearHire <no-reply@nearhire.in>',
          },
        },
        { logStream: { write: (line: string) => void logLines.push(line) } },
      );
    });
    afterAll(async () => {
      await t.close();
    });

    it('sends the verification code by SMTP, and the code verifies the company', async () => {
      const r = await newUser(t, 'recruiter');
      await t.ctx.db.query(
        `INSERT INTO recruiter_profiles (user_id, full_name, company_name) VALUES ($1, 'R', 'Zen Foods')`,
        [r.id],
      );
      await t.ctx.db.query('UPDATE users SET onboarding_step = 3 WHERE id = $1', [r.id]);
      const id = { websiteUrl: 'https://zenfoods.co.in', email: 'talent@zenfoods.co.in' };
      const send = await t.app.inject({
        method: 'POST',
        url: '/api/company/verification/send',
        payload: id,
        headers: { cookie: r.cookie },
      });
      expect(send.statusCode).toBe(204);
      const mail = received.at(-1)!;
      expect(mail.to).toEqual(['talent@zenfoods.co.in']);
      const code = mail.data.match(/code is (\d{6})/)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/company/verification/verify',
        payload: { ...id, code },
        headers: { cookie: r.cookie },
      });
      expect(ok.statusCode).toBe(200);
    });

    it('a refused address is a 502 to the recruiter and no address in the logs', async () => {
      const r = await newUser(t, 'recruiter');
      await t.ctx.db.query(
        `INSERT INTO recruiter_profiles (user_id, full_name, company_name) VALUES ($1, 'R', 'Zen Foods')`,
        [r.id],
      );
      await t.ctx.db.query('UPDATE users SET onboarding_step = 3 WHERE id = $1', [r.id]);
      logLines.length = 0;
      const send = await t.app.inject({
        method: 'POST',
        url: '/api/company/verification/send',
        payload: { websiteUrl: 'https://zenfoods.co.in', email: 'nobody.left@zenfoods.co.in' },
        headers: { cookie: r.cookie },
      });
      expect(send.statusCode).toBe(502);
      const failed = logLines.filter((l) => l.includes('verification mail failed'));
      expect(failed).toHaveLength(1);
      expect(failed[0]).toContain('***@zenfoods.co.in');
      expect(logLines.join('\n')).not.toContain('nobody.left');
    });
  });
});
