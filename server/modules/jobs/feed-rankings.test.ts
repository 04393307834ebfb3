import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { cityId, newRecruiter, newSeeker, type TestUser } from '../../test/users.ts';
import type { Queryable } from '../../db/client.ts';
import { cardsOf, checkCards, stampOf } from './feed-cards.ts';
import { MAX_WINDOW_TEXT, seekerFeed } from './feed.repo.ts';
import {
  checkAndReadQuery,
  idAt,
  MAX_MISSING,
  positionOf,
  rankingKey,
  rankingSize,
  rankingsOf,
  type Ranking,
} from './feed-rankings.ts';
import {
  heldNarrowing,
  matchesIn,
  matchesOf,
  narrowed,
  textsOf,
  type WindowTexts,
} from './feed-searches.ts';

// A seeker's kept ranking (decision 020): pages read their jobs by id from it, and it is never
// stale. Each change below goes through a different writer (the API, moderation, plain SQL), as
// the counters of migration 019 are kept by the database itself.

let t: TestApp;
let blr: number;
let delhi: number;
let recruiter: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [blr, delhi] = await Promise.all([cityId(t, 'Bengaluru'), cityId(t, 'Delhi')]);
  recruiter = await newRecruiter(t, 'Ranked Co');
});
afterAll(async () => {
  await t.close();
});

interface Card {
  id: string;
  title: string;
  type: string;
  recruiter: {
    id: string;
    fullName: string | null;
    isVerified: boolean;
    replyRate: { rate: number } | null;
  };
  match: { reasons: { code: string }[] } | null;
}
interface Page {
  jobs: Card[];
  wider: Card[];
  nextCursor: string | null;
  types: string[] | null;
}

const seeker = (category = 'software_development'): Promise<TestUser> =>
  newSeeker(t, { city_id: blr, job_category: category });

async function feed(u: TestUser, query = ''): Promise<Page> {
  const res = await t.app.inject({ url: `/api/jobs/feed${query}`, headers: { cookie: u.cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as Page;
}

async function post(over: Record<string, unknown>, by = recruiter): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers: { cookie: by.cookie },
    payload: {
      title: 'Backend Developer',
      cityId: blr,
      type: 'full_time',
      level: '1_3',
      jobCategory: 'software_development',
      description: 'Node and PostgreSQL.',
      minSalary: 6,
      maxSalary: 9,
      ...over,
    },
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { job: { id: string } }).job.id;
}

/** Jobs straight into the table (the bulk of a catalogue), newest last. */
async function seed(count: number, category: string, city: number | null): Promise<void> {
  await t.ctx.db.query(
    `INSERT INTO jobs (recruiter_id, title, company, location, city_id, type, level, job_category, description, created_at)
     SELECT $1, 'Seeded ' || g, 'Ranked Co', 'Somewhere', $2, 'full_time', '1_3', $3, 'd', now() - g * interval '1 minute'
       FROM generate_series(1, $4::int) g`,
    [recruiter.id, city, category, count],
  );
}

/** Five finance jobs in Bengaluru, and the ids of every open finance job. */
async function seedFinance(): Promise<string[]> {
  await seed(5, 'finance_accounting', blr);
  const rows = await t.ctx.db.query<{ id: string }>(
    `SELECT id FROM jobs WHERE job_category = 'finance_accounting' AND status = 'open'`,
  );
  return rows.map((r) => r.id);
}

/** `by` edits their job through the API (its status, when `url` ends in `/status`). */
const editJob = (
  by: TestUser,
  id: string,
  payload: Record<string, unknown>,
  url = `/api/jobs/${id}`,
) =>
  t.app.inject({
    method: url.endsWith('status') ? 'PUT' : 'PATCH',
    url,
    headers: { cookie: by.cookie },
    payload,
  });

/** `by` blocks `userId` through the API. */
async function block(by: TestUser, userId: string): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blocks',
    headers: { cookie: by.cookie },
    payload: { userId },
  });
  expect(res.statusCode).toBe(204);
}

const kept = (u: TestUser, type?: string) => rankingsOf(t.ctx.db).get(rankingKey(u.id, type));

