import {
  IconBook,
  IconCalendar,
  IconCategory,
  IconChalkboard,
  IconClipboardList,
  IconFiles,
  IconLayoutDashboard,
  IconMessages,
  IconReceipt,
  IconSchool,
  IconUser,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { NavIcon } from './route-table';

/** The icon of each sidebar entry named in the route table. */
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
  messages: IconMessages,
  billing: IconReceipt,
};
