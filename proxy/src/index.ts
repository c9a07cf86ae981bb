export {
  assertAbWeight,
  contentSecurityPolicy,
  DEFAULT_BROTLI_MODULE,
  type ProxyLocation,
  type ProxySettings,
  renderAbSplit,
  renderNginxConfig,
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