describe("a seeker's kept ranking", () => {
  it('serves the next first page and the later pages from the one ranking while nothing changes', async () => {
    await seed(30, 'software_development', blr);
    const s = await seeker();
    const first = await feed(s);
    const ranking = kept(s);
    expect(ranking).toBeDefined();
    expect(first.jobs).toHaveLength(20);
    expect(first.types).toContain('full_time');
    // The same ranking object answers again: nothing it depends on changed.
    expect((await feed(s)).jobs.map((j) => j.id)).toEqual(first.jobs.map((j) => j.id));
    expect(kept(s)).toBe(ranking);
    const second = await feed(s, `?cursor=${first.nextCursor}`);
    expect(kept(s)).toBe(ranking);
    const shown = [...first.jobs, ...second.jobs].map((j) => j.id);
    expect(new Set(shown).size).toBe(shown.length);
  });

  it("a job posted in the seeker's category is on the very next first page", async () => {
    const s = await seeker();
    await feed(s);
    const before = kept(s);
    const id = await post({ title: 'Just Posted Developer' });
    const page = await feed(s);
    expect(page.jobs.map((j) => j.id)).toContain(id);
    expect(kept(s)).not.toBe(before);
  });

  it('a job posted elsewhere (another category and city) leaves the ranking as it was', async () => {
    const s = await seeker();
    await feed(s);
    const before = kept(s);
    await post({ jobCategory: 'education_training', cityId: delhi, title: 'Teacher' });
    await feed(s);
    expect(kept(s)).toBe(before);
  });

  it('a closed job, a hidden job and a blocked recruiter are gone at once, from a kept ranking', async () => {
    const other = await newRecruiter(t, 'Blockable Co');
    const s = await seeker('marketing_advertising');
    const closing = await post({ jobCategory: 'marketing_advertising', title: 'Closing' });
    const hiding = await post({ jobCategory: 'marketing_advertising', title: 'Hiding' });
    const theirs = await post({ jobCategory: 'marketing_advertising', title: 'Theirs' }, other);
    const ids = async () => (await feed(s)).jobs.map((j) => j.id);
    expect(await ids()).toEqual(expect.arrayContaining([closing, hiding, theirs]));

    const closed = await t.app.inject({
      method: 'PUT',
      url: `/api/jobs/${closing}/status`,
      headers: { cookie: recruiter.cookie },
      payload: { status: 'closed' },
    });
    expect(closed.statusCode).toBe(200);
    expect(await ids()).not.toContain(closing);

    // A moderator's hide, written as moderation writes it.
    await t.ctx.db.query(`UPDATE jobs SET moderation_state = 'hidden' WHERE id = $1`, [hiding]);
    expect(await ids()).not.toContain(hiding);

    // A block changes no counter: the kept ranking is used, the block is checked on reading.
    const ranking = kept(s);
    await block(s, other.id);
    expect(await ids()).not.toContain(theirs);
    expect(kept(s)).toBe(ranking);
  });

  it('a recruiter who blocked the seeker, and recruiters out of good standing, are gone at once, from a kept ranking', async () => {
    const blocker = await newRecruiter(t, 'Blocker Co');
    const suspended = await newRecruiter(t, 'Suspended Co');
    const held = await newRecruiter(t, 'Held Co');
    const s = await seeker('education_training');
    const fromBlocker = await post({ jobCategory: 'education_training' }, blocker);
    const fromSuspended = await post({ jobCategory: 'education_training' }, suspended);
    const fromHeld = await post({ jobCategory: 'education_training' }, held);
    const ids = async () => (await feed(s)).jobs.map((j) => j.id);
    expect(await ids()).toEqual(expect.arrayContaining([fromBlocker, fromSuspended, fromHeld]));
    const ranking = kept(s);

    // The block the other way round: the recruiter blocks the seeker.
    await block(blocker, s.id);
    // Suspended by a moderator, and held after three reports, as moderation writes them.
    await t.ctx.db.query(`UPDATE users SET suspended_at = now() WHERE id = $1`, [suspended.id]);
    await t.ctx.db.query(`UPDATE users SET held_at = now() WHERE id = $1`, [held.id]);

    const after = await ids();
    expect(after).not.toContain(fromBlocker);
    expect(after).not.toContain(fromSuspended);
    expect(after).not.toContain(fromHeld);
    expect(kept(s)).toBe(ranking);
  });

  it('new preferences rank the feed again at once, whoever writes them', async () => {
    const finance = await seedFinance();
    const s = await seeker();
    // More than a page of software jobs in Bengaluru rank above them for a software seeker.
    expect((await feed(s)).jobs.map((j) => j.id)).not.toEqual(expect.arrayContaining([finance[0]]));
    const before = kept(s);
    await t.ctx.db.query(
      `UPDATE seeker_profiles SET job_category = 'finance_accounting' WHERE user_id = $1`,
      [s.id],
    );
    expect(
      (await feed(s)).jobs
        .slice(0, finance.length)
        .map((j) => j.id)
        .sort(),
    ).toEqual([...finance].sort());
    expect(kept(s)).not.toBe(before);

    // A profile written whole by an insert (migration 021): here the row goes without a trace
    // (triggers off) and comes back with the first category, and the feed follows it.
    await t.ctx.db.tx(async (q) => {
      await q.query(
        `CREATE TEMP TABLE saved ON COMMIT DROP AS SELECT * FROM seeker_profiles WHERE user_id = $1`,
        [s.id],
      );
      await q.query(`SET LOCAL session_replication_role = replica`);
      await q.query(`DELETE FROM seeker_profiles WHERE user_id = $1`, [s.id]);
      await q.query(`SET LOCAL session_replication_role = origin`);
      await q.query(
        `INSERT INTO seeker_profiles (user_id, job_category, city_id) SELECT user_id, 'software_development', city_id FROM saved`,
      );
    });
    expect((await feed(s)).jobs.map((j) => j.id)).not.toEqual(expect.arrayContaining([finance[0]]));
  });

  it('preferences written while a ranking is made are never taken for the ones it ranked', async () => {
    // More than a page of software jobs in Bengaluru rank above the finance ones there for a
    // software seeker, and below them for a finance one.
    await seed(25, 'software_development', blr);
    const finance = await seedFinance();
    const s = await seeker();
    // The seeker's side is read, then the category changes before the ranking's own statement
    // reads the counters (another request writing the profile in between).
    let race = true;
    const db = t.ctx.db;
    const racing: Queryable = Object.create(db, {
      query: {
        value: async (sql: string, params?: unknown[], name?: string) => {
          const rows = await db.query(sql, params, name);
          if (race && name === 'feed_seeker_side') {
            race = false;
            await db.query(
              `UPDATE seeker_profiles SET job_category = 'finance_accounting' WHERE user_id = $1`,
              [s.id],
            );
          }
          return rows;
        },
      },
    });
    const first = await seekerFeed(racing, s.id, { q: '' });
    expect(race).toBe(false);
    // That page may be of the preferences before; the next one is of the new ones.
    expect(first.jobs.map((j) => j.id)).not.toEqual(expect.arrayContaining([finance[0]]));
    const next = await seekerFeed(racing, s.id, { q: '' });
    expect(
      next.jobs
        .slice(0, finance.length)
        .map((j) => j.id)
        .sort(),
    ).toEqual([...finance].sort());
  });

  it('a later page whose ranking is not here (another process) comes from the live statement, the same pages', async () => {
    const s = await seeker();
    const walk = async (forget: boolean) => {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        if (forget) {
          rankingsOf(t.ctx.db).clear();
          cardsOf(t.ctx.db).clear();
        }
        const page = await feed(s, cursor ? `?cursor=${cursor}` : '');
        ids.push(...page.jobs.map((j) => j.id), ...page.wider.map((j) => j.id));
        cursor = page.nextCursor;
      } while (cursor);
      return ids;
    };
    const kept = await walk(false);
    expect(kept.length).toBeGreaterThan(20);
    expect(await walk(true)).toEqual(kept);
  });

  it('a first page is shown when its category moves again right after its ranking is made', async () => {
    await seed(25, 'software_development', blr);
    const s = await seeker();
    const expected = (await feed(s)).jobs.map((j) => j.id);
    expect(expected.length).toBe(20);
    // A busy category: a job of it is posted between the ranking's statement and the page's.
    const busy: Queryable = {
      async query<T>(sql: string, params?: unknown[], name?: string): Promise<T[]> {
        const rows = await t.ctx.db.query<T>(sql, params, name);
        if (sql.includes('string_agg(uuid_send'))
          await t.ctx.db.query(`SELECT bump_feed_versions(ARRAY['category:software_development'])`);
        return rows;
      },
    };
    const page = await seekerFeed(busy, s.id, { q: '' });
    expect(page.jobs.map((j) => j.id)).toEqual(expected);
  });

  it('the type chips follow the first open job of a type', async () => {
    const s = await seeker();
    expect((await feed(s)).types).not.toContain('internship');
    const id = await post({ type: 'internship', title: 'Intern' });
    expect((await feed(s)).types).toContain('internship');
    await t.app.inject({
      method: 'PUT',
      url: `/api/jobs/${id}/status`,
      headers: { cookie: recruiter.cookie },
      payload: { status: 'closed' },
    });
    expect((await feed(s)).types).not.toContain('internship');
  });

  it('a type filter has a ranking of its own', async () => {
    const s = await seeker();
    await post({ type: 'contract', title: 'Contract Developer' });
    const page = await feed(s, '?type=contract');
    expect(page.jobs.length).toBeGreaterThan(0);
    expect(page.jobs.every((j) => j.title === 'Contract Developer')).toBe(true);
    expect(kept(s, 'contract')).toBeDefined();
  });
});

