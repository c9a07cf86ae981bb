import { TrustedProxies } from '@trove/service-core';
import type { ChatSettings } from './chats.service';

// The chats' settings, from the service's env (env.ts CHAT_*) or a test's overrides.

export interface ChatAppSettings extends Omit<ChatSettings, 'search'> {
  /** Passages either side of a passage opened in context. */
  contextPassages: number;
  /** Questions one user may ask a minute (CHAT_ASKS_PER_MINUTE). */
  asksPerMinute: number;
  /** Chats one user may create a minute (CHAT_CREATES_PER_MINUTE). */
  createsPerMinute: number;
  /**
   * The proxies whose X-Forwarded-Host and X-Forwarded-Proto count when links in a mail are built from
   * the request (no PUBLIC_URL); anyone else could write those headers (TRUSTED_PROXIES).
   */
  trustedProxies: TrustedProxies;
}

export const CHAT_DEFAULTS: ChatAppSettings = {
  product: 'Trove',
  publicUrl: undefined,
  passages: 5,
  contextPassages: 2,
  mailFailedAfterAttempts: 3,
  mailsPerHour: 20,
  mailsPerDay: 50,
  mailsPerRecipientPerDay: 10,
  asksPerMinute: 30,
  createsPerMinute: 20,
  // The same default as TRUSTED_PROXIES: nginx on this machine.
  trustedProxies: new TrustedProxies(['127.0.0.1', '::1']),
};

export function chatSettingsFromEnv(env: {
  APP_NAME: string;
  PUBLIC_URL?: URL | undefined;
  TRUSTED_PROXIES: readonly string[];
  CHAT_PASSAGES: number;
  CHAT_CONTEXT_PASSAGES: number;
  CHAT_MAIL_FAILED_AFTER_ATTEMPTS: number;
  CHAT_ASKS_PER_MINUTE: number;
  CHAT_CREATES_PER_MINUTE: number;
  CHAT_MAILS_PER_HOUR: number;
  CHAT_MAILS_PER_DAY: number;
  CHAT_MAILS_PER_RECIPIENT_PER_DAY: number;
}): ChatAppSettings {
  return {
    product: env.APP_NAME,
    publicUrl: env.PUBLIC_URL,
    passages: env.CHAT_PASSAGES,
    contextPassages: env.CHAT_CONTEXT_PASSAGES,
    mailFailedAfterAttempts: env.CHAT_MAIL_FAILED_AFTER_ATTEMPTS,
    mailsPerHour: env.CHAT_MAILS_PER_HOUR,
    mailsPerDay: env.CHAT_MAILS_PER_DAY,
    mailsPerRecipientPerDay: env.CHAT_MAILS_PER_RECIPIENT_PER_DAY,
    asksPerMinute: env.CHAT_ASKS_PER_MINUTE,
    createsPerMinute: env.CHAT_CREATES_PER_MINUTE,
    trustedProxies: new TrustedProxies(env.TRUSTED_PROXIES),
  };
}
