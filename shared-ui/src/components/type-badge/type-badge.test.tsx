import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { kitMessages } from '../../i18n';
import { renderWithProviders } from '../../test-utils';
import { TypeBadge } from './type-badge';
import {
  ACTIVITY_TYPES,
  CLASS_TYPES,
  MATERIAL_TYPES,
  TYPE_STYLES,
  isKnownType,
} from './type-styles';

describe('TypeBadge', () => {
  it.each([
    ['pdf', 'PDF'],
    ['document', 'Document'],
    ['video', 'Video'],
    ['audio', 'Audio'],
    ['link', 'Link'],
    ['other', 'Other'],
    ['assignment', 'Assignment'],
    ['quiz', 'Quiz'],
    ['project', 'Project'],
    ['homework', 'Homework'],
    ['presentation', 'Presentation'],
    ['live', 'Live'],
    ['recorded', 'Recorded'],
  ])('labels %s as %s', (type, label) => {
    renderWithProviders(<TypeBadge type={type} />);
    expect(screen.getByText(label)).toBeInTheDocument();
  });

  it('translates the label', () => {
    renderWithProviders(
      <>
        <TypeBadge type="homework" />
        <TypeBadge type="link" />
        <TypeBadge type="live" />
      </>,
      { language: 'es' },
    );
    expect(screen.getByText('Tarea')).toBeInTheDocument();
    expect(screen.getByText('Enlace')).toBeInTheDocument();
    expect(screen.getByText('En vivo')).toBeInTheDocument();
  });

  it('keeps its icon out of the accessible name', () => {
    const { container } = renderWithProviders(<TypeBadge type="quiz" />);
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('Quiz')).toBeInTheDocument();
  });

  it('can leave the icon out', () => {
    const { container } = renderWithProviders(<TypeBadge type="quiz" withIcon={false} />);
    expect(container.querySelector('svg')).toBeNull();
  });

  it('shows an unexpected type as stored rather than guessing', () => {
    renderWithProviders(<TypeBadge type="webinar" />);
    expect(screen.getByText('webinar')).toBeInTheDocument();
    expect(isKnownType('webinar')).toBe(false);
    expect(isKnownType('toString')).toBe(false);
  });
});

describe('type styles', () => {
  const all = [...MATERIAL_TYPES, ...ACTIVITY_TYPES, ...CLASS_TYPES];

  it('cover every material, activity and class type exactly once', () => {
    expect(new Set(all).size).toBe(all.length);
    expect(Object.keys(TYPE_STYLES).sort()).toEqual([...all].sort());
  });

  it('give each type of a kind its own colour', () => {
    for (const kind of [MATERIAL_TYPES, ACTIVITY_TYPES, CLASS_TYPES]) {
      const colours = kind.map((type) => TYPE_STYLES[type].color);
      expect(new Set(colours).size).toBe(colours.length);
    }
  });

  it('have a label in both catalogs', () => {
    for (const type of all) {
      const [group, key] = TYPE_STYLES[type].labelKey.split('.') as [string, string];
      for (const lng of ['en', 'es'] as const) {
        const messages = kitMessages.common[lng] as unknown as Record<
          string,
          Record<string, string>
        >;
        expect(messages[group]?.[key], `${lng} ${group}.${key}`).toBeTruthy();
      }
    }
  });
});