// Kept cards (decision 020, "Cards, kept"): a page of the kept ranking is shown from cards kept in
// the process while none of the counters they were read with moved. Each change below must reach
// the very next page, whichever page it is on and whoever writes it.
describe('kept cards', () => {
  /** A seeker of their own category, with 45 jobs of it: two full pages from the kept ranking. */
  async function scrolled(category: string) {
    const by = await newRecruiter(t, `${category} Co`);
    await t.ctx.db.query(
      `INSERT INTO jobs (recruiter_id, title, company, location, city_id, type, level, job_category, description, created_at)
       SELECT $1, 'Kept ' || g, 'Kept Co', 'Bengaluru', $2, 'full_time', '1_3', $3, 'd', now() - g * interval '1 minute'
         FROM generate_series(1, 45) g`,
      [by.id, blr, category],
    );
    const s = await seeker(category);
    const first = await feed(s);
    const second = await feed(s, `?cursor=${first.nextCursor}`);
    // Their own category ranks first: both pages are this recruiter's jobs.
    expect(first.jobs.filter((j) => j.recruiter.id === by.id)).toHaveLength(20);
    expect(second.jobs.filter((j) => j.recruiter.id === by.id)).toHaveLength(20);
    return { s, by, first, second, later: () => feed(s, `?cursor=${first.nextCursor}`) };
  }
  const card = (page: Page, id: string) => page.jobs.find((j) => j.id === id);
  const sql = (text: string, params: unknown[]) => t.ctx.db.query(text, params);

  it('answers from memory while nothing on the page changed', async () => {
    const { s, first, second, later } = await scrolled('sales_bd');
    const [a, c, b, d] = [first.jobs[0]!, first.jobs[1]!, second.jobs[0]!, second.jobs[1]!];
    // A write that skips the counters (triggers off, as a restore would): the kept cards do not
    // see it, which shows they are kept. Every writer of the app moves the counters (below).
    const unseen = (update: string, ids: string[]) =>
      t.ctx.db.tx(async (q) => {
        await q.query(`SET LOCAL session_replication_role = replica`);
        await q.query(`UPDATE jobs SET ${update} WHERE id = ANY($1::uuid[])`, [ids]);
      });
    await unseen(`title = 'Unseen'`, [a.id, c.id, b.id]);
    expect(card(await feed(s), a.id)!.title).toBe(a.title);
    expect(card(await later(), b.id)!.title).toBe(b.title);

    // One card forgotten (evicted, or never shown in this process): it alone is read, in the
    // snapshot of the others' check, and the others are still shown from memory.
    cardsOf(t.ctx.db).delete(a.id);
    const partly = await feed(s);
    expect(partly.jobs).toHaveLength(20);
    expect(card(partly, a.id)!.title).toBe('Unseen');
    expect(card(partly, c.id)!.title).toBe(c.title);
    // A forgotten card whose job is no longer shown leaves no gap: the page is read whole.
    cardsOf(t.ctx.db).delete(d.id);
    await unseen(`status = 'closed'`, [d.id]);
    const whole = await later();
    expect(whole.jobs).toHaveLength(20);
    expect(card(whole, d.id)).toBeUndefined();
    expect(card(whole, b.id)!.title).toBe('Unseen');
    // Forgotten (another process, or evicted), the cards are read again.
    cardsOf(t.ctx.db).clear();
    expect(card(await feed(s), a.id)!.title).toBe('Unseen');
    expect(card(await later(), b.id)!.title).toBe('Unseen');

    // New preferences: the next first page is ranked anew, and a later page of the old scroll,
    // read again, gives its reasons for the new preferences.
    const categoryMatches = async () =>
      (await later()).jobs.filter((c) => c.match?.reasons.some((r) => r.code === 'category'));
    expect(await categoryMatches()).toHaveLength(20);
    await sql(`UPDATE seeker_profiles SET job_category = 'finance_accounting' WHERE user_id = $1`, [
      s.id,
    ]);
    await feed(s);
    expect(await categoryMatches()).toEqual([]);
  });

  it("a job's new title, and its closing and reopening, are on the next first and later page", async () => {
    const { s, by, first, second, later } = await scrolled('customer_support');
    const [a, b] = [first.jobs[3]!, second.jobs[5]!];
    const edit = (id: string, payload: Record<string, unknown>, url?: string) =>
      editJob(by, id, payload, url);
    expect((await edit(a.id, { title: 'Renamed First' })).statusCode).toBe(200);
    expect((await edit(b.id, { title: 'Renamed Later' })).statusCode).toBe(200);
    expect(card(await feed(s), a.id)!.title).toBe('Renamed First');
    expect(card(await later(), b.id)!.title).toBe('Renamed Later');

    expect((await edit(b.id, { status: 'closed' }, `/api/jobs/${b.id}/status`)).statusCode).toBe(
      200,
    );
    expect(card(await later(), b.id)).toBeUndefined();
    // Skipped while closed, it is on the page again once reopened.
    expect((await edit(b.id, { status: 'open' }, `/api/jobs/${b.id}/status`)).statusCode).toBe(200);
    expect(card(await later(), b.id)?.title).toBe('Renamed Later');
  });

  it("a recruiter's card, reply rate and standing are on the next page, whoever writes them", async () => {
    const { s, by, first, later } = await scrolled('operations_admin');
    const id = first.jobs[0]!.id;
    await sql(
      `UPDATE recruiter_profiles SET full_name = 'Renamed Recruiter', is_verified = true, verified_domain = 'kept.in' WHERE user_id = $1`,
      [by.id],
    );
    expect(card(await feed(s), id)!.recruiter).toMatchObject({
      fullName: 'Renamed Recruiter',
      isVerified: true,
    });
    await sql(`UPDATE recruiter_profiles SET is_verified = false WHERE user_id = $1`, [by.id]);
    expect(card(await feed(s), id)!.recruiter.isVerified).toBe(false);

    // The reply-rate worker's table.
    await sql(
      `INSERT INTO recruiter_reply_stats (recruiter_id, conversations, replied, median_reply_seconds) VALUES ($1, 10, 9, 600)`,
      [by.id],
    );
    expect(card(await feed(s), id)!.recruiter.replyRate?.rate).toBe(90);
    await sql(`UPDATE recruiter_reply_stats SET replied = 5 WHERE recruiter_id = $1`, [by.id]);
    expect(card(await feed(s), id)!.recruiter.replyRate?.rate).toBe(50);

    // Suspended, every page of theirs is empty of them at once; restored, they are back.
    await sql(`UPDATE users SET suspended_at = now() WHERE id = $1`, [by.id]);
    expect((await feed(s)).jobs.filter((j) => j.recruiter.id === by.id)).toEqual([]);
    expect((await later()).jobs.filter((j) => j.recruiter.id === by.id)).toEqual([]);
    await sql(`UPDATE users SET suspended_at = NULL WHERE id = $1`, [by.id]);
    expect(card(await feed(s), id)).toBeDefined();
  });

  it('a block either way empties the later pages too, and lifting it brings them back', async () => {
    const { s, by, second, later } = await scrolled('other');
    const id = second.jobs[0]!.id;
    await block(by, s.id);
    expect(card(await later(), id)).toBeUndefined();
    const lifted = await t.app.inject({
      method: 'DELETE',
      url: `/api/blocks/${s.id}`,
      headers: { cookie: by.cookie },
    });
    expect(lifted.statusCode).toBeLessThan(300);
    expect(card(await later(), id)).toBeDefined();
  });

  it('a card kept for one seeker is shown to another, and a type filter shows only its type', async () => {
    const contract = await post({
      type: 'contract',
      title: 'Contract Tester',
      jobCategory: 'other',
    });
    const s = await seeker('other');
    const a = (await feed(s)).jobs[0]!;
    const untriggered = (title: string) =>
      t.ctx.db.tx(async (q) => {
        await q.query(`SET LOCAL session_replication_role = replica`);
        await q.query(`UPDATE jobs SET title = $2 WHERE id = $1`, [a.id, title]);
      });
    await untriggered('Unseen');
    // Another seeker with the same preferences: their first page shows the card the first one
    // was shown, kept once for both.
    const other = await seeker('other');
    expect(card(await feed(other), a.id)!.title).toBe(a.title);
    await untriggered(a.title);
    // A filtered page, from its own ranking and kept cards alike, shows only its type.
    for (const u of [s, other, s]) {
      const filtered = await feed(u, '?type=contract');
      expect(filtered.jobs.map((j) => j.id)).toContain(contract);
      expect(filtered.jobs.every((j) => j.type === 'contract')).toBe(true);
    }
  });
});

