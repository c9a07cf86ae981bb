import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailUrl: string;
    /** The served copy of dist/www: tests may change its runtime config and remote folders. */
    wwwRoot: string;
    /** An origin the CSP allows for remotes, where nothing listens until a test starts a server there. */
    spareRemoteOrigin: string;
  }
}

export const baseUrl = () => inject('baseUrl');
export const mailUrl = () => inject('mailUrl');
export const wwwRoot = () => inject('wwwRoot');
export const spareRemoteOrigin = () => inject('spareRemoteOrigin');
