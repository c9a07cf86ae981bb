/** Injected by DefinePlugin (infra/src/rspack/create-config.ts): env REMOTE_BUILD_LABEL, else the package version. */
declare const __TROVE_BUILD_LABEL__: string;
