import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { humanSize } from './format';
import { UploadCloudIcon } from '@trove/kit/icons';
import { ACCEPT_ATTRIBUTE, ACCEPTED_KINDS_TEXT, UPLOAD_LIMITS } from './upload-checks';
import { Button, Text, VisuallyHidden } from '@trove/kit/ui';
import * as shared from '../catalog/catalog.module.css';
import * as styles from './uploads.module.css';

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

/**
 * Issue 10: drag and drop, or pick several files. The picker is a real button, so the zone works from the
 * keyboard; dropping is the pointer's shortcut to the same thing.
 */
export function DropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();
  // dragenter/dragleave fire for every child the pointer crosses; counting them tells when it left the zone.
  const depth = useRef(0);

  // A file dropped just outside the zone would make the browser open it in place of the page, and the
  // uploads under way would stop; outside the zone a drop of files does nothing instead.
  useEffect(() => {
    const swallow = (event: globalThis.DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    window.addEventListener('dragover', swallow);
    window.addEventListener('drop', swallow);
    return () => {
      window.removeEventListener('dragover', swallow);
      window.removeEventListener('drop', swallow);
    };
  }, []);

  return (
    <section
      className={styles.dropZone}
      data-dragging={dragging || undefined}
      aria-label="Add files"
      onDragEnter={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        depth.current += 1;
        setDragging(true);
      }}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        // Without this the browser opens the dropped file instead of handing it to the page.
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        depth.current = 0;
        setDragging(false);
        onFiles(Array.from(event.dataTransfer.files));
      }}
    >
      <span className={styles.dropIcon}>
        <UploadCloudIcon size={28} />
      </span>
      <Text weight="semibold" className={styles.dropTitle}>
        {dragging ? (
          'Drop to upload'
        ) : (
          <>
            {/* A phone has nothing to drag from; it is told what the button does instead. */}
            <span className={styles.pointerOnly}>Drag files here to upload</span>
            <span className={styles.touchOnly}>Add files to search them</span>
          </>
        )}
      </Text>
      <Text tone="muted" size="sm" className={styles.dropHint} id={hintId}>
        {ACCEPTED_KINDS_TEXT}
        <br />
        Up to {humanSize(UPLOAD_LIMITS.maxFileBytes)} each, {UPLOAD_LIMITS.maxFiles} files at a time
      </Text>
      <Button
        variant="primary"
        className={shared.button}
        aria-describedby={hintId}
        onClick={() => input.current?.click()}
      >
        Choose files
      </Button>
      <VisuallyHidden
        as="input"
        ref={input}
        type="file"
        multiple
        accept={ACCEPT_ATTRIBUTE}
        aria-label="Choose files to upload"
        tabIndex={-1}
        onChange={(event) => {
          onFiles(Array.from(event.currentTarget.files ?? []));
          // The same file chosen again (after a fix, or a delete) must fire change again.
          event.currentTarget.value = '';
        }}
      />
    </section>
  );
}
