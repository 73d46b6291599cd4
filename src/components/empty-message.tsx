import { EmptyState, type TitleOrder } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface EmptyMessageProps {
  icon: TablerIcon;
  title: string;
  /** The title's heading level: 2 on a page, 3 inside a section. */
  titleOrder?: TitleOrder;
  /** What would fill this place, and how to get there. */
  description?: ReactNode;
  /** Buttons that lead on: create the first one, widen the dates. */
  actions?: ReactNode;
}

/** Stands where a list or a report has nothing to show yet. */
export function EmptyMessage({
  icon: Icon,
  title,
  titleOrder = 2,
  description,
  actions,
}: EmptyMessageProps) {
  return (
    <EmptyState>
      <EmptyState.Indicator>
        <Icon aria-hidden="true" />
      </EmptyState.Indicator>
      <EmptyState.Title order={titleOrder}>{title}</EmptyState.Title>
      {description && <EmptyState.Description>{description}</EmptyState.Description>}
      {actions && <EmptyState.Actions>{actions}</EmptyState.Actions>}
    </EmptyState>
  );
}