// A search's window, kept (decision 020, "A search's window, kept"): its main section is the
// seeker's kept ranking narrowed to the window's jobs with the words, kept for every seeker of the
// window. Each change to what a search finds must reach the very next search.
describe('kept searches', () => {
  /** `count` jobs of a category in Bengaluru, every third with `word` in its description. */
  async function windowWith(category: string, word: string, count = 30) {
    const by = await newRecruiter(t, `${word} Co`);
    await t.ctx.db.query(
      `INSERT INTO jobs (recruiter_id, title, company, location, city_id, type, level, job_category, description, created_at)
       SELECT $1, 'Searched ' || g, 'Search Co', 'Bengaluru', $2, CASE WHEN g % 2 = 0 THEN 'contract' ELSE 'full_time' END,
              '1_3', $3, CASE WHEN g % 3 = 0 THEN 'With ' || $4 || ' inside' ELSE 'd' END, now() - g * interval '1 minute'
         FROM generate_series(1, $5::int) g`,
      [by.id, blr, category, word, count],
    );
    return by;
  }
  const ids = (page: Page) => page.jobs.map((j) => j.id);
  const forget = () => {
    rankingsOf(t.ctx.db).clear();
    cardsOf(t.ctx.db).clear();
    matchesOf(t.ctx.db).clear();
    textsOf(t.ctx.db).clear();
  };

  it('answers from the kept ranking and matches, shared by the seekers of a window, as the live statement does', async () => {
    const by = await windowWith('education_training', 'abacus');
    const [s, other] = [await seeker('education_training'), await seeker('education_training')];
    const first = await feed(s, '?q=abacus');
    expect(first.jobs).toHaveLength(10);
    expect(first.jobs.every((j) => j.recruiter.id === by.id)).toBe(true);
    const matches = matchesOf(t.ctx.db).size;
    expect(matches).toBeGreaterThan(0);
    // Another seeker of the same window gets the same jobs from the same kept matches.
    expect(ids(await feed(other, '?q=abacus'))).toEqual(ids(first));
    expect(matchesOf(t.ctx.db).size).toBe(matches);
    // A write that skips the counters (as a restore would) is not seen while they are kept,
    // which shows they are; forgotten, the live statement and the kept path agree again.
    const plain = first.jobs[0]!.id;
    await t.ctx.db.tx(async (q) => {
      await q.query(`SET LOCAL session_replication_role = replica`);
      await q.query(`UPDATE jobs SET description = 'd' WHERE id = $1`, [plain]);
    });
    expect(ids(await feed(other, '?q=abacus'))).toContain(plain);
    forget();
    const live = ids(await feed(other, '?q=abacus'));
    expect(live).not.toContain(plain);
    expect(ids(await feed(other, '?q=abacus'))).toEqual(live);
    expect(live).toHaveLength(9);

    // Words nobody searched in the window yet are found in its kept texts, the same for every
    // term: a job given them by a write that skips the counters is not found until the texts
    // are forgotten. Capitals and Devanagari are found as the live statement finds them.
    await t.ctx.db.tx(async (q) => {
      await q.query(`SET LOCAL session_replication_role = replica`);
      await q.query(
        `UPDATE jobs SET title = 'ABACUS TUTOR', description = 'गोदाम में abacus' WHERE id = $1`,
        [plain],
      );
    });
    const texts = textsOf(t.ctx.db).size;
    for (const term of ['tutor', 'गोदाम'])
      expect(ids(await feed(s, `?q=${encodeURIComponent(term)}`))).toEqual([]);
    expect(textsOf(t.ctx.db).size).toBe(texts);
    forget();
    for (const term of ['Tutor', 'गोदाम', 'ABACUS tutor'])
      expect(ids(await feed(s, `?q=${encodeURIComponent(term)}`)), term).toEqual([plain]);
  });

  it("a job's new words, a new job and a closed one reach the next search, whoever writes them", async () => {
    const by = await windowWith('operations_admin', 'barcode');
    const s = await seeker('operations_admin');
    const before = ids(await feed(s, '?q=barcode'));
    expect(before).toHaveLength(10);
    const edit = (id: string, payload: Record<string, unknown>, url?: string) =>
      editJob(by, id, payload, url);
    // The words of a job in the window, through the API: in, then out.
    const [job] = await t.ctx.db.query<{ id: string }>(
      `SELECT id FROM jobs WHERE recruiter_id = $1 AND description = 'd' ORDER BY created_at DESC LIMIT 1`,
      [by.id],
    );
    expect((await edit(job!.id, { description: 'Now with barcode scanners.' })).statusCode).toBe(
      200,
    );
    expect(ids(await feed(s, '?q=barcode'))).toContain(job!.id);
    expect(
      (await edit(job!.id, { title: 'Renamed', description: 'Plain again.' })).statusCode,
    ).toBe(200);
    expect(ids(await feed(s, '?q=barcode'))).not.toContain(job!.id);
    // Plain SQL moves the counters too (the database keeps them).
    await t.ctx.db.query(`UPDATE jobs SET company = 'Barcode Ltd' WHERE id = $1`, [job!.id]);
    expect(ids(await feed(s, '?q=barcode'))).toContain(job!.id);
    // A new job with the words, and a closed one.
    const posted = await post(
      { jobCategory: 'operations_admin', title: 'Barcode clerk', description: 'Scan.' },
      by,
    );
    expect(ids(await feed(s, '?q=barcode'))[0]).toBe(posted);
    expect(
      (await edit(posted, { status: 'closed' }, `/api/jobs/${posted}/status`)).statusCode,
    ).toBe(200);
    expect(ids(await feed(s, '?q=barcode'))).not.toContain(posted);
  });

  it('pages through to the wider section as the live statement does, and a type filter keeps to its type', async () => {
    // 25 matches in the window: a second page of the main section, then the wider section.
    await windowWith('marketing_advertising', 'compass', 75);
    // The same words outside the window (another category and city): the wider section.
    await post({ jobCategory: 'other', cityId: delhi, title: 'Compass maker', description: 'x' });
    const s = await seeker('marketing_advertising');
    const walk = async (query: string, fresh: boolean) => {
      const shown: string[] = [];
      let cursor: string | null = null;
      do {
        if (fresh) forget();
        const page = await feed(s, `${query}${cursor ? `&cursor=${cursor}` : ''}`);
        shown.push(...ids(page), ...page.wider.map((j) => `wider:${j.id}`));
        cursor = page.nextCursor;
      } while (cursor);
      return shown;
    };
    const kept = await walk('?q=compass', false);
    expect(kept.filter((id) => !id.startsWith('wider:'))).toHaveLength(25);
    expect(kept.filter((id) => id.startsWith('wider:')).length).toBeGreaterThan(0);
    expect(await walk('?q=compass', true)).toEqual(kept);
    const contract = await feed(s, '?q=compass&type=contract');
    expect(contract.jobs).toHaveLength(12);
    expect(contract.jobs.every((j) => j.type === 'contract')).toBe(true);

    // The next page comes from the narrowing its first page was shown from: a write that skips
    // the counters is not seen there (it is kept), and is once it is forgotten.
    const first = await feed(s, '?q=compass');
    const next = `?q=compass&cursor=${first.nextCursor}`;
    const later = ids(await feed(s, next))[0]!;
    await t.ctx.db.tx(async (q) => {
      await q.query(`SET LOCAL session_replication_role = replica`);
      await q.query(`UPDATE jobs SET description = 'd' WHERE id = $1`, [later]);
    });
    expect(ids(await feed(s, next))[0]).toBe(later);
    rankingsOf(t.ctx.db).clear();
    expect(ids(await feed(s, next))).not.toContain(later);

    // A counted change to the words of a job on the next page (any writer): that page no longer
    // shows it, as the live statement would not. (Kept state forgotten first: the write above
    // skipped the counters.)
    forget();
    const again = await feed(s, '?q=compass');
    const then = `?q=compass&cursor=${again.nextCursor}`;
    const onIt = ids(await feed(s, then));
    const unworded = onIt[1]!;
    await t.ctx.db.query(`UPDATE jobs SET description = 'plain' WHERE id = $1`, [unworded]);
    expect(ids(await feed(s, then))).toEqual(onIt.filter((id) => id !== unworded));
  });

  it("a job posted outside the window is in the next search's wider section, from a kept ranking", async () => {
    await windowWith('sales_bd', 'quokka');
    const s = await seeker('sales_bd');
    const before = await feed(s, '?q=quokka');
    expect(before.jobs).toHaveLength(10);
    const ranking = kept(s);
    // Another category and city: the seeker's window (and their kept ranking) stays as it was.
    const far = await post({ jobCategory: 'other', cityId: delhi, title: 'Quokka keeper' });
    const after = await feed(s, '?q=quokka');
    expect(kept(s)).toBe(ranking);
    expect(ids(after)).toEqual(ids(before));
    expect(after.wider.map((j) => j.id)).toContain(far);
  });

  it("a job's words changed between a search's statements are not shown from the stale narrowing", async () => {
    await windowWith('finance_accounting', 'ledger');
    const s = await seeker('finance_accounting');
    const shown = ids(await feed(s, '?q=ledger'));
    expect(shown).toHaveLength(10);
    rankingsOf(t.ctx.db).clear();
    matchesOf(t.ctx.db).clear();
    textsOf(t.ctx.db).clear();
    // The words of a shown job change right after the window's texts were read, before the page is.
    const busy: Queryable = {
      async query<T>(sql: string, params?: unknown[], name?: string): Promise<T[]> {
        const rows = await t.ctx.db.query<T>(sql, params, name);
        if (sql.includes('uuid_send(j.id)'))
          await t.ctx.db.query(`UPDATE jobs SET description = 'plain' WHERE id = $1`, [shown[0]]);
        return rows;
      },
    };
    const page = await seekerFeed(busy, s.id, { q: 'ledger' });
    expect(page.jobs.map((j) => j.id)).toEqual(shown.slice(1));
  });
});

