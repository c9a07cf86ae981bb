import { WorkflowBodySchema } from '@trove/contracts';
import { describe, expect, it } from 'vitest';
import { playbookDrafts, workflowDraftFor } from './playbook-drafts';
import { playbooks } from './playbooks';

describe('playbooks made concrete (issue 40 item 2)', () => {
  it('maps every one of the 16 playbooks to a draft, and nothing else', () => {
    expect(Object.keys(playbookDrafts).sort()).toEqual(playbooks.map((playbook) => playbook.id).sort());
  });

  it('each draft is a workflow the API takes: its questions in the syntax, its schedule real', () => {
    for (const playbook of playbooks) {
      const draft = workflowDraftFor(playbook);
      const parsed = WorkflowBodySchema.safeParse(draft?.body);
      expect(parsed.error?.issues, playbook.id).toBeUndefined();
      expect(draft?.body).toMatchObject({ name: playbook.name, template_id: playbook.id });
    }
  });

  it('reads only sources the playbook names, and suggests at least one destination', () => {
    for (const playbook of playbooks) {
      const draft = workflowDraftFor(playbook);
      for (const id of draft?.reads ?? [])
        expect(playbook.connectors, `${playbook.id} reads ${id}`).toContain(id);
      expect(draft?.suggested.length, playbook.id).toBeGreaterThan(0);
    }
  });

  it('the invoice finder flags overdue lines first and sends only what is new', () => {
    const draft = workflowDraftFor({ id: 'invoice-finder', name: 'Invoice finder + chat delivery' });
    expect(draft?.body).toMatchObject({
      flag: { when: 'date_before_today' },
      scope: 'new',
      columns: expect.arrayContaining(['date', 'total']),
    });
    expect(draft?.suggested).toContainEqual({ kind: 'channel', service: 'slack', name: '#finance-ap' });
  });

  it('has no draft for an unknown id', () => {
    expect(workflowDraftFor({ id: 'no-such-playbook', name: 'x' })).toBeUndefined();
  });
});
