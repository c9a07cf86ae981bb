export {
  ApiError,
  type ApiClient,
  api,
  createApiClient,
  errorMessageFrom,
  type RequestOptions,
  userMessage,
} from './api-client';
export { type AppConfig, AppConfigProvider, fetchAppConfig, parseAppConfig, useAppConfig } from './config';
export { BuildLabel } from './build-label';
export { KitProviders } from './kit-providers';
export { type PopupOptions, PopupProvider, type PopupSize, usePopup } from './popup';
export { type SessionStatus, SessionProvider, type SessionValue, useSession } from './session';
export type { SessionUser } from './session-check';
export { applyInitialTheme, type Theme, ThemeProvider, useTheme } from './theme';
export type { Toast, ToastType } from './toast-list';
export { type ShowToastOptions, ToastProvider, useToasts } from './toasts';
