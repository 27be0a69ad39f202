// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../i18n';
import { translateErrors } from './translate-errors';

const t = i18n.t.bind(i18n);

describe('translateErrors', () => {
  it("turns validation keys into the field texts in the user's language, skipping fields without one", async () => {
    initI18n({ lng: 'en' });
    await i18n.changeLanguage('en');
    expect(
      translateErrors({ description: undefined, title: 'classTitleRequired', date: null }, t),
    ).toEqual({ title: 'Title is required' });

    await i18n.changeLanguage('es');
    expect(translateErrors({ title: 'classTitleRequired' }, t)).toEqual({
      title: 'Título requerido',
    });
  });

  it('fills the texts’ variables, the same for every field or chosen per field', async () => {
    initI18n({ lng: 'en' });
    await i18n.changeLanguage('en');
    expect(
      translateErrors({ comment: 'reviewCommentTooLong', answer: 'submissionTextTooLong' }, t, {
        max: 500,
      }),
    ).toEqual({
      comment: 'The comment can have at most 500 characters.',
      answer: 'The answer can have at most 500 characters.',
    });
    expect(
      translateErrors(
        { comment: 'reviewCommentTooLong', answer: 'submissionTextTooLong' },
        t,
        (field) => ({ max: field === 'comment' ? 10 : 20 }),
      ),
    ).toEqual({
      comment: 'The comment can have at most 10 characters.',
      answer: 'The answer can have at most 20 characters.',
    });
  });
});
