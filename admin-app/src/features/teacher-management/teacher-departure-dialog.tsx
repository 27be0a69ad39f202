import { useTranslation } from 'react-i18next';
import {
  errorMessageKey,
  validateCourseHandoff,
  type ManagedTeacher,
  type TeacherDeparture,
} from '@portal/shared-data';
import { useTeacherDeparture, type DepartureOutcome } from '@portal/shared-data/queries';
import { TeacherHandoffDialog } from '@portal/shared-ui';
import { namespace } from './i18n';

export interface TeacherDepartureDialogProps {
  departure: TeacherDeparture;
  teacher: ManagedTeacher;
  onClose: () => void;
  onDone: (outcome: DepartureOutcome) => void;
}

const fullName = (person: Pick<ManagedTeacher, 'firstName' | 'lastName'>) =>
  `${person.firstName} ${person.lastName}`.trim();

/**
 * Deleting or deactivating a teacher from their card: the kit's hand-off question (what happens to
 * their courses, which the card already counts), with Teacher Management's title and message. The
 * server moves the courses first, then deactivates or deletes.
 */
export function TeacherDepartureDialog({
  departure,
  teacher,
  onClose,
  onDone,
}: TeacherDepartureDialogProps) {
  const { t } = useTranslation(namespace);
  const handoff = useTeacherDeparture({ teacher, departure, courseCount: teacher.courseCount });
  const name = fullName(teacher) || t('unknownPerson', { ns: 'common' });
  const deleting = departure === 'delete';
  return (
    <TeacherHandoffDialog
      name={name}
      title={deleting ? t('remove.title', { name }) : t('status.deactivateTitle', { name })}
      message={deleting ? t('remove.message') : t('status.deactivateMessage')}
      confirmLabel={deleting ? t('remove.confirm') : t('status.deactivateConfirm')}
      confirmColor={deleting ? 'red' : 'orange'}
      failedTitle={deleting ? t('remove.failed') : t('status.failed')}
      choices={handoff.choices}
      courses={handoff.courses}
      targets={handoff.targets}
      validate={validateCourseHandoff}
      onConfirm={(values) => handoff.depart(values).then(onDone)}
      describeError={(error) => t(errorMessageKey(error), { ns: 'errors' })}
      onClose={onClose}
    />
  );
}
