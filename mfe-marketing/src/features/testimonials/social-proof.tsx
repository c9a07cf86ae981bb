import { useAppConfig } from '@trove/kit';
import { Card, Cluster, Text } from '@trove/kit/ui';
import { useRef, useState } from 'react';
import { Icon } from '../content/icons';
import { testimonials } from '../content/testimonials';
import * as section from '../layout/section.module.css';
import { useReducedMotion } from '../motion/use-reduced-motion';
import { swipeStep } from './rotation';
import * as styles from './social-proof.module.css';
import { useRotation } from './use-rotation';

/**
 * docs/product/public-pages.md#landing-sections social proof: testimonials that rotate every 5.2 s, pause on hover (and while focused, for
 * keyboard users), and change on a swipe over 40px (docs/product/public-pages.md#social-proof); then the case study's figures (docs/product/public-pages.md#figures).
 */
export default function SocialProof() {
  const { name } = useAppConfig();
  const quotes = testimonials(name);
  const reduced = useReducedMotion();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const { index, step, show } = useRotation(quotes.length, reduced || hovered || focused);
  const swipeStart = useRef<number | null>(null);
  const current = quotes[index] ?? quotes[0];
  if (!current) return null;

  return (
    <section className={section.section} aria-labelledby="proof-title">
      <div className={section.header}>
        <p className={section.eyebrow}>Customers</p>
        <h2 id="proof-title" className={section.heading}>
          Teams that stopped digging
        </h2>
      </div>
      <div className={styles.layout}>
        <Card
          as="section"
          className={styles.carousel}
          aria-roledescription="carousel"
          aria-label="Testimonials"
          data-testid="testimonials"
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onPointerDown={(event) => {
            swipeStart.current = event.clientX;
          }}
          onPointerUp={(event) => {
            if (swipeStart.current === null) return;
            const by = swipeStep(event.clientX - swipeStart.current);
            swipeStart.current = null;
            if (by !== 0) step(by);
          }}
          onPointerCancel={() => {
            swipeStart.current = null;
          }}
        >
          <figure
            key={index}
            className={reduced ? styles.cardStill : styles.card}
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${quotes.length}`}
            data-testid="testimonial"
          >
            <blockquote className={styles.quote}>
              <p>“{current.body}”</p>
            </blockquote>
            <Cluster as="figcaption" gap={3} align="center" wrap={false}>
              <span className={styles.initials} aria-hidden="true">
                {current.person
                  .split(' ')
                  .map((word) => word[0])
                  .join('')}
              </span>
              <span>
                <strong>{current.person}</strong>
                <Text as="span" tone="muted" size="sm" className={styles.role}>
                  {current.title}, {current.company}
                </Text>
              </span>
            </Cluster>
          </figure>
          <Cluster gap={3} align="center" wrap={false}>
            <button
              type="button"
              className={styles.arrow}
              onClick={() => step(-1)}
              aria-label="Previous testimonial"
            >
              <Icon name="arrow" size={18} className={styles.flip} />
            </button>
            <Cluster gap={1} wrap={false}>
              {quotes.map((item, dot) => (
                <button
                  key={item.person}
                  type="button"
                  className={styles.dot}
                  aria-label={`Show testimonial ${dot + 1}: ${item.person}`}
                  aria-current={dot === index || undefined}
                  onClick={() => show(dot)}
                />
              ))}
            </Cluster>
            <button
              type="button"
              className={styles.arrow}
              onClick={() => step(1)}
              aria-label="Next testimonial"
            >
              <Icon name="arrow" size={18} />
            </button>
          </Cluster>
        </Card>

        <article className={styles.caseStudy} aria-labelledby="case-title">
          <Text size="sm" weight="semibold" className={styles.caseEyebrow}>
            Case study · Kestrel Freight
          </Text>
          <h3 id="case-title" className={styles.caseTitle}>
            A 140-person logistics company closes its books faster
          </h3>
          <p className={styles.caseText}>
            Finance, operations and IT rolled {name} out over two weeks, starting with the invoice finder
            playbook and chat delivery.
          </p>
          <dl className={styles.figures}>
            <div>
              <dt>Time-to-answer</dt>
              <dd>
                <span className={styles.figure}>62%</span> faster
              </dd>
            </div>
            <div>
              <dt>Send-through</dt>
              <dd>
                <span className={styles.figure}>29%</span> more
              </dd>
            </div>
            <div>
              <dt>Invoice cycle</dt>
              <dd>
                <span className={styles.figure}>38%</span> shorter: 5d 4h → 3d 7h
              </dd>
            </div>
          </dl>
        </article>
      </div>
    </section>
  );
}