describe("a window's texts over the bound", () => {
  it('are not kept: its words are found by the database for every new term', async () => {
    const by = await newRecruiter(t, 'Long Texts Co');
    // Remote jobs (the category's part of the window only) whose texts come to over the bound:
    // 1,800 characters of Devanagari each, 4,800 bytes of UTF-8.
    const word = 'गोदाम ';
    expect(1000 * 300 * Buffer.byteLength(word)).toBeGreaterThan(MAX_WINDOW_TEXT);
    await t.ctx.db.query(
      `INSERT INTO jobs (recruiter_id, title, company, location, city_id, type, level, job_category, description, created_at)
       SELECT $1, 'Long ' || g, 'Long Co', 'Remote', NULL, 'full_time', '1_3', 'other',
              repeat($2, 300) || 'needle' || g || '.', now() - g * interval '1 second'
         FROM generate_series(1, 1000) g`,
      [by.id, word],
    );
    const s = await newSeeker(t, { city_id: delhi, job_category: 'other' });
    const texts = textsOf(t.ctx.db).size;
    for (const g of [7, 8, 9]) {
      const page = await feed(s, `?q=needle${g}.`);
      expect(page.jobs.map((j) => j.title)).toEqual([`Long ${g}`]);
    }
    expect(textsOf(t.ctx.db).size).toBe(texts);
  });
});

