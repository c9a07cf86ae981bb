import { describe, expect, it } from 'vitest';
import { connectorNamesIn, findPlaybookIn, readPlaybook } from './playbook-preview';

const qbr = {
  id: 'qbr-pack',
  name: 'QBR pack',
  dept: 'Sales',
  color: 'indigo',
  bullets: ['a', 'b', 'c'],
  steps: ['1', '2', '3'],
  tags: ['summarize'],
  connectors: ['gmail', 'slack'],
  difficulty: 'pro',
};

describe('the playground preview of a playbook template', () => {
  it('finds the template named by ?tpl= in the playbook data', () => {
    expect(findPlaybookIn({ playbooks: [qbr] }, 'qbr-pack')).toMatchObject({
      name: 'QBR pack',
      steps: ['1', '2', '3'],
    });
  });

  it('says an unknown id is unknown', () => {
    expect(findPlaybookIn({ playbooks: [qbr] }, 'nope')).toBeNull();
  });

  it('refuses a module without a playbooks list', () => {
    expect(() => findPlaybookIn({}, 'qbr-pack')).toThrow(/playbooks/);
  });

  it('treats an entry without name, bullets or steps as unknown', () => {
    expect(readPlaybook({ ...qbr, bullets: 'x' })).toBeNull();
    expect(readPlaybook({ id: 'x' })).toBeNull();
  });

  it('names connectors when the module lists them', () => {
    expect(connectorNamesIn({ connectors: [{ id: 'gmail', name: 'Gmail' }, { id: 3 }] })).toEqual(
      new Map([['gmail', 'Gmail']]),
    );
  });
});
