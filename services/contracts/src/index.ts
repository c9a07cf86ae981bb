export { EMAIL_INVALID_MESSAGE, EMAIL_REQUIRED_MESSAGE, type Email, EmailSchema } from './email';
export { type ErrorEnvelope, ErrorEnvelopeSchema } from './error-envelope';
export { type Health, HealthSchema } from './health';
export {
  type EmailExistsRequest,
  EmailExistsRequestSchema,
  type EmailExistsResponse,
  EmailExistsResponseSchema,
} from './password';
export { requestBody } from './request-body';
