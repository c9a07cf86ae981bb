import type { ReactNode } from 'react';
import { type AppConfig, AppConfigProvider } from './config';
import { PopupProvider } from './popup';
import { SessionProvider } from './session';
import { ThemeProvider } from './theme';
import { ToastProvider } from './toasts';

/** Every provider a page needs, in one place so the shell and each remote's standalone page match. */
export function KitProviders({ config, children }: { config: AppConfig; children: ReactNode }) {
  return (
    <AppConfigProvider value={config}>
      <ThemeProvider>
        <SessionProvider>
          <ToastProvider>
            <PopupProvider>{children}</PopupProvider>
          </ToastProvider>
        </SessionProvider>
      </ThemeProvider>
    </AppConfigProvider>
  );
}
