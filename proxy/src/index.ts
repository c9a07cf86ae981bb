export {
  assertAbWeight,
  contentSecurityPolicy,
  DEFAULT_BROTLI_MODULE,
  DEFAULT_UPLOAD_MAX_BODY_BYTES,
  type ProxyLocation,
  type ProxySettings,
  renderAbSplit,
  renderNginxConfig,
  SEARCH_SERVICE_PREFIXES,
  UPLOADS_PREFIX,
  VARIANT_COOKIE,
  VISITOR_COOKIE,
} from './render-config';
export {
  defaultWorkerUser,
  findNginx,
  type NginxRuntime,
  prepareNginxRuntime,
  reloadNginx,
  testArgs,
  writeAbSplit,
} from './runtime';
