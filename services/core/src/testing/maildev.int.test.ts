import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { Maildev } from './maildev';

// The test mail server's start (ci42: "maildev exited with 1" — a port found free was taken before it bound it).

const hold = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

describe('the test maildev', () => {
  it('says why it exited when its port is taken', async () => {
    const maildev = await Maildev.reserve();
    const held = await hold(maildev.smtpPort);
    try {
      await expect(maildev.start()).rejects.toThrow(/maildev exited with \d+: .*EADDRINUSE/);
    } finally {
      held.close();
    }
  });

  it('starts on free ports and answers its inbox', async () => {
    const maildev = await Maildev.start();
    try {
      expect(await maildev.inbox()).toEqual([]);
    } finally {
      await maildev.stop();
    }
  });
});
