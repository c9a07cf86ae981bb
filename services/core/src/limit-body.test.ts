import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { limitBody } from './service-app';

describe('limitBody', () => {
  const app = new Hono();
  app.use(limitBody(8));
  app.post('/', async (c) => c.text(await c.req.text()));
  app.get('/', (c) => c.text('ok'));

  it('a body past the cap is a 413 with the error envelope; one within it goes through', async () => {
    const over = await app.request('/', { method: 'POST', body: 'x'.repeat(9) });
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({ error: 'Request body too large', code: 'payload_too_large' });
    expect(await (await app.request('/', { method: 'POST', body: '12345678' })).text()).toBe('12345678');
  });

  it('a GET is let through without its body being looked at', async () => {
    const res = await app.request('/', { method: 'GET', headers: { 'Content-Length': '100000' } });
    expect(res.status).toBe(200);
  });
});
