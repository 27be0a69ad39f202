import type { MantineColor } from '@mantine/core';
import {
  IconBriefcase,
  IconBroadcast,
  IconClipboardText,
  IconFile,
  IconFileText,
  IconFileTypePdf,
  IconHeadphones,
  IconHelpCircle,
  IconLink,
  IconNotebook,
  IconPlayerPlay,
  IconPresentation,
  IconVideo,
  type Icon,
} from '@tabler/icons-react';

export const MATERIAL_TYPES = ['pdf', 'document', 'video', 'audio', 'link', 'other'] as const;
export const ACTIVITY_TYPES = [
  'assignment',
  'quiz',
  'project',
  'homework',
  'presentation',
] as const;
export const CLASS_TYPES = ['live', 'recorded'] as const;

export type MaterialType = (typeof MATERIAL_TYPES)[number];
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export type ClassType = (typeof CLASS_TYPES)[number];
/** Every type the kit has a badge for; the three sets do not overlap. */
export type KnownType = MaterialType | ActivityType | ClassType;

export interface TypeStyle {
  color: MantineColor;
  icon: Icon;
  /** Key in the `common` namespace. */
  labelKey: string;
}

function styles<T extends string>(
  group: string,
  entries: Record<T, Omit<TypeStyle, 'labelKey'>>,
): Record<T, TypeStyle> {
  return Object.fromEntries(
    Object.entries<Omit<TypeStyle, 'labelKey'>>(entries).map(([type, style]) => [
      type,
      { ...style, labelKey: `${group}.${type}` },
    ]),
  ) as Record<T, TypeStyle>;
}

// One colour per type across every screen, so a PDF or a quiz looks the same in each app.
export const TYPE_STYLES: Record<KnownType, TypeStyle> = {
  ...styles<MaterialType>('materialTypes', {
    pdf: { color: 'red', icon: IconFileTypePdf },
    document: { color: 'blue', icon: IconFileText },
    video: { color: 'grape', icon: IconVideo },
    audio: { color: 'teal', icon: IconHeadphones },
    link: { color: 'cyan', icon: IconLink },
    other: { color: 'gray', icon: IconFile },
  }),
  ...styles<ActivityType>('activityTypes', {
    assignment: { color: 'blue', icon: IconClipboardText },
    quiz: { color: 'orange', icon: IconHelpCircle },
    project: { color: 'violet', icon: IconBriefcase },
    homework: { color: 'green', icon: IconNotebook },
    presentation: { color: 'pink', icon: IconPresentation },
  }),
  ...styles<ClassType>('classTypes', {
    live: { color: 'green', icon: IconBroadcast },
    recorded: { color: 'indigo', icon: IconPlayerPlay },
  }),
};

export function isKnownType(value: unknown): value is KnownType {
  return typeof value === 'string' && Object.hasOwn(TYPE_STYLES, value);
}
