export {
  ApiError,
  type ApiClient,
  api,
  createApiClient,
  createUploader,
  errorMessageFrom,
  type RequestOptions,
  type UploadOptions,
  type UploadProgress,
  type Uploader,
  upload,
  userMessage,
} from './api-client';
export { useAfterPaint } from './after-paint';
export { AVATAR_DEFAULT_SIZE, Avatar, type AvatarProps } from './avatar';
export { BuildLabel } from './build-label';
export { type AppConfig, AppConfigProvider, fetchAppConfig, parseAppConfig, useAppConfig } from './config';
export {
  type ExposedModuleLoader,
  loadExposed,
  NoHostError,
  provideExposedModuleLoader,
} from './exposed-modules';
export { KitProviders } from './kit-providers';
export { type Mutation, type RunOptions, useMutation } from './mutation';
export { focusableIn, useFocusTrap, useScrollLock } from './overlay';
export { PasswordInput, type PasswordInputProps } from './password-input';
export { PasswordStrengthMeter } from './password-strength-meter';
export {
  POPUP_CLOSE_MS,
  type PopupOptions,
  PopupProvider,
  type PopupSize,
  type PopupValue,
  usePopup,
} from './popup';
export {
  DEFAULT_SIGNED_IN_PATH,
  type ReturnState,
  returnPathAfterLogin,
  returnStateFor,
  safeReturnPath,
} from './return-path';
export {
  ISLAND_ATTRIBUTE,
  prerenderedSection,
  releasePrerenderedStyles,
  useServerRender,
} from './prerendered';
export { SnippetText } from './snippet-text';
export { nextTabIndex } from './tab-keys';
export { type SessionStatus, SessionProvider, type SessionValue, useSession } from './session';
export { SESSION_CHECK_REUSE_MS } from './session-check';
export { applyInitialTheme, type Theme, ThemeProvider, useTheme } from './theme';
export { carryToasts, type Toast, type ToastType } from './toast-list';
export { type ShowToastOptions, ToastProvider, useToasts } from './toasts';
export {
  displayName,
  GUEST_ADDRESS,
  GUEST_NAME,
  initials,
  nameFromEmail,
  secondaryLine,
} from './user-labels';
