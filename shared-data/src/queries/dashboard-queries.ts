import { queryOptions } from '@tanstack/react-query';
import { studentDashboardReadModel, teacherDashboardReadModel } from '@portal/shared-data';
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
};