/** A ranking of these ids and scores, with nothing around it (for the units below). */
const heldRanking = (ids: Buffer, scores: number[], asOf = ''): Ranking => ({
  asOf,
  keys: [],
  versions: '0',
  windowVersions: '0',
  seekerVersion: '0',
  edges: {},
  me: {} as never,
  bands: {} as never,
  ids,
  scores: new Uint8Array(scores),
});

describe('the statement of a page with a few cards not kept', () => {
  // PostgreSQL plans a named statement anew for each set of parameters until a generic plan
  // looks no dearer; with fewer ids than its generic guess every custom plan looked cheaper, and
  // each execution was planned again (seen in `pg_prepared_statements` and in bench:feed).
  it('always reads MAX_MISSING ids, the missing ones first, so that it is planned once', () => {
    const r = heldRanking(Buffer.alloc(48), [70, 60, 50]);
    const missing = [
      { id: 'a', at: 0, card: null },
      { id: 'b', at: 2, card: null },
    ];
    const { params } = checkAndReadQuery(r, [], [], [], 'seeker', missing);
    const arrays = params.filter((p) => Array.isArray(p) && p.length === MAX_MISSING);
    expect(arrays).toEqual([
      ['a', 'b', ...Array<null>(MAX_MISSING - 2).fill(null)],
      [70, 50, ...Array<null>(MAX_MISSING - 2).fill(null)],
    ]);
  });
});

