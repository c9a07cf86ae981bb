import type { DrawnSample } from '../features/demo/demo-samples';
import { DEMO_SETTLE_MS, DEMO_STAGE_MS, DEMO_TICK_MS, demoFrame } from '../features/demo/demo-timeline';
import { downloadKinds, downloadLinksFrom, yoursId } from '../features/downloads/downloads';
import { detectPlatform, PLATFORMS, platformLabels } from '../features/platform/platform';

// The drawn landing page's two parts that change with no one touching the page (docs/decisions/245): the
// hero's typing demo, and the download buttons (the runtime config's links, the visitor's own highlighted).
// Plain DOM on the server-rendered copy — no React, no federation runtime, no app — so the untouched page
// runs a few tasks of well under a millisecond instead of the app's code. The drawn copy's class names are
// the prerender's own, so every part is found by a data-* hook its component draws (hero-demo.tsx,
// download-buttons.tsx). When the app takes the page over, the copy is gone and the driver stops: the app's
// own page (HeroDemo, HeroDownloads) shows the same parts from there.

/** The page's window (a test passes its own). */
type PageWindow = Window & typeof globalThis;

function parseSamples(raw: string | undefined): DrawnSample[] {
  try {
    const parsed: unknown = JSON.parse(raw ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (s): s is DrawnSample =>
        typeof s === 'object' &&
        s !== null &&
        ['command', 'found', 'extracted', 'sent'].every(
          (key) => typeof (s as Record<string, unknown>)[key] === 'string',
        ),
    );
  } catch {
    return [];
  }
}

function setText(element: Element | null | undefined, text: string): void {
  if (element && element.textContent !== text) element.textContent = text;
}

/** Draws one frame of the demo on the drawn copy: the same frame hero-demo.tsx renders for that time. */
function drawFrame(demo: HTMLElement, samples: readonly DrawnSample[], elapsedMs: number): void {
  const frame = demoFrame(elapsedMs, samples.length, (index) => samples[index]?.command.length ?? 0);
  const sample = samples[frame.sampleIndex];
  if (!sample) return;
  const typed = sample.command.slice(0, frame.typed);
  setText(demo.querySelector('[data-demo="typed"]'), typed);
  setText(demo.querySelector('[data-demo="untyped"]'), sample.command.slice(typed.length));
  const texts = [sample.found, sample.extracted, sample.sent];
  setText(demo.querySelector('[data-demo="said"]'), `Example: “${sample.command}”. ${texts.join('. ')}.`);
  demo.querySelectorAll('[data-demo="stage"]').forEach((stage, index) => {
    setText(stage, texts[index] ?? '');
    stage.closest('li')?.toggleAttribute('data-shown', index < frame.stages);
  });
  demo.dataset.stages = String(frame.stages);
}

/**
 * Types the drawn demo's samples once the page has loaded and while the demo is in view, as the app's demo
 * does, going on from the drawn first sample; still with reduced motion. Returns a stop function (it also
 * stops once the copy is gone).
 */
export function driveHeroDemo(demo: HTMLElement, win: PageWindow = window): () => void {
  const samples = parseSamples(demo.dataset.samples);
  const reduced = win.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  if (samples.length === 0 || reduced) return () => {};
  // The clock starts where the drawn frame is (the first sample whole, its last stage shown), so the text a
  // visitor is reading is not wiped and typed again at the load: the next sample is the first to be typed.
  let elapsed = DEMO_STAGE_MS[DEMO_STAGE_MS.length - 1] ?? 0;
  let visible = typeof win.IntersectionObserver !== 'function';
  let settled = false;
  let timer: number | undefined;
  const observer =
    typeof win.IntersectionObserver === 'function'
      ? new win.IntersectionObserver((entries) => {
          visible = entries.some((entry) => entry.isIntersecting);
          update();
        })
      : null;
  const stop = () => {
    if (timer !== undefined) win.clearInterval(timer);
    timer = undefined;
    observer?.disconnect();
  };
  const tick = () => {
    if (!demo.isConnected) return stop();
    elapsed += DEMO_TICK_MS;
    drawFrame(demo, samples, elapsed);
  };
  function update() {
    if (!demo.isConnected) return stop();
    const running = visible && settled;
    if (running && timer === undefined) {
      demo.dataset.moving = '';
      drawFrame(demo, samples, elapsed);
      timer = win.setInterval(tick, DEMO_TICK_MS);
    } else if (!running && timer !== undefined) {
      win.clearInterval(timer);
      timer = undefined;
    }
  }
  observer?.observe(demo);
  const settle = () =>
    win.setTimeout(() => {
      settled = true;
      update();
    }, DEMO_SETTLE_MS);
  if (win.document.readyState === 'complete') settle();
  else win.addEventListener('load', settle, { once: true });
  return stop;
}

