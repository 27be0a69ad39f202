import {
  IconBook,
  IconCalendar,
  IconChalkboard,
  IconClipboardList,
  IconFiles,
  IconLayoutDashboard,
  IconSchool,
  IconUser,
  IconUsers,
  IconUsersGroup,
  IconCategory,
} from '@tabler/icons-react';
import type { NavIcon } from '../../app/route-table';

export const NAV_ICONS: Record<NavIcon, typeof IconBook> = {
  dashboard: IconLayoutDashboard,
  users: IconUsers,
  courses: IconBook,
  classes: IconChalkboard,
  calendar: IconCalendar,
  teachers: IconSchool,
  materials: IconFiles,
  activities: IconClipboardList,
  students: IconUsersGroup,
  profile: IconUser,
  catalog: IconCategory,
};
