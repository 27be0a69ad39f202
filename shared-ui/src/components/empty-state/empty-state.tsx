import { EmptyState as MantineEmptyState } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  /** Defaults to an inbox icon. */
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** A button or link that gets the user going, e.g. "Create Course". */
  action?: ReactNode;
}

export function EmptyState({ icon, title, description, action }: EmptyStateProps) {
  return (
    <MantineEmptyState
      icon={icon ?? <IconInbox aria-hidden />}
      title={title}
      description={description}
      withIndicatorBackground
      py="xl"
    >
      {action ? <MantineEmptyState.Actions>{action}</MantineEmptyState.Actions> : null}
    </MantineEmptyState>
  );
}