/**
 * The download buttons as the runtime config names them: a platform with no link goes, one the build did
 * not draw is added (a copy of a drawn button), the visitor's own is highlighted with its badge.
 */
export function showDownloads(place: HTMLElement, config: unknown, win: PageWindow = window): void {
  const list = place.querySelector('ul');
  const template = list?.querySelector('li');
  if (!list || !template) return;
  const links = downloadLinksFrom(config);
  const name =
    typeof (config as { name?: unknown })?.name === 'string' ? (config as { name: string }).name : '';
  if (PLATFORMS.every((platform) => links[platform] === null)) {
    place.replaceChildren();
    return;
  }
  if (name) {
    setText(place.querySelector('h2'), `Get ${name} for your devices`);
    list.setAttribute('aria-label', `Download ${name}`);
  }
  const current = detectPlatform({
    userAgent: win.navigator.userAgent,
    maxTouchPoints: win.navigator.maxTouchPoints,
  });
  const drawn = (platform: string) =>
    list.querySelector<HTMLAnchorElement>(`a[data-platform="${platform}"]`)?.closest('li') ?? null;
  let previous: Element | null = null;
  for (const platform of PLATFORMS) {
    const link = links[platform];
    let item = drawn(platform);
    if (!link) {
      item?.remove();
      continue;
    }
    if (!item) {
      item = template.cloneNode(true) as HTMLLIElement;
      const anchor = item.querySelector('a');
      anchor?.setAttribute('data-platform', platform);
      setText(item.querySelector('[data-download="kind"]'), downloadKinds[platform]);
      setText(item.querySelector('[data-download="name"]'), platformLabels[platform]);
      item.querySelector('[id^="download-yours-"]')?.setAttribute('id', yoursId(platform));
      if (previous) previous.after(item);
      else list.prepend(item);
    }
    const anchor = item.querySelector('a');
    const badge = item.querySelector<HTMLElement>(`[id="${yoursId(platform)}"]`);
    const mine = platform === current;
    if (anchor) {
      anchor.href = link;
      anchor.toggleAttribute('data-current', mine);
      if (mine) anchor.setAttribute('aria-describedby', yoursId(platform));
      else anchor.removeAttribute('aria-describedby');
    }
    if (badge) badge.hidden = !mine;
    previous = item;
  }
}

const COPY = 'div[data-prerendered]';

/** Starts both on the drawn landing page; the config is the same /config/app.json the shell reads. */
export function startLandingMotion(win: PageWindow = window): void {
  const doc = win.document;
  const demo = doc.querySelector<HTMLElement>(`${COPY} [data-testid="hero-demo"]`);
  if (demo) driveHeroDemo(demo, win);
  const downloads = doc.querySelector<HTMLElement>(`${COPY} #downloads`);
  if (!downloads) return;
  void win
    .fetch('/config/app.json', { cache: 'no-store', credentials: 'same-origin' })
    .then((response) => (response.ok ? response.json() : null))
    .then((config: unknown) => {
      if (config !== null && downloads.isConnected) showDownloads(downloads, config, win);
    })
    .catch(() => {
      // The drawn buttons stay as the build drew them.
    });
}
