import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  adminDashboardReadModel,
  studentDashboardReadModel,
  teacherDashboardReadModel,
  type AdminDashboardPeriod,
} from '@portal/shared-data';
import { dashboardKeys } from './keys';
import { unwrap } from './service-failure';

export const dashboardQueries = {
  /** The signed-in student's dashboard, in one request. */
  student: () =>
    queryOptions({
      queryKey: dashboardKeys.student(),
      queryFn: () => unwrap(studentDashboardReadModel.get()),
    }),
  /** The signed-in teacher's dashboard, in one request. */
  teacher: () =>
    queryOptions({
      queryKey: dashboardKeys.teacher(),
      queryFn: () => unwrap(teacherDashboardReadModel.get()),
    }),
  /** The school's dashboard for a period; the last period shown stays while the next one loads. */
  admin: (period: AdminDashboardPeriod, timeZone: string) =>
    queryOptions({
      queryKey: dashboardKeys.admin(period, timeZone),
      queryFn: () => unwrap(adminDashboardReadModel.get(period, timeZone)),
      placeholderData: keepPreviousData,
    }),
};
