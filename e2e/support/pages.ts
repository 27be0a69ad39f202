import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './backend';

/** The /auth screen, found the way a person finds it: by roles and labels. */
export class AuthScreen {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/auth');
    await expect(this.page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  }

  async signIn(email: string, password: string) {
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Sign In' }).click();
  }

  /**
   * The step after signing in with a password an administrator set: the owner's own password, typed
   * twice, then the dashboard.
   */
  async choosePassword(newPassword: string) {
    await expect(this.page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await this.page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await this.page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
    await this.page.getByRole('button', { name: 'Save and continue' }).click();
  }

  async signUp(fields: { firstName: string; lastName: string; email: string; password: string }) {
    await this.page.getByRole('button', { name: 'Sign up' }).click();
    await this.page.getByLabel('First Name').fill(fields.firstName);
    await this.page.getByLabel('Last Name').fill(fields.lastName);
    await this.page.getByLabel('Email').fill(fields.email);
    await this.page.getByLabel('Password', { exact: true }).fill(fields.password);
    await this.page.getByLabel('Confirm Password').fill(fields.password);
    await this.page.getByRole('button', { name: 'Create Account' }).click();
  }
}

/**
 * A new browser context (reduced motion; `viewport` when given, e.g. a 375 px phone) signed in as
 * `email` with the demo password: the page once the portal's sidebar is there.
 */
export async function signedIn(
  browser: Browser,
  email: string,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({
    reducedMotion: 'reduce',
    ...(viewport ? { viewport } : {}),
  });
  const page = await context.newPage();
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(email, DEMO_PASSWORD);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  return page;
}

export class Sidebar {
  constructor(private readonly page: Page) {}

  nav() {
    return this.page.getByRole('navigation', { name: 'Main navigation' });
  }

  async itemNames(): Promise<string[]> {
    const links = this.nav().getByRole('link');
    await expect(links.first()).toBeVisible();
    return (await links.allInnerTexts()).map((text) => text.trim());
  }

  async logout() {
    await this.page.getByRole('button', { name: 'Logout' }).click();
    const dialog = this.page.getByRole('dialog');
    await expect(
      dialog.getByText(
        'Are you sure you want to log out? You will need to sign in again to access your account.',
      ),
    ).toBeVisible();
    return dialog;
  }
}

// Student screens (issue 4). Each is found the way a person finds it: the sidebar entry, the page's h1 from
// the shell, then roles and labels inside the page.

/** The signed-in portal: sidebar navigation and the page title the shell shows as h1. */
export class Portal {
  constructor(private readonly page: Page) {}

  async open(entry: string, title: string = entry) {
    await this.page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: entry })
      .click();
    await expect(this.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }

  /** A Mantine notification (or inline message) with this text. */
  message(text: string | RegExp) {
    return this.page.getByText(text).first();
  }
}

export class StudentDashboard {
  constructor(private readonly page: Page) {}

  myCourses() {
    return this.page.getByRole('region', { name: 'My Courses' });
  }

  course(title: string) {
    return this.myCourses().getByRole('article', { name: title });
  }

  async openClassroom(title: string) {
    await this.course(title).getByRole('link', { name: 'Course Classroom' }).click();
    await expect(this.page).toHaveURL(/\/course-detail\/[0-9a-f-]{36}$/);
  }
}

export class CourseCatalog {
  constructor(private readonly page: Page) {}

  async search(text: string) {
    await this.page.getByRole('searchbox', { name: 'Search courses' }).fill(text);
  }

  /** 'N course(s) available', the count above the grid. */
  count(count: number) {
    return this.page.getByRole('heading', {
      name: `${count} ${count === 1 ? 'course' : 'courses'} available`,
    });
  }

  course(title: string) {
    return this.page.getByRole('article', { name: title });
  }

  async enroll(title: string) {
    await this.course(title).getByRole('button', { name: 'Enroll Now' }).click();
    await expect(this.page.getByText('Successfully enrolled in course!').first()).toBeVisible();
    await expect(this.course(title).getByRole('button', { name: 'Enrolled' })).toBeVisible();
  }
}

export class MyCourses {
  constructor(private readonly page: Page) {}

  course(title: string) {
    return this.page.getByRole('article', { name: title });
  }

  async open(title: string) {
    await this.course(title).getByRole('link', { name: 'Open course' }).click();
    await expect(this.page).toHaveURL(/\/course-detail\/[0-9a-f-]{36}$/);
  }

