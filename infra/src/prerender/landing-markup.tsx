// The landing page as HTML, drawn at build time (issue 8: LCP must not wait for JavaScript).
//
// Built by infra/src/rspack/prerender.ts into one CommonJS file with its own stylesheet, then run in node.
// It is build tooling, not an app: the shell never imports a remote (DESIGN.md, one-way imports), but the
// build may read both to draw the page they make together — the shell's public header around the
// marketing remote's landing page, exactly as the shell renders them at `/`. The shell shows this markup
// until the remote has rendered, then puts its own DOM in its place (shell/src/app/prerender/handoff.ts).
import '@trove/kit/tokens.css';
import { type AppConfig, KitProviders } from '@trove/kit';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import LandingPage from '../../../mfe-marketing/src/expose/landing-page';
import { PublicLayout } from '../../../shell/src/app/chrome/public-layout';

/** `/` as the shell renders it before anything has run in the browser: a guest, sections not yet loaded. */
export function renderLandingMarkup(config: AppConfig): string {
  return renderToString(
    <KitProviders config={config}>
      <StaticRouter location="/">
        <Routes>
          <Route element={<PublicLayout />}>
            <Route index element={<LandingPage />} />
          </Route>
        </Routes>
      </StaticRouter>
    </KitProviders>,
  );
}