describe("the kept cards' check", () => {
  // Every page of kept cards runs it. With its keys in the planner's view, a later page's empty
  // ranking and chip keys made every custom plan look cheaper than the generic one, so a
  // connection whose first checks were later pages planned each check again (decision 020,
  // "Plans made once"). Prepared statements are PostgreSQL's: PGlite runs them unnamed.
  it.skipIf(!process.env.DATABASE_URL)(
    "is planned once per connection, whatever its keys, on a later page's check too",
    async () => {
      const s = await seeker();
      const ids = await Promise.all([post({ title: 'Planned A' }), post({ title: 'Planned B' })]);
      const keys = [...ids.map((id) => `job:${id}`), `recruiter:${recruiter.id}`];
      // A connection of its own: on one of the pool's, earlier checks may have settled it.
      const client = new pg.Client({ connectionString: t.ctx.config.databaseUrl! });
      await client.connect();
      try {
        const q: Queryable = {
          query: async <T>(sql: string, params?: unknown[], name?: string) =>
            (await client.query({ text: sql, values: params, name })).rows as T[],
        };
        for (let i = 0; i < 12; i++) await checkCards(q, keys, [], [], s.id);
        const [plans] = await q.query<{ generic: string; custom: string }>(
          `SELECT generic_plans::text AS generic, custom_plans::text AS custom
             FROM pg_prepared_statements WHERE name = 'feed_cards_check'`,
        );
        // PostgreSQL makes five custom plans first, then keeps the generic one.
        expect(plans).toEqual({ generic: '7', custom: '5' });
      } finally {
        await client.end();
      }
    },
  );
});

