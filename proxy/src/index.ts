export {
  contentSecurityPolicy,
  DEFAULT_BROTLI_MODULE,
  type ProxyLocation,
  type ProxySettings,
  renderNginxConfig,
} from './render-config';
export { defaultWorkerUser, findNginx, type NginxRuntime, prepareNginxRuntime, testArgs } from './runtime';
