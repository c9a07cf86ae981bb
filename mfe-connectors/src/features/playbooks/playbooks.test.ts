import { describe, expect, it } from 'vitest';
import { findConnector } from '../connectors/connectors';
import { actionTags, departments, findPlaybook, playbooks } from './playbooks';

describe('playbook catalog data (docs/product/connections.md#playbooks)', () => {
  it('holds the 16 named playbooks, each id once', () => {
    expect(playbooks).toHaveLength(16);
    expect(new Set(playbooks.map((p) => p.id)).size).toBe(16);
    const names = playbooks.map((p) => p.name.toLowerCase());
    for (const named of [
      'invoice finder + chat delivery',
      'expense receipt sweep',
      'follow-ups',
      'qbr pack',
      'ticket triage',
      'auto-deflect',
      'bug sweep',
      'release notes',
      'campaign recap',
      'user feedback synth',
      'po tracker',
      'offer letter review',
      'weekly biz review',
      'contract compare',
      'candidate round-up',
      'access audit',
    ]) {
      expect(names).toContain(named);
    }
  });

  it('every playbook connector id exists in the connector catalog', () => {
    for (const playbook of playbooks) {
      for (const id of playbook.connectors) expect(findConnector(id), `${playbook.id} → ${id}`).toBeDefined();
      expect(playbook.connectors.length, playbook.id).toBeGreaterThan(0);
    }
  });

  it('each has 3 bullets, 3 steps, known action tags and a difficulty of basic or pro', () => {
    for (const playbook of playbooks) {
      expect(playbook.bullets, playbook.id).toHaveLength(3);
      expect(playbook.steps, playbook.id).toHaveLength(3);
      expect(playbook.tags.length, playbook.id).toBeGreaterThan(0);
      for (const tag of playbook.tags) expect(actionTags).toContain(tag);
      expect(['basic', 'pro']).toContain(playbook.difficulty);
    }
  });

  it('covers the twelve departments, Finance, Sales, Support and Engineering first', () => {
    expect(departments).toEqual([
      'Finance',
      'Sales',
      'Support',
      'Engineering',
      'Marketing',
      'Product',
      'Operations',
      'HR',
      'Exec/Founder',
      'Legal',
      'Recruiting',
      'IT',
    ]);
    expect(new Set(playbooks.map((p) => p.dept))).toEqual(new Set(departments));
    const firstEight = playbooks.slice(0, 8).map((p) => p.dept);
    expect(new Set(firstEight)).toEqual(new Set(['Finance', 'Sales', 'Support', 'Engineering']));
    const ranks = playbooks.map((p) => departments.indexOf(p.dept));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it('uses every action tag somewhere', () => {
    for (const tag of actionTags)
      expect(
        playbooks.some((p) => p.tags.includes(tag)),
        tag,
      ).toBe(true);
  });

  it('is real copy: no placeholder text, and no bullet repeated', () => {
    const text = playbooks
      .flatMap((p) => [p.name, ...p.bullets, ...p.steps])
      .join(' ')
      .toLowerCase();
    expect(text).not.toMatch(/lorem|ipsum|todo|tbd|placeholder/);
    const bullets = playbooks.flatMap((p) => p.bullets);
    expect(new Set(bullets).size).toBe(bullets.length);
  });

  it('the playground finds a template by id, and nothing for an unknown one', () => {
    expect(findPlaybook('invoice-finder')?.dept).toBe('Finance');
    expect(findPlaybook('nope')).toBeUndefined();
  });
});