describe("a span of kept cards' counters", () => {
  const card = (recruiterId: string | null, jobVersion: string, recruiterVersion: string) => ({
    shown: null,
    recruiterId,
    standing: true,
    jobVersion,
    recruiterVersion,
  });

  it('sums each counter once, and refuses cards read on two sides of a change', () => {
    expect(
      stampOf([
        { id: 'a', card: card('r1', '2', '5') },
        { id: 'b', card: card('r1', '0', '5') },
        { id: 'c', card: card(null, '7', '0') },
      ]),
    ).toEqual({ keys: ['job:a', 'recruiter:r1', 'job:b', 'job:c'], sum: '14' });
    // The recruiter's counter moved between the two reads: one of the cards is not current.
    expect(
      stampOf([
        { id: 'a', card: card('r1', '2', '5') },
        { id: 'b', card: card('r1', '0', '6') },
      ]),
    ).toBeNull();
  });
});

describe('a ranking held as bytes', () => {
  const ids = [
    '6f1c2a4e-8b3d-4f0a-9c21-3e5d7a9b1c0f',
    'a2b4c6d8-e0f2-4a4c-8e6a-0b2c4d6e8f10',
    '11223344-5566-4788-99aa-bbccddeeff00',
  ];
  const ranking = heldRanking(
    Buffer.concat(ids.map((id) => Buffer.from(id.replace(/-/g, ''), 'hex'))),
    [90, 50, 10],
    '2026-11-24 10:00:00+00',
  );

  it('gives back each id at its position, and finds only whole ids', () => {
    expect(ids.map((_, i) => idAt(ranking, i))).toEqual(ids);
    expect(ids.map((id) => positionOf(ranking, id))).toEqual([0, 1, 2]);
    expect(positionOf(ranking, '00000000-0000-0000-0000-00000000000b')).toBe(-1);
    expect(positionOf(ranking, 'not-a-uuid')).toBe(-1);
    // Sixteen bytes that are in the ranking, but across two ids: not a position.
    const across = ranking.ids.toString('hex', 8, 24);
    const straddling = `${across.slice(0, 8)}-${across.slice(8, 12)}-${across.slice(12, 16)}-${across.slice(16, 20)}-${across.slice(20)}`;
    expect(positionOf(ranking, straddling)).toBe(-1);
  });

  it("narrows to the matches in the ranking's order, with their scores, only for their key", () => {
    const m = {
      windowVersions: '0',
      ids: new Set([ids[2]!, ids[0]!].map((id) => id.replace(/-/g, ''))),
    };
    const db = {} as Queryable;
    const narrow = narrowed(db, 's|', ranking, m, 'q|a');
    expect([0, 1].map((i) => idAt(narrow, i))).toEqual([ids[0], ids[2]]);
    expect([...narrow.scores]).toEqual([90, 10]);
    expect(narrowed(db, 's|', ranking, m, 'q|a')).toBe(narrow);
    expect(heldNarrowing(db, 's|', ranking, 'q|a')).toBe(narrow);
    // Another ranking of the same seeker and time is not narrowed by it.
    expect(heldNarrowing(db, 's|', { ...ranking }, 'q|a')).toBeUndefined();
    const none = narrowed(db, 's|', ranking, { windowVersions: '0', ids: new Set() }, 'q|b');
    expect(rankingSize(none)).toBe(0);
  });
});

describe("a window's texts", () => {
  const id = (n: number) => `${n}`.padStart(32, '0');
  /** Texts as the window statement gives them: ids of 16 bytes, texts one after another. */
  const windowOf = (texts: string[]): WindowTexts => {
    const bytes = texts.map((x) => Buffer.from(x, 'utf8'));
    let end = 0;
    return {
      windowVersions: '0',
      ids: Buffer.concat(texts.map((_, i) => Buffer.from(id(i), 'hex'))),
      texts: Buffer.concat(bytes),
      ends: Int32Array.from(bytes, (b) => (end += b.length)),
    };
  };
  const found = (w: WindowTexts, term: string) => [...matchesIn(w, term)].sort();

  it('finds the jobs whose own text has the words, lowered, never across two texts', () => {
    const w = windowOf(['warehouse lead warehouse', '', 'ware', 'house keeper', 'गोदाम सहायक']);
    expect(found(w, 'warehouse')).toEqual([id(0)]);
    expect(found(w, 'WareHouse')).toEqual([id(0)]);
    // 'ware' + 'house keeper' are one after another, but no job has 'warehouse k'.
    expect(found(w, 'warehouse k')).toEqual([]);
    expect(found(w, 'house')).toEqual([id(0), id(3)]);
    expect(found(w, 'सहायक')).toEqual([id(4)]);
    expect(found(w, 'keeperगोदाम')).toEqual([]);
    expect(found(w, '')).toEqual([0, 1, 2, 3, 4].map(id));
    expect(found(windowOf([]), 'x')).toEqual([]);
  });
});
