import { describe, expect, it } from 'vitest';
import { freePorts } from './free-port';

describe('freePorts', () => {
  it('answers distinct ports, none left listened on', async () => {
    const ports = await freePorts(20);
    expect(ports).toHaveLength(20);
    expect(new Set(ports).size).toBe(20);
    for (const port of ports) expect(port).toBeGreaterThan(0);
  });
});
