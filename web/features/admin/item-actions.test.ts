import { describe, expect, it } from 'vitest';
import type { QueueItem } from '#shared/schemas/moderation.ts';
import { actionsFor } from './item-actions.ts';

const job = (state: 'published' | 'held', status: 'open' | 'closed' = 'open') => ({
  id: 'j1',
  title: 'Data entry',
  company: 'Acme',
  status,
  moderation: { state, reasons: state === 'held' ? ['payment_request'] : [] },
  description: 'Work from home',
});
const account = (suspended = false, held = false) => ({
  id: 'u1',
  name: 'Ravi',
  role: 'recruiter',
  companyName: 'Acme',
  createdAt: '2026-01-01T00:00:00.000Z',
  suspended,
  held,
  openReports: 1,
  totalReports: 1,
  jobs: 1,
  conversations: 2,
  limitsHit: [],
});
const item = (over: Partial<QueueItem>): QueueItem => ({
  kind: 'report',
  id: 'r1',
  createdAt: '2026-01-02T00:00:00.000Z',
  reason: 'money',
  details: null,
  reporter: { id: 's1', name: 'Asha' },
  job: null,
  account: null,
  messages: [],
  history: [],
  ...over,
});
const names = (i: QueueItem) => actionsFor(i).map((a) => a.action);

describe('moderation actions that fit an item', () => {
  it('a report about a person: dismiss or suspend, settling the report', () => {
    const actions = actionsFor(item({ account: account() }));
    expect(actions).toEqual([
      { action: 'dismiss', reportId: 'r1', userId: 'u1' },
      { action: 'suspend', reportId: 'r1', userId: 'u1' },
    ]);
  });

  it('a suspended or held account can be restored, not suspended again', () => {
    expect(names(item({ account: account(true) }))).toEqual(['dismiss', 'restore']);
    expect(names(item({ account: account(false, true) }))).toEqual([
      'dismiss',
      'suspend',
      'restore',
    ]);
  });

  it('a reported job: hide or close it; a held job can be published', () => {
    expect(names(item({ job: job('published') }))).toEqual(['dismiss', 'hide_job', 'close_job']);
    expect(names(item({ job: job('held', 'closed') }))).toEqual([
      'dismiss',
      'publish_job',
      'hide_job',
    ]);
  });

  it('a held job item has no report to dismiss and names the job and its owner', () => {
    const actions = actionsFor(
      item({ kind: 'held_job', id: 'j1', reporter: null, job: job('held'), account: account() }),
    );
    expect(actions).toEqual([
      { action: 'publish_job', jobId: 'j1' },
      { action: 'hide_job', jobId: 'j1' },
      { action: 'close_job', jobId: 'j1' },
      { action: 'suspend', userId: 'u1' },
    ]);
  });
});
