export { EMAIL_INVALID_MESSAGE, EMAIL_REQUIRED_MESSAGE, type Email, EmailSchema } from './email';
export { type ErrorEnvelope, ErrorEnvelopeSchema } from './error-envelope';
export { type Health, HealthSchema } from './health';
export * from './otp';
export * from './password';
export * from './password-strength';
export * from './profile';
export { requestBody } from './request-body';
export * from './session';
