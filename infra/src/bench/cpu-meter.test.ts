import { describe, expect, it } from 'vitest';
import { startCpuMeter } from './cpu-meter';

describe('startCpuMeter', () => {
  it('counts the CPU this process spends as the load generator’s, per request', () => {
    const meter = startCpuMeter();
    const started = process.cpuUsage();
    // Spin until this process has used 60 ms of CPU (not wall time: the machine's load does not matter).
    while (process.cpuUsage(started).user < 60_000) Math.sqrt(Math.random());
    const perRequest = meter.stop(2);
    expect(perRequest['load generator']).toBeGreaterThanOrEqual(20);
    expect(perRequest.postgres).toBeGreaterThanOrEqual(0);
  });

  it('answers zeros for no requests rather than dividing by zero', () => {
    expect(Object.values(startCpuMeter().stop(0)).every((value) => value === 0)).toBe(true);
  });
});
