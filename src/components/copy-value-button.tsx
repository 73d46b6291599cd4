import { ActionIcon, CopyButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './copy-value-button.module.css';

/**
 * An icon button that copies a value (a short link, an alias) and says so: in its accessible
 * name for screen readers, and in a tooltip beside it. Escape hides the tooltip until the pointer
 * or the focus leaves the button.
 */
export function CopyValueButton({ value, label }: { value: string; label: string }) {
  const [tooltipDismissed, setTooltipDismissed] = useState(false);
  const showTooltipAgain = () => {
    setTooltipDismissed(false);
  };
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <span
          className={classes.anchor}
          data-dismissed={tooltipDismissed || undefined}
          onPointerLeave={showTooltipAgain}
          onBlur={showTooltipAgain}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setTooltipDismissed(true);
          }}
        >
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            onClick={copy}
            aria-label={copied ? `Copied ${label}` : `Copy ${label}`}
          >
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
          <span className={classes.tooltip} aria-hidden="true">
            {copied ? 'Copied' : 'Copy'}
          </span>
        </span>
      )}
    </CopyButton>
  );
}
