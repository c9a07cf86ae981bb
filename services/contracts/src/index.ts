export * from './api';
export * from './answer-columns';
export * from './chat';
export * from './command-grammar';
export {
  type AddressRules,
  addressSchema,
  EMAIL_INVALID_MESSAGE,
  EMAIL_REQUIRED_MESSAGE,
  type Email,
  EmailSchema,
  normaliseAddress,
  STRICT_ADDRESSES,
  singleAddressMessage,
} from './email';
export { type ErrorEnvelope, ErrorEnvelopeSchema } from './error-envelope';
export { type Health, HealthSchema } from './health';
export * from './otp';
export * from './paging';
export * from './password';
export * from './password-strength';
export * from './profile';
export * from './profile-update';
export * from './profile-form';
export * from './reset-password-form';
export { requestBody } from './request-body';
export { parseWithoutEval } from './zod-without-eval';
export * from './search';
export * from './documents';
export * from './query-syntax';
export * from './query-operators';
export * from './session';
export * from './sources';
export * from './calendar-sources';
export * from './database-sources';
export * from './source-urls';
export * from './webdav-sources';
export * from './git-sources';
export * from './destinations';
export * from './records';
export * from './workflows';
