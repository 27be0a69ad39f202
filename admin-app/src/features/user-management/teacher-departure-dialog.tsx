import { useTranslation } from 'react-i18next';
import { validateCourseHandoff, type AppUser, type TeacherDeparture } from '@portal/shared-data';
import { useTeacherDeparture } from '@portal/shared-data/queries';
import { TeacherHandoffDialog } from '@portal/shared-ui';
import { namespace } from './i18n';
import { userFailureText } from './user-failure';

export interface TeacherDepartureDialogProps {
  departure: TeacherDeparture;
  teacher: AppUser;
  onClose: () => void;
  onDone: (departure: TeacherDeparture) => void;
}

/**
 * Deleting or deactivating a teacher's account from User Management: the same hand-off question as
 * Teacher Management (their courses, counted when the dialog opens, move to another active teacher,
 * stay, or keep no teacher), under User Management's own title ('¿Eliminar usuario {first} {last}?').
 */
export function TeacherDepartureDialog({
  departure,
  teacher,
  onClose,
  onDone,
}: TeacherDepartureDialogProps) {
  const { t } = useTranslation(namespace);
  const handoff = useTeacherDeparture({ teacher, departure });
  const name =
    `${teacher.firstName} ${teacher.lastName}`.trim() || t('unknownPerson', { ns: 'common' });
  const deleting = departure === 'delete';
  return (
    <TeacherHandoffDialog
      name={name}
      title={
        deleting
          ? t('remove.title', { first: teacher.firstName, last: teacher.lastName })
          : t('status.deactivateTitle', { name })
      }
      message={deleting ? t('remove.message') : t('status.deactivateMessage')}
      confirmLabel={deleting ? t('remove.confirm') : t('status.deactivateConfirm')}
      confirmColor={deleting ? 'red' : 'orange'}
      failedTitle={deleting ? t('remove.failed') : t('status.failed')}
      choices={handoff.choices}
      courses={handoff.courses}
      targets={handoff.targets}
      validate={validateCourseHandoff}
      onConfirm={(values) => handoff.depart(values).then(() => onDone(departure))}
      describeError={(error) =>
        userFailureText(error, deleting ? t('remove.deleteFailed') : t('form.saveFailed'), t)
      }
      onClose={onClose}
    />
  );
}
