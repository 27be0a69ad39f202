import { describe, expect, it } from 'vitest';
import {
  ANNOUNCEMENT_TEXT_LIMITS,
  emptyAnnouncementForm,
  validateAnnouncementForm,
} from './announcement-form';

const form = (values: Partial<ReturnType<typeof emptyAnnouncementForm>>) => ({
  ...emptyAnnouncementForm(),
  ...values,
});

describe('validateAnnouncementForm', () => {
  it('needs a title and a body with text', () => {
    expect(validateAnnouncementForm(form({ title: '  ', body: '\n' }))).toEqual({
      title: 'announcementTitleRequired',
      body: 'announcementBodyRequired',
    });
  });

  it('accepts 200 title and 10 000 body characters, after trimming, and refuses one more', () => {
    expect(ANNOUNCEMENT_TEXT_LIMITS).toEqual({ title: 200, body: 10_000 });
    expect(
      validateAnnouncementForm(form({ title: ` ${'t'.repeat(200)} `, body: 'b'.repeat(10_000) })),
    ).toEqual({});
    expect(
      validateAnnouncementForm(form({ title: 't'.repeat(201), body: 'b'.repeat(10_001) })),
    ).toEqual({
      title: 'announcementTitleTooLong',
      body: 'announcementBodyTooLong',
    });
  });

  it('counts an emoji as one character, as the database does', () => {
    expect(validateAnnouncementForm(form({ title: '🎉'.repeat(200), body: 'x' }))).toEqual({});
  });
});
