import '../../features/activities/i18n';
import { ActivitiesScreen } from '../../features/activities/activities-screen';

/** Activities (student): stats, search, course filter, cards with View and Submit. */
export default function StudentActivitiesPage() {
  return <ActivitiesScreen />;
}
