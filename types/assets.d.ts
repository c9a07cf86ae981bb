// Rspack 2 CSS modules use named exports: `import * as styles from './x.module.css'`.
declare module '*.module.css' {
  const classes: { readonly [className: string]: string };
  export = classes;
}
declare module '*.css';
