import type { ChatSettings } from './chats.service';

// The chats' settings, from the service's env (env.ts CHAT_*) or a test's overrides.

export interface ChatAppSettings extends Omit<ChatSettings, 'search'> {
  /** Passages either side of a passage opened in context. */
  contextPassages: number;
}

export const CHAT_DEFAULTS: ChatAppSettings = {
  product: 'Trove',
  publicUrl: undefined,
  passages: 5,
  contextPassages: 2,
  mailFailedAfterAttempts: 3,
  mailsPerHour: 20,
};

export function chatSettingsFromEnv(env: {
  APP_NAME: string;
  PUBLIC_URL?: URL | undefined;
  CHAT_PASSAGES: number;
  CHAT_CONTEXT_PASSAGES: number;
  CHAT_MAIL_FAILED_AFTER_ATTEMPTS: number;
}): ChatAppSettings {
  return {
    product: env.APP_NAME,
    publicUrl: env.PUBLIC_URL,
    passages: env.CHAT_PASSAGES,
    contextPassages: env.CHAT_CONTEXT_PASSAGES,
    mailFailedAfterAttempts: env.CHAT_MAIL_FAILED_AFTER_ATTEMPTS,
    mailsPerHour: CHAT_DEFAULTS.mailsPerHour,
  };
}
