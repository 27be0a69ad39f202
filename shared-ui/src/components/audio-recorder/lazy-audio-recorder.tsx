import { Group, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { AudioRecorderProps } from './audio-recorder';

// The recorder (its hook, texts and controls) is a chunk of its own, downloaded when a person first
// opens it: the journeys that never record never load it.
const AudioRecorder = lazy(() => import('./audio-recorder'));

/** The recorder, loaded on first use (a small spinner meanwhile). */
export function LazyAudioRecorder(props: AudioRecorderProps) {
  return (
    <Suspense
      fallback={
        <Group justify="center" py="sm">
          <Loader size="sm" aria-hidden />
        </Group>
      }
    >
      <AudioRecorder {...props} />
    </Suspense>
  );
}
