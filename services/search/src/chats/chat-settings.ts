import { FIGURE_DEFAULTS } from '../figures/computed-answer';
import { RecordsCache } from '../figures/records-cache';
import type { ChatSettings } from './chats.service';

// The chats' settings, from the service's env (env.ts CHAT_*) or a test's overrides. The product's name
// is the app's (createSearchApp's `product`), as are the search settings.

export interface ChatAppSettings extends Omit<ChatSettings, 'search' | 'product'> {
  /** Passages either side of a passage opened in context. */
  contextPassages: number;
  /** Questions one user may ask a minute (CHAT_ASKS_PER_MINUTE). */
  asksPerMinute: number;
  /** Chats one user may create a minute (CHAT_CREATES_PER_MINUTE). */
  createsPerMinute: number;
}

export const CHAT_DEFAULTS: ChatAppSettings = {
  linkOrigin: 'http://localhost',
  passages: 5,
  contextPassages: 2,
  mailFailedAfterAttempts: 3,
  mailsPerHour: 20,
  mailsPerDay: 50,
  mailsPerRecipientPerDay: 10,
  asksPerMinute: 30,
  createsPerMinute: 20,
  figures: FIGURE_DEFAULTS,
};

export function chatSettingsFromEnv(env: {
  PUBLIC_URL?: URL | undefined;
  HOST: string;
  PORT: number;
  CHAT_PASSAGES: number;
  CHAT_CONTEXT_PASSAGES: number;
  CHAT_MAIL_FAILED_AFTER_ATTEMPTS: number;
  CHAT_ASKS_PER_MINUTE: number;
  CHAT_CREATES_PER_MINUTE: number;
  CHAT_MAILS_PER_HOUR: number;
  CHAT_MAILS_PER_DAY: number;
  CHAT_MAILS_PER_RECIPIENT_PER_DAY: number;
  ADDRESS_ALLOW_QUOTED_LOCAL: boolean;
  ANSWER_PAID_WORDS: string;
  ANSWER_ROWS_MAX: number;
  ANSWER_CACHE_ROWS: number;
}): ChatAppSettings {
  return {
    linkOrigin: env.PUBLIC_URL?.origin ?? listenOrigin(env.HOST, env.PORT),
    passages: env.CHAT_PASSAGES,
    contextPassages: env.CHAT_CONTEXT_PASSAGES,
    mailFailedAfterAttempts: env.CHAT_MAIL_FAILED_AFTER_ATTEMPTS,
    mailsPerHour: env.CHAT_MAILS_PER_HOUR,
    mailsPerDay: env.CHAT_MAILS_PER_DAY,
    mailsPerRecipientPerDay: env.CHAT_MAILS_PER_RECIPIENT_PER_DAY,
    asksPerMinute: env.CHAT_ASKS_PER_MINUTE,
    createsPerMinute: env.CHAT_CREATES_PER_MINUTE,
    addressRules: { allowQuotedLocal: env.ADDRESS_ALLOW_QUOTED_LOCAL },
    figures: {
      paidWords: env.ANSWER_PAID_WORDS.split(',')
        .map((word) => word.trim().toLowerCase())
        .filter(Boolean),
      rowsMax: env.ANSWER_ROWS_MAX,
      cache: env.ANSWER_CACHE_ROWS > 0 ? new RecordsCache(env.ANSWER_CACHE_ROWS) : undefined,
    },
  };
}

/** The service's own origin, for links when PUBLIC_URL is not set (a local run; production requires it). */
export function listenOrigin(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}
