import type { WorkflowBody } from '@trove/contracts';
import { describe, expect, it } from 'vitest';
import { workflowDraftFor } from '../playbooks/playbook-drafts';
import { bodyFrom, describeSchedule, formFrom, missingSources } from './workflow-form';

const ME = 'ada@example.com';

describe('the workflow editor’s form', () => {
  it('opens a playbook’s draft and gives back the same body, mailed to the account', () => {
    const draft = workflowDraftFor({ id: 'invoice-finder', name: 'Invoice finder + chat delivery' });
    if (draft === undefined) throw new Error('no draft');
    const form = formFrom(draft.body, ME);
    expect(form.emailMe).toBe(true);
    expect(form.fields).toBe('invoice number');
    const built = bodyFrom(form, ME);
    expect(built).toEqual({
      body: { ...draft.body, destinations: [{ kind: 'email', address: ME }] },
    });
  });

  it('round-trips every schedule, flag and sort it offers', () => {
    const body: WorkflowBody = {
      name: 'Monthly',
      questions: ['receipt', 'invoice after:2026-01-01'],
      columns: ['total', 'field:po number'],
      sort: { by: 'total', order: 'desc' },
      flag: { when: 'total_over', amount: 250 },
      schedule: { every: 'monthly', day: 31, at: '07:30' },
      scope: 'all',
      destinations: [
        { kind: 'email', address: 'finance@example.com' },
        { kind: 'destination', destination_id: '5b0c7a4e-9a46-4c3a-9a55-2d3f0f3b6a11' },
      ],
      send_empty: true,
      template_id: null,
    };
    expect(bodyFrom(formFrom(body, ME), ME)).toEqual({ body });
    const weekly = { ...body, schedule: { every: 'weekly', day: 'fri', at: '16:00' } } as const;
    expect(bodyFrom(formFrom(weekly, ME), ME)).toEqual({ body: weekly });
  });

  it('says what is wrong in the schema’s words: an empty name, a question the syntax rejects', () => {
    const form = formFrom(
      workflowDraftFor({ id: 'bug-sweep', name: 'Bug sweep' })?.body ?? ({} as WorkflowBody),
      ME,
    );
    expect(bodyFrom({ ...form, name: ' ' }, ME)).toEqual({ problem: 'Give the workflow a name.' });
    expect(bodyFrom({ ...form, questions: 'bugs\nbefore:someday' }, ME)).toEqual({
      problem: 'Question 2: before: needs a date like 2024-04-01.',
    });
    expect(bodyFrom({ ...form, every: 'daily', at: '25:00' }, ME)).toEqual({
      problem: 'A time is HH:MM on a 24-hour clock, e.g. 08:30.',
    });
  });

  it('describes schedules in words', () => {
    expect(describeSchedule({ every: 'weekly', day: 'mon', at: '09:00' })).toBe('Mondays at 09:00');
    expect(describeSchedule({ every: 'off' })).toBe('Off (Run now only)');
  });

  it('names the sources a playbook reads that are not connected', () => {
    expect(missingSources(['gmail', 'outlook', 'drive', 'postgres'], [{ kind: 'imap' }])).toEqual([
      'drive',
      'postgres',
    ]);
  });
});
