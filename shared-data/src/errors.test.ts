// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiProviderError, ConfigError, ERROR_CODES, ERROR_MESSAGES } from './errors';

describe('ERROR_CODES', () => {
  it('holds every service error code once', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    // The spec's 29 named codes and UPDATE_SETTINGS_ERROR, plus 4 operations × 6 entities.
    expect(ERROR_CODES).toHaveLength(30 + 24);
    // Class Management's figures fail with FETCH_CLASSES_ERROR, its one read.
    expect(ERROR_CODES).not.toContain('CLASS_STATS_ERROR');
    expect(ERROR_CODES).toEqual(
      expect.arrayContaining([
        'AUTH_ERROR',
        'NO_USER',
        'ENROLLMENT_ERROR',
        'UPLOAD_SUBMISSION_FILE_ERROR',
        'FETCH_COURSES_ERROR',
        'CREATE_USERS_ERROR',
        'UPDATE_MATERIALS_ERROR',
        'DELETE_SUBMISSIONS_ERROR',
        'FETCH_ACTIVITIES_ERROR',
        'DELETE_CLASSES_ERROR',
        'ACTIVITY_STATS_ERROR',
      ]),
    );
  });
});

describe('ERROR_MESSAGES', () => {
  it('spells the fixed product texts verbatim', () => {
    expect(ERROR_MESSAGES.tokenRefreshFailed).toBe('Token refresh failed');
    expect(ERROR_MESSAGES.noRefreshToken).toBe('No refresh token available');
    expect(ERROR_MESSAGES.initializeAuthFailed).toBe('Failed to initialize auth');
    expect(ERROR_MESSAGES.removeStudentFailed).toBe('Failed to remove student from course');
    expect(ERROR_MESSAGES.fetchEnrolledCoursesFailed).toBe('Failed to fetch enrolled courses');
  });

  it('has no duplicate texts', () => {
    const texts = Object.values(ERROR_MESSAGES);
    expect(new Set(texts).size).toBe(texts.length);
  });
});

describe('start-up errors', () => {
  it('carry their own names for the error screen', () => {
    expect(new ConfigError('x').name).toBe('ConfigError');
    expect(new ApiProviderError('x')).toBeInstanceOf(Error);
    expect(new ApiProviderError('x').name).toBe('ApiProviderError');
  });
});
