import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect, type Mock } from 'vitest';

/**
 * The keyboard path to a screen's course filter: from the screen's search box, Tab reaches the
 * filter, which then reads its courses (`listCourses`, once) and opens on ArrowDown with them.
 */
export async function reachCourseFilterByKeyboard(
  user: UserEvent,
  searchName: string,
  listCourses: Mock,
) {
  await user.click(screen.getByRole('searchbox', { name: searchName }));
  expect(listCourses).not.toHaveBeenCalled();

  await user.tab();
  const filter = screen.getByRole('combobox', { name: 'Course' });
  expect(filter).toHaveFocus();
  await waitFor(() => expect(listCourses).toHaveBeenCalledTimes(1));
  await user.keyboard('{ArrowDown}');
  expect(await screen.findByRole('option', { name: 'Spanish for Beginners' })).toBeInTheDocument();
}