  /** Opens the side panel of the course and drops it after confirming. */
  async drop(title: string) {
    await this.page.getByRole('button', { name: `Details of ${title}` }).click();
    await this.page.getByRole('button', { name: 'Drop course' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Drop this course?' });
    await expect(dialog).toContainText(title);
    await dialog.getByRole('button', { name: 'Drop course' }).click();
    await expect(this.page.getByText(`You dropped ${title}.`).first()).toBeVisible();
  }
}

export class CourseDetail {
  constructor(private readonly page: Page) {}

  materials() {
    return this.page.getByRole('region', { name: 'Course Materials' });
  }

  classes() {
    return this.page.getByRole('region', { name: 'Classes' });
  }

  classPager() {
    return this.classes().getByRole('navigation', { name: 'Class pages' });
  }

  /** Opens a material in the viewer and returns the viewer dialog. */
  async viewMaterial(title: string) {
    await this.materials()
      .getByRole('button', { name: `View ${title}` })
      .click();
    const viewer = this.page.getByRole('dialog', { name: title });
    await expect(viewer).toBeVisible();
    return viewer;
  }
}

export class StudentCalendar {
  constructor(private readonly page: Page) {}

  /** The month heading, e.g. 'November 2026'. */
  month(name: string) {
    return this.page.getByRole('heading', { name });
  }

  /** Day buttons of the grid that have classes ('Monday, November 23, 2026, 1 class'). */
  daysWithClasses() {
    return this.page.getByRole('button', { name: /, \d+ class(es)?$/ });
  }

  selectedDay() {
    return this.page.getByRole('region', { name: /^Classes on / });
  }

  upcoming() {
    return this.page.getByRole('region', { name: 'Upcoming Classes' });
  }

  exportButton() {
    return this.page.getByRole('button', { name: 'Export (.ics)' });
  }
}

export class StudentActivities {
  constructor(private readonly page: Page) {}

  stat(label: string) {
    return this.page.getByRole('group', { name: label });
  }

  activity(title: string) {
    return this.page.getByRole('article', { name: title });
  }

  async search(text: string) {
    await this.page.getByRole('searchbox', { name: 'Search activities' }).fill(text);
  }

  /** Submits text and files through the form; the card then shows 'Submitted'. */
  async submit(
    title: string,
    text: string,
    files: { name: string; mimeType: string; buffer: Buffer }[] = [],
  ) {
    await this.activity(title)
      .getByRole('button', { name: /^(Submit|Resubmit)$/ })
      .click();
    const form = this.page.getByRole('dialog', { name: `Submit: ${title}` });
    await form.getByLabel('Your answer').fill(text);
    if (files.length > 0) await form.locator('input[type="file"]').setInputFiles(files);
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(this.page.getByText('Submission sent')).toBeVisible();
    await expect(form).toBeHidden();
  }

  async view(title: string) {
    await this.activity(title).getByRole('button', { name: 'View' }).click();
    const dialog = this.page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    return dialog;
  }
}

/** Course Management (admin, English UI): the flip cards, the course form and the user picker. */
export class CourseManagement {
  constructor(private readonly page: Page) {}

  async open() {
    await new Portal(this.page).open('Course Management');
    await expect(this.page.getByRole('group', { name: 'Total Courses' })).toBeVisible();
  }

  async search(text: string) {
    await this.page.getByRole('searchbox', { name: 'Search courses' }).fill(text);
  }

  course(title: string) {
    return this.page.getByRole('article', { name: title });
  }

  toast(text: string) {
    return this.page.getByText(text).first();
  }

  /** Fills the open course form: a Spanish course for `teacher`, chosen among the real teachers. */
  async fillCourse(
    form: Locator,
    { title, teacher, maxStudents }: { title: string; teacher: string; maxStudents: number },
  ) {
    await form.getByRole('textbox', { name: 'Title' }).fill(title);
    await form
      .getByRole('textbox', { name: 'Description' })
      .fill('Small-group speaking practice with real-life situations.');
    await form.getByRole('combobox', { name: 'Language' }).click();
    await this.page.getByRole('option', { name: 'Spanish' }).click();
    await form.getByRole('combobox', { name: 'Teacher' }).click();
    await this.page.getByRole('option', { name: teacher }).click();
    await form.getByRole('textbox', { name: 'Max students' }).fill(String(maxStudents));
  }

  /** Adds a student with the user picker, found by `search`; the picker hides by itself. */
  async addStudent(title: string, search: string, student: string) {
    await this.course(title).getByRole('button', { name: 'Add student' }).click();
    const picker = this.page.getByRole('dialog', { name: 'Select user' });
    await picker.getByRole('searchbox', { name: 'Search students' }).fill(search);
    // The search runs after a pause in typing: wait until it has narrowed the list to one.
    const add = picker.getByRole('button', { name: `Add ${student} to ${title}` });
    await expect(add).toHaveCount(1);
    await add.click();
    await expect(this.toast('Student added successfully.')).toBeVisible();
    await expect(picker).toBeHidden();
  }

  /** Turns the card over and removes the student; the card then says nobody is enrolled. */
  async removeStudent(title: string, student: string) {
    const card = this.course(title);
    await card.getByRole('button', { name: 'View students' }).click();
    await expect(card.getByRole('list', { name: 'Enrolled students' })).toContainText(student);
    await card.getByRole('button', { name: `Remove ${student} from ${title}` }).click();
    // It asks first, naming the student and the course.
    const confirm = this.page.getByRole('dialog', { name: `Remove ${student} from ${title}?` });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(this.toast('Student removed successfully.')).toBeVisible();
    await expect(card.getByText('No students enrolled yet.')).toBeVisible();
  }
}
