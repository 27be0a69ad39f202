import { useCallback, useEffect, useState } from 'react';
import { submissionsService, type ServiceError, type Submission } from '@portal/shared-data';

export type OwnSubmissionState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; error: ServiceError }
  | { status: 'ready'; submission: Submission | null };

/**
 * The student's own submission of one activity, with its text and files (the activity list carries
 * only its status and grade): one request, made only when `enabled`.
 */
export function useOwnSubmission(activityId: string, studentId: string | null, enabled: boolean) {
  const [state, setState] = useState<OwnSubmissionState>({ status: 'idle' });

  const load = useCallback(async () => {
    if (!studentId) return;
    setState({ status: 'loading' });
    const result = await submissionsService.list({ activityId, studentId, limit: 1 });
    setState(
      result.success
        ? { status: 'ready', submission: result.data.items[0] ?? null }
        : { status: 'error', error: result.error },
    );
  }, [activityId, studentId]);

  useEffect(() => {
    if (enabled) void load();
  }, [enabled, load]);

  return { state, reload: load };
}

export type SignedLink =
  { status: 'loading' } | { status: 'ready'; url: string } | { status: 'error'; message: string };

/** Hour-long links to the submitted files (private bucket), asked for together. */
export function useSignedLinks(objectNames: readonly string[]) {
  const key = objectNames.join('\n');
  const [links, setLinks] = useState<Record<string, SignedLink>>({});

  useEffect(() => {
    const names = key ? key.split('\n') : [];
    let cancelled = false;
    setLinks(Object.fromEntries(names.map((name) => [name, { status: 'loading' } as const])));
    void Promise.all(
      names.map(async (name) => {
        const result = await submissionsService.getSignedUrl(name);
        return [
          name,
          result.success
            ? ({ status: 'ready', url: result.data } as const)
            : ({ status: 'error', message: result.error.message } as const),
        ] as const;
      }),
    ).then((entries) => {
      if (!cancelled) setLinks(Object.fromEntries(entries));
    });
    return () => {
      cancelled = true;
    };
  }, [key]);

  return links;
}
