import { expect, type Page } from '@playwright/test';

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
      dialog.getByText('Are you sure you want to log out? You will need to sign in again to access your account.'),
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
    await this.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: entry }).click();
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
    return this.page.getByRole('heading', { name: `${count} ${count === 1 ? 'course' : 'courses'} available` });
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
    await this.materials().getByRole('button', { name: `View ${title}` }).click();
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
  async submit(title: string, text: string, files: { name: string; mimeType: string; buffer: Buffer }[] = []) {
    await this.activity(title).getByRole('button', { name: /^(Submit|Resubmit)$/ }).click();
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
