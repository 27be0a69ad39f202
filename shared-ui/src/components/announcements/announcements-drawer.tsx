import { Drawer } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FORM_MODAL_PHONE_QUERY } from '../form-modal/form-modal';
import { namespace } from './i18n';

export interface AnnouncementsDrawerProps {
  courseTitle: string;
  onClose: () => void;
  /** The AnnouncementsManager, wired to the course. */
  children: ReactNode;
}

/**
 * Where staff work on a course's announcements: a drawer from the right (the whole screen on phones),
 * mounted only while open. Its dialogs (the form, the delete confirmation) open above it.
 */
export function AnnouncementsDrawer({ courseTitle, onClose, children }: AnnouncementsDrawerProps) {
  const { t } = useTranslation(namespace);
  const phone = useMediaQuery(FORM_MODAL_PHONE_QUERY) ?? false;
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
      title={t('drawerTitle', { course: courseTitle })}
      styles={{ title: { fontWeight: 700, overflowWrap: 'anywhere', minWidth: 0 } }}
    >
      {children}
    </Drawer>
  );
}
