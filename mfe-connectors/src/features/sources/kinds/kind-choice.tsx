import type { SourceKind } from '@trove/contracts';
import { Text } from '@trove/kit/ui';
import * as styles from '../sources.module.css';
import { kindUi } from './registry';

/** A group's button ("Add a database"): which kind, as one button each (the catalog's cards hide behind its first filters). */
export function KindChoice({
  kinds,
  onChoose,
}: {
  kinds: readonly SourceKind[];
  onChoose: (kind: SourceKind) => void;
}) {
  return (
    <ul className={styles.kindChoices}>
      {kinds.map((kind) => {
        const { button } = kindUi(kind);
        return (
          <li key={kind}>
            <button type="button" className={styles.kindChoice} onClick={() => onChoose(kind)}>
              <Text as="span" weight="bold">
                {button.label}
              </Text>
              {'detail' in button ? (
                <Text as="span" tone="muted" size="sm">
                  {button.detail}
                </Text>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
