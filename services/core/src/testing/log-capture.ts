import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../logger';

export interface LogCapture {
  logger: Logger;
  /** Every line written so far, parsed. */
  lines(): Record<string, unknown>[];
}

/** A logger whose lines a test can read back. */
export function captureLogs(): LogCapture {
  const written: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      written.push(String(chunk));
      done();
    },
  });
  return {
    logger: createLogger({ level: 'debug', destination }),
    lines: () => written.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
