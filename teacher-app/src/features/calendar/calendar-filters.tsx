import { Group, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppUser, CalendarFilters } from '@portal/shared-data';
import { useManagedCourses, userQueries } from '@portal/shared-data/queries';
import { namespace } from './i18n';

export interface CalendarFilterBarProps {
  user: AppUser | null;
  filters: CalendarFilters;
  onChange: (filters: CalendarFilters) => void;
  /** Shown first in the bar (the view switch). */
  children?: ReactNode;
}

/**
 * The calendar's filters: a course (a teacher's own courses, every course for an administrator) and,
 * for administrators, a teacher, whose choice narrows the course list to that teacher's courses.
 * Options load in one request each, whatever the number of courses.
 */
export function CalendarFilterBar({ user, filters, onChange, children }: CalendarFilterBarProps) {
  const { t } = useTranslation(namespace);
  const admin = user?.role === 'admin';
  const courses = useManagedCourses(user);
  const teachers = useQuery({ ...userQueries.teachers(), enabled: admin });

  const courseOptions = (courses.data ?? [])
    .filter((course) => !filters.teacherId || course.teacherId === filters.teacherId)
    .map((course) => ({ value: course.id, label: course.title }));
  const teacherOptions = (teachers.data ?? []).map((teacher) => ({
    value: teacher.id,
    label: `${teacher.firstName} ${teacher.lastName}`.trim() || teacher.email,
  }));

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      {children}
      {admin ? (
        <Select
          label={t('filters.teacher')}
          placeholder={t('filters.allTeachers')}
          data={teacherOptions}
          value={filters.teacherId ?? null}
          onChange={(teacherId) => {
            // A course of another teacher would hide everything: the course filter resets.
            const course = courses.data?.find((item) => item.id === filters.courseId);
            const keepCourse = !teacherId || course?.teacherId === teacherId;
            onChange({ teacherId, courseId: keepCourse ? filters.courseId : null });
          }}
          searchable
          clearable
          nothingFoundMessage={t('filters.noMatch')}
          error={teachers.isError ? t('filters.loadFailed') : undefined}
          w={{ base: '100%', xs: 220 }}
        />
      ) : null}
      <Select
        label={t('filters.course')}
        placeholder={t('filters.allCourses')}
        data={courseOptions}
        value={filters.courseId ?? null}
        onChange={(courseId) => onChange({ ...filters, courseId })}
        searchable
        clearable
        nothingFoundMessage={t('filters.noMatch')}
        error={courses.isError ? t('filters.loadFailed') : undefined}
        w={{ base: '100%', xs: 240 }}
      />
    </Group>
  );
}
